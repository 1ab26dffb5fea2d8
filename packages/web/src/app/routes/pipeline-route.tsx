import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, Group, Paper, Stack } from '@mantine/core';
import { IconSettings } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { Lead } from '@leadline/shared/leads';
import { columnKeyOf } from '@leadline/shared/pipeline';
import type { PipelineColumn, PipelineQuery } from '@leadline/shared/pipeline';
import { hasPermission, isAdministrator } from '@leadline/shared/permissions';
import { CenteredLoader } from '../../components/centered-loader.tsx';
import { LoadError } from '../../components/load-error.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { sendEmailPath } from '../../lib/lead-links.ts';
import { notifyError } from '../../lib/notify.ts';
import { useSession } from '../../lib/session.ts';
import { useStableCallback } from '../../lib/use-stable-callback.ts';
import { LeadDetailDrawer } from '../../features/leads/components/lead-detail-drawer.tsx';
import { useLeadDrawerSlots } from './lead-drawer-slots.tsx';
import { fullName, statusColor } from '../../features/leads/components/lead-status.ts';
import { useLeadView } from '../../features/leads/components/lead-view-state.ts';
import { LeadsFilters } from '../../features/leads/components/leads-filters.tsx';
import { useMoreCards } from '../../features/pipeline/api/get-pipeline-column.ts';
import { pipelineKeys, usePipeline } from '../../features/pipeline/api/get-pipeline.ts';
import { useMoveLead } from '../../features/pipeline/api/move-lead.ts';
import { useCurrency } from '../../lib/organization-settings.ts';
import { PipelineBoard } from '../../features/pipeline/components/pipeline-board.tsx';
import { LostReasonModal } from '../../features/stages/components/lost-reason-modal.tsx';
import { StageEditorModal } from '../../features/stages/components/stage-editor-modal.tsx';

const colorOf = (column: PipelineColumn) => column.stage?.colour ?? statusColor(column.status!);

const nameOf = (lead: Lead) => fullName(lead) || lead.companyName;

/**
 * /pipeline: the leads as a board, one column per status then one per deal stage, filtered with
 * the leads table's own filters (kept in the URL the same way). The table's status filter shows
 * that column alone. A card dropped into a lost stage asks the reason first; an Admin edits the
 * stages from the settings button.
 */
export const PipelineRoute = () => {
  const { user } = useSession();
  const navigate = useNavigate();
  const view = useLeadView();
  const { filters } = view;
  const query = useMemo<PipelineQuery>(() => {
    const { status: _status, ...rest } = filters;
    return rest;
  }, [filters]);
  const board = usePipeline(query);
  const move = useMoveLead(query);
  const more = useMoreCards(query);
  const currency = useCurrency();
  const [announcement, setAnnouncement] = useState('');

  const [losing, setLosing] = useState<{ lead: Lead; to: PipelineColumn } | null>(null);
  const [editing, setEditing] = useState(false);

  const send = (lead: Lead, to: PipelineColumn, lostReason?: string) =>
    move.mutate(
      { lead, to, lostReason },
      {
        onSuccess: () => setAnnouncement(`Moved ${nameOf(lead)} to ${to.name}`),
        onError: (error) => {
          const message = `Could not move ${nameOf(lead)} to ${to.name}: ${errorMessage(error, 'the server refused the change')}`;
          notifyError(message, error);
          setAnnouncement(message);
        },
      },
    );
  const onMove = useStableCallback((lead: Lead, key: string) => {
    const to = board.data?.columns.find((column) => column.key === key);
    if (!to || columnKeyOf(lead) === key) return;
    if (to.stage?.kind === 'lost') setLosing({ lead, to });
    else send(lead, to);
  });
  const onMore = useStableCallback((column: PipelineColumn, cursor: string) =>
    more.mutate(
      { column, cursor },
      { onError: (error) => notifyError(errorMessage(error, 'Failed to load more leads'), error) },
    ),
  );
  const queryClient = useQueryClient();
  const onOpen = useStableCallback((lead: Lead) => view.openLead(lead._id));
  // The drawer may have changed the lead (its status, owner, value): the board is read again.
  const onClose = useStableCallback(() => {
    view.closeLead();
    void queryClient.invalidateQueries({ queryKey: pipelineKeys.all });
  });
  const onSend = useStableCallback((lead: Lead) => void navigate(sendEmailPath(lead._id)));
  const drawerSlots = useLeadDrawerSlots(user);

  if (!user) return null;
  const canOpen = hasPermission(user, 'leadsTable');
  const columns = (board.data?.columns ?? []).filter(
    (column) => !filters.status || column.status === filters.status,
  );
  const dealsIn = (stageId: string) =>
    board.data?.columns.find((column) => column.key === stageId)?.count ?? 0;

  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <LeadsFilters
          filters={filters}
          filtering={view.filtering}
          onChange={view.setFilters}
          onClear={view.clearFilters}
        />
      </Paper>
      {isAdministrator(user) ? (
        <Group justify="flex-end" mb={-8}>
          <Button
            variant="default"
            size="xs"
            leftSection={<IconSettings size={16} aria-hidden />}
            onClick={() => setEditing(true)}
          >
            Deal stages
          </Button>
        </Group>
      ) : null}
      {board.isPending ? (
        <CenteredLoader label="Loading the pipeline" />
      ) : board.isError && !board.data ? (
        <LoadError
          title="The pipeline could not be loaded"
          message={errorMessage(board.error, 'Failed to load the pipeline')}
          onRetry={() => void board.refetch()}
          retrying={board.isFetching}
        />
      ) : (
        <div style={{ opacity: board.isPlaceholderData ? 0.6 : 1 }} aria-busy={board.isFetching}>
          <PipelineBoard
            columns={columns}
            colorOf={colorOf}
            currency={currency}
            loadingMore={more.isPending ? (more.variables?.column.key ?? null) : null}
            announcement={announcement}
            onMove={onMove}
            onMore={onMore}
            onOpen={canOpen ? onOpen : undefined}
          />
        </div>
      )}
      <LostReasonModal
        opened={losing !== null}
        dealName={losing ? nameOf(losing.lead) : ''}
        stageName={losing?.to.name ?? ''}
        onCancel={() => setLosing(null)}
        onConfirm={(reason) => {
          if (losing) send(losing.lead, losing.to, reason);
          setLosing(null);
        }}
      />
      {isAdministrator(user) ? (
        <StageEditorModal opened={editing} onClose={() => setEditing(false)} dealsIn={dealsIn} />
      ) : null}
      {canOpen ? (
        <LeadDetailDrawer
          leadId={view.leadId}
          onClose={onClose}
          canSend={hasPermission(user, 'sendEmailPage')}
          onSend={onSend}
          {...drawerSlots}
        />
      ) : null}
    </Stack>
  );
};
