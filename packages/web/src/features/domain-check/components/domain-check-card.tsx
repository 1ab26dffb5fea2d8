import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Code,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { INVALID_DKIM_SELECTOR, isDkimSelector } from '@leadline/shared/domain-check';
import type { DomainCheckResult, DomainCheckStatus } from '@leadline/shared/domain-check';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useDomainCheck, useRecheckDomain } from '../api/get-domain-check.ts';
import { useSaveDkimSelector } from '../api/save-dkim-selector.ts';

const BADGES: Record<DomainCheckStatus, { label: string; color: string }> = {
  pass: { label: 'OK', color: 'green' },
  missing: { label: 'Missing', color: 'orange' },
  fail: { label: 'Needs fixing', color: 'red' },
  unknown: { label: 'Not checked', color: 'gray' },
};

type Part = { status: DomainCheckStatus; record: string | null; fix: string | null };

const PartRow = ({ name, part, detail }: { name: string; part: Part; detail?: string }) => {
  const badge = BADGES[part.status];
  return (
    <Stack gap={4} component="section" aria-label={`${name} check`}>
      <Group gap="xs" wrap="nowrap">
        <Text fw={600} size="sm">
          {name}
        </Text>
        <Badge color={badge.color} variant="light" tt="none">
          {badge.label}
        </Badge>
        {detail ? (
          <Text size="xs" c="dimmed">
            {detail}
          </Text>
        ) : null}
      </Group>
      {part.record ? (
        <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {part.record}
        </Code>
      ) : null}
      {part.fix ? <Text size="sm">{part.fix}</Text> : null}
    </Stack>
  );
};

const Parts = ({ result }: { result: DomainCheckResult }) => (
  <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
    <PartRow name="SPF" part={result.spf} />
    <PartRow
      name="DKIM"
      part={result.dkim}
      detail={result.dkim.selector ? `selector ${result.dkim.selector}` : undefined}
    />
    <PartRow
      name="DMARC"
      part={result.dmarc}
      detail={result.dmarc.policy ? `policy ${result.dmarc.policy}` : undefined}
    />
    <PartRow name="MX" part={result.mx} />
  </SimpleGrid>
);

/**
 * The sender domain of the saved SMTP mailbox: SPF, DKIM, DMARC and MX with what to fix, when
 * it was checked, "Check again" and the DKIM selector.
 */
export const DomainCheckCard = ({ mailboxId }: { mailboxId: string }) => {
  const check = useDomainCheck(mailboxId);
  const recheck = useRecheckDomain(mailboxId);
  const saveSelector = useSaveDkimSelector(mailboxId);
  const [selector, setSelector] = useState('');
  const selectorError =
    selector.trim() !== '' && !isDkimSelector(selector.trim()) ? INVALID_DKIM_SELECTOR : null;

  const onRecheck = () =>
    recheck.mutate(undefined, {
      onError: (error) => notifyError('Failed to check the domain', error),
    });
  const onSaveSelector = () =>
    saveSelector.mutate(selector.trim(), {
      onSuccess: (answer) => {
        notifySuccess(answer.message);
        onRecheck();
      },
      onError: (error) => notifyError('Failed to save the DKIM selector', error),
    });

  const result = check.data;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Sender domain check">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <Stack gap={2}>
            <Title order={3} size="h4">
              Sender domain{result ? `: ${result.domain}` : ''}
            </Title>
            <Text size="sm" c="dimmed">
              {result
                ? `Checked ${formatDateTime(result.checkedAt)}`
                : 'SPF, DKIM, DMARC and MX decide whether your emails reach the inbox.'}
            </Text>
          </Stack>
          <Button
            variant="light"
            onClick={onRecheck}
            loading={recheck.isPending}
            disabled={check.isPending}
          >
            Check again
          </Button>
        </Group>
        {check.isPending ? <Text size="sm">Checking the domain…</Text> : null}
        {check.isError ? (
          <Alert color="red" variant="light">
            {errorMessage(check.error, 'Failed to check the domain')}
          </Alert>
        ) : null}
        {result?.dnsError ? (
          <Alert color="yellow" variant="light">
            {result.dnsError}
          </Alert>
        ) : null}
        {result ? <Parts result={result} /> : null}
        <Group align="flex-end" gap="sm">
          <TextInput
            label="DKIM selector"
            description="Leave empty to try the common ones (google, selector1, default…)"
            placeholder={result?.dkim.selector ?? 'e.g. s1'}
            value={selector}
            onChange={(event) => setSelector(event.currentTarget.value)}
            error={selectorError}
            maw={360}
            style={{ flex: 1 }}
          />
          <Button
            variant="default"
            onClick={onSaveSelector}
            loading={saveSelector.isPending}
            disabled={selectorError !== null}
          >
            Save selector
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
};
