import { useState } from 'react';
import { Alert, Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { MERGE_UNDO_DAYS } from '@leadline/shared/duplicates';
import type { CustomField } from '@leadline/shared/custom-fields';
import type { DuplicatePair, MergeAnswer, MergeChoices } from '@leadline/shared/duplicates';
import { errorMessage } from '../../../lib/api-client.ts';
import { useMergeLeads } from '../api/duplicates.ts';
import { defaultChoice, leadTitle, mergeRows } from './lead-values.ts';
import type { MergeRow } from './lead-values.ts';

type Props = {
  pair: DuplicatePair;
  onClose: () => void;
  onMerged: (answer: MergeAnswer, mergedName: string) => void;
  /** The organisation's lead fields (from the screen): their differing values are chosen too. */
  customFields: readonly CustomField[];
};

const shown = (text: string) => text || '(empty)';

/**
 * The merge preview: which record stays, then each field whose values differ with both values
 * side by side (the kept one chosen, or the other where the kept one is empty).
 */
export const MergeModal = ({ pair, onClose, onMerged, customFields }: Props) => {
  const merge = useMergeLeads();
  const [keepSide, setKeepSide] = useState<'a' | 'b'>('a');
  const keep = keepSide === 'a' ? pair.a : pair.b;
  const other = keepSide === 'a' ? pair.b : pair.a;
  const fields = mergeRows(pair.a, pair.b, customFields);
  const [picked, setPicked] = useState<Partial<Record<MergeRow['name'], 'a' | 'b'>>>({});
  const sideOf = (row: MergeRow): 'a' | 'b' =>
    picked[row.name] ??
    (defaultChoice(keep, row) === 'keep' ? keepSide : keepSide === 'a' ? 'b' : 'a');

  const submit = () => {
    const choices: MergeChoices = Object.fromEntries(
      fields.map((row) => [row.name, sideOf(row) === keepSide ? 'keep' : 'merge']),
    );
    merge.mutate(
      { keepId: keep._id, mergeId: other._id, fields: choices },
      { onSuccess: (answer) => onMerged(answer, leadTitle(other)) },
    );
  };

  return (
    <Modal opened onClose={onClose} title="Merge two leads" size="lg">
      <Stack gap="md">
        <Radio.Group
          label="The record to keep"
          description="Its emails, notes, tasks, meetings and campaigns are joined by the other's; the other record goes."
          value={keepSide}
          onChange={(value) => setKeepSide(value as 'a' | 'b')}
        >
          <Stack gap="xs" mt="xs">
            <Radio value="a" label={`${leadTitle(pair.a)} (${pair.a.personEmail})`} />
            <Radio value="b" label={`${leadTitle(pair.b)} (${pair.b.personEmail})`} />
          </Stack>
        </Radio.Group>
        {fields.length === 0 ? (
          <Text size="sm">The two records have the same values.</Text>
        ) : (
          <Stack gap="sm">
            <Text fw={600} size="sm">
              Values that differ: choose each one
            </Text>
            {fields.map((row) => (
              <Radio.Group
                key={row.name}
                label={row.label}
                value={sideOf(row)}
                onChange={(value) =>
                  setPicked((now) => ({ ...now, [row.name]: value as 'a' | 'b' }))
                }
              >
                <Group gap="lg" mt={4} wrap="wrap">
                  <Radio value="a" label={shown(row.text(pair.a))} />
                  <Radio value="b" label={shown(row.text(pair.b))} />
                </Group>
              </Radio.Group>
            ))}
          </Stack>
        )}
        <Text size="sm" c="dimmed">
          A merge can be undone for {MERGE_UNDO_DAYS} days.
        </Text>
        {merge.isError ? (
          <Alert color="red" variant="light" role="alert">
            {errorMessage(merge.error, 'The leads could not be merged. Please try again.')}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={submit} loading={merge.isPending}>
            Merge into {leadTitle(keep)}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
};
