import { useState } from 'react';
import { differs, useReportDirty } from '../../../components/discard-guard.tsx';
import { Alert, Button, Checkbox, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { EVENT_LABELS, EVENT_TYPES } from '@leadline/shared/events';
import type { EventType } from '@leadline/shared/events';
import { webhookCreateSchema } from '@leadline/shared/webhooks';
import type { WebhookCreateData } from '@leadline/shared/webhooks';
import { ApiRequestError, errorMessage } from '../../../lib/api-client.ts';

type WebhookFormProps = {
  initial?: { url: string; events: readonly EventType[] };
  submitLabel: string;
  onSubmit: (values: WebhookCreateData) => Promise<unknown>;
  onCancel: () => void;
};

type Errors = { url?: string; events?: string; root?: string };

/** The URL and the event types of a webhook (checked with the server's own schema). */
export const WebhookForm = ({ initial, submitLabel, onSubmit, onCancel }: WebhookFormProps) => {
  const [url, setUrl] = useState(initial?.url ?? '');
  const [events, setEvents] = useState<string[]>([...(initial?.events ?? [])]);
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);
  useReportDirty(
    differs(
      { url, events: [...events].sort() },
      { url: initial?.url ?? '', events: [...(initial?.events ?? [])].sort() },
    ),
  );
  const all = events.length === EVENT_TYPES.length;
  const chooseEvents = (next: string[]) => {
    setEvents(next);
    setErrors(({ events: _, ...rest }) => rest);
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = webhookCreateSchema.safeParse({ url, events });
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === 'url' ? 'url' : 'events';
        found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      await onSubmit(parsed.data);
    } catch (error) {
      const fields = error instanceof ApiRequestError ? error.fieldErrors : {};
      setErrors({
        url: fields.url,
        events: fields.events,
        root:
          fields.url || fields.events ? undefined : errorMessage(error, 'It could not be saved.'),
      });
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Webhook">
      <Stack gap="md">
        {errors.root ? (
          <Alert color="red" variant="light" role="alert">
            {errors.root}
          </Alert>
        ) : null}
        <TextInput
          label="URL"
          description="Leadline POSTs each event here as JSON."
          placeholder="https://example.com/leadline-events"
          value={url}
          onChange={(event) => {
            setUrl(event.currentTarget.value);
            setErrors(({ url: _, ...rest }) => rest);
          }}
          error={errors.url}
          required
          data-autofocus
        />
        <Stack gap="xs">
          <Text size="sm" fw={500}>
            Events
          </Text>
          <Checkbox
            label="All events"
            checked={all}
            indeterminate={events.length > 0 && !all}
            onChange={() => chooseEvents(all ? [] : [...EVENT_TYPES])}
          />
          <Checkbox.Group value={events} onChange={chooseEvents} error={errors.events}>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" verticalSpacing="xs" mt={4}>
              {EVENT_TYPES.map((type) => (
                <Checkbox key={type} value={type} label={EVENT_LABELS[type]} />
              ))}
            </SimpleGrid>
          </Checkbox.Group>
        </Stack>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={saving}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};
