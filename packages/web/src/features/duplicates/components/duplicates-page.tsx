import { useState } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconArrowsJoin } from '@tabler/icons-react';
import { hasPermission } from '@leadline/shared/permissions';
import type { DuplicatePair, MergeSummary } from '@leadline/shared/duplicates';
import { CenteredLoader } from '../../../components/centered-loader.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatCount } from '../../../lib/format.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useSession } from '../../../lib/session.ts';
import {
  useDuplicatePairs,
  useKeepSeparate,
  useMergeSameEmail,
  useRecentMerges,
  useUndoMerge,
} from '../api/duplicates.ts';
import { DuplicatePairCard } from './duplicate-pair-card.tsx';
import { leadTitle } from './lead-values.ts';
import type { CustomField } from '@leadline/shared/custom-fields';
import { MergeModal } from './merge-modal.tsx';
import { RecentMerges } from './recent-merges.tsx';

const NO_FIELDS: readonly CustomField[] = [];

type Done = { mergeId: string; text: string } | null;

/**
 * /duplicates: leads that look like one person, strongest first, each pair with why; Merge
 * (with a preview of every differing value), Keep separate, Merge all same-email pairs, and
 * the recent merges with Undo.
 */
type DuplicatesPageProps = {
  /** The organisation's lead fields (the screen's): the merge preview offers their values. */
  customFields?: readonly CustomField[];
};

export const DuplicatesPage = ({ customFields = NO_FIELDS }: DuplicatesPageProps) => {
  const { user } = useSession();
  const pairs = useDuplicatePairs();
  const merges = useRecentMerges();
  const keepSeparate = useKeepSeparate();
  const mergeAll = useMergeSameEmail();
  const undo = useUndoMerge();
  const [merging, setMerging] = useState<DuplicatePair | null>(null);
  const [done, setDone] = useState<Done>(null);
  const manages = user ? hasPermission(user, 'leadManagement') : false;

  const undoMerge = (mergeId: string) =>
    undo.mutate(mergeId, {
      onSuccess: (answer) => {
        setDone(null);
        notifySuccess(`Merge undone: ${answer.restored.personEmail} is back`);
      },
      onError: (error) => notifyError(errorMessage(error, 'The merge could not be undone'), error),
    });

  const separate = (pair: DuplicatePair) =>
    keepSeparate.mutate(
      { aId: pair.a._id, bId: pair.b._id },
      {
        onSuccess: () => notifySuccess('Kept separate: the pair is not offered again'),
        onError: (error) => notifyError(errorMessage(error, 'Please try again'), error),
      },
    );

  const confirmMergeAll = (count: number) =>
    modals.openConfirmModal({
      title: 'Merge all same-email pairs',
      centered: true,
      children: (
        <Text size="sm">
          {formatCount(count)} {count === 1 ? 'pair has' : 'pairs have'} the same email. Each merges
          into its older lead, blank fields filled from the newer one. Every merge can be undone for
          30 days.
        </Text>
      ),
      labels: { confirm: 'Merge them', cancel: 'Cancel' },
      onConfirm: () =>
        mergeAll.mutate(undefined, {
          onSuccess: (answer) =>
            notifySuccess(
              `${formatCount(answer.merged)} ${answer.merged === 1 ? 'pair' : 'pairs'} merged`,
            ),
          onError: (error) => notifyError(errorMessage(error, 'Please try again'), error),
        }),
    });

  const data = pairs.data;
  return (
    <Stack gap="lg" maw={960}>
      <PageHeader
        title="Duplicates"
        description="Leads that look like the same person: the same email, profile URL, phone, or name at the same company."
        actions={
          manages && data && data.sameEmail > 0 ? (
            <Button
              leftSection={<IconArrowsJoin size={16} />}
              onClick={() => confirmMergeAll(data.sameEmail)}
              loading={mergeAll.isPending}
            >
              Merge all same-email pairs ({formatCount(data.sameEmail)})
            </Button>
          ) : null
        }
      />
      {done ? (
        <Alert
          color="green"
          variant="light"
          role="status"
          withCloseButton
          onClose={() => setDone(null)}
        >
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Text size="sm">{done.text}</Text>
            <Button
              size="xs"
              variant="default"
              onClick={() => undoMerge(done.mergeId)}
              loading={undo.isPending}
            >
              Undo
            </Button>
          </Group>
        </Alert>
      ) : null}
      {pairs.isPending ? (
        <CenteredLoader label="Looking for duplicates" />
      ) : pairs.isError ? (
        <LoadError
          title="Duplicates could not be loaded"
          message={errorMessage(pairs.error, 'Please try again.')}
          onRetry={() => void pairs.refetch()}
          retrying={pairs.isFetching}
        />
      ) : data && data.pairs.length === 0 ? (
        <Text c="dimmed">No possible duplicates: every lead looks like a different person.</Text>
      ) : data ? (
        <Stack gap="sm" component="section" aria-label="Possible duplicates">
          <Text size="sm" c="dimmed">
            {data.total > data.pairs.length
              ? `The first ${formatCount(data.pairs.length)} of ${formatCount(data.total)} possible duplicates`
              : `${formatCount(data.total)} possible ${data.total === 1 ? 'duplicate' : 'duplicates'}`}
          </Text>
          {data.pairs.map((pair) => (
            <DuplicatePairCard
              key={`${pair.a._id}:${pair.b._id}`}
              pair={pair}
              onMerge={setMerging}
              onKeepSeparate={separate}
              busy={keepSeparate.isPending}
            />
          ))}
        </Stack>
      ) : null}
      {merges.data ? (
        <RecentMerges
          merges={merges.data.merges}
          onUndo={(merge: MergeSummary) => undoMerge(merge.id)}
          undoing={undo.isPending ? (undo.variables ?? null) : null}
        />
      ) : null}
      {merging ? (
        <MergeModal
          pair={merging}
          customFields={customFields}
          onClose={() => setMerging(null)}
          onMerged={(answer, mergedName) => {
            setMerging(null);
            setDone({
              mergeId: answer.mergeId,
              text: `${mergedName} merged into ${leadTitle(answer.lead)}.`,
            });
          }}
        />
      ) : null}
    </Stack>
  );
};
