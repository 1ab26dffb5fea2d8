import { memo, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { IconArrowMerge } from '@tabler/icons-react';
import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { LEADS_PER_PAGE } from '@leadline/shared/leads';
import type { Lead, LeadStatus } from '@leadline/shared/leads';
import { hasPermission } from '@leadline/shared/permissions';
import { confirmDanger } from '../../components/confirm.tsx';
import {
  importOutcome,
  notifyImportOutcome,
  useImportFlow,
} from '../../components/import-flow.tsx';
import { PaginationBar, pageCount } from '../../components/pagination-bar.tsx';
import { errorMessage, isSessionExpired } from '../../lib/api-client.ts';
import { UPLOAD_ACCEPT } from '../../lib/import-job.ts';
import { sendEmailPath } from '../../lib/lead-links.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { refreshSummaries } from '../../lib/query-keys.ts';
import { useSession } from '../../lib/session.ts';
import { useStableCallback } from '../../lib/use-stable-callback.ts';
import { useBulkDeleteLeads } from '../../features/leads/api/bulk-delete-leads.ts';
import { useDeleteLead } from '../../features/leads/api/delete-lead.ts';
import { useDownloadLeads } from '../../features/leads/api/download-leads.ts';
import { useLeads } from '../../features/leads/api/get-leads.ts';
import { leadKeys } from '../../features/leads/api/lead-keys.ts';
import { useUpdateLeadStatus } from '../../features/leads/api/update-lead-status.ts';
import { previewLeadsUpload } from '../../features/leads/api/preview-leads-upload.ts';
import { saveLeadImportPreset } from '../../features/leads/api/save-lead-import-preset.ts';
import { uploadLeads } from '../../features/leads/api/upload-leads.ts';
import { RoundRobinField } from '../../features/leads/components/round-robin-field.tsx';
import { AssignLeads } from '../../features/leads/components/assign-leads.tsx';
import { bulkEmailState } from '../../features/leads/components/bulk-email.ts';
import { LeadDetailDrawer } from '../../features/leads/components/lead-detail-drawer.tsx';
import { useLeadDrawerSlots } from './lead-drawer-slots.tsx';
import { useCustomLeadColumns } from './custom-columns.tsx';
import { useCustomFields } from '../../features/custom-fields/api/custom-fields.ts';
import { CustomFilters } from '../../features/custom-fields/components/custom-filters.tsx';
import { useLeadSelection } from '../../features/leads/components/use-lead-selection.ts';
import { useLeadView } from '../../features/leads/components/lead-view-state.ts';
import { LeadsFilters } from '../../features/leads/components/leads-filters.tsx';
import { LeadsTable } from '../../features/leads/components/leads-table.tsx';
import { LeadsToolbar } from '../../features/leads/components/leads-toolbar.tsx';
import { SavedViewBar } from '../../features/saved-views/components/saved-view-bar.tsx';

const LEAD_NOUN = { singular: 'lead', plural: 'leads' };
// Memoised here: their props do not change when a row is selected, so selecting leaves them be.
const LeadDrawer = memo(LeadDetailDrawer);
const Pagination = memo(PaginationBar);
const NO_LEADS: Lead[] = [];

/** /leads-table: the organisation's leads, filtered, sorted and paged by the server. */
export const LeadsTableRoute = () => {
  const { user } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const view = useLeadView();
  const leads = useLeads(view.query);
  const selection = useLeadSelection(view.filterKey);
  const updateStatus = useUpdateLeadStatus();
  const deleteLead = useDeleteLead();
  const bulkDelete = useBulkDeleteLeads();
  const download = useDownloadLeads();
  const customColumns = useCustomLeadColumns();
  const customFields = useCustomFields('lead').data;

  const rows = leads.data?.leads ?? NO_LEADS;
  const total = leads.data?.total ?? 0;
  // Past 10,000 matches the server stops counting: the total is a lower bound.
  const totalCapped = leads.data?.totalCapped ?? false;
  const { refresh } = selection;
  useEffect(() => refresh(rows), [rows, refresh]);

  // A page past the end (after deleting its rows, or from an old link) moves to the last page;
  // past a capped total only an empty page is past the end.
  const { setPage } = view;
  const lastPage = pageCount(total, view.limit);
  const pastEnd =
    leads.isSuccess &&
    !leads.isPlaceholderData &&
    view.page > lastPage &&
    (!totalCapped || rows.length === 0);
  useEffect(() => {
    if (pastEnd) setPage(lastPage);
  }, [pastEnd, lastPage, setPage]);

  // Round-robin owners of an import (Lead Management): read when the upload is sent.
  const [roundRobin, setRoundRobin] = useState<string[]>([]);
  const roundRobinNow = useRef(roundRobin);
  roundRobinNow.current = roundRobin;
  const managesLeads = user !== null && hasPermission(user, 'leadManagement');

  // The upload texts without emoji: they show as boxes where no emoji font is installed.
  const importFlow = useImportFlow({
    kind: 'leads',
    noun: LEAD_NOUN,
    mappingTitle: 'Import leads: match the columns',
    progressTitle: 'Uploading leads',
    preview: previewLeadsUpload,
    upload: (file, mapping, extras) => uploadLeads(file, mapping, roundRobinNow.current, extras),
    roundRobin: managesLeads,
    mappingExtra: managesLeads ? (
      <RoundRobinField value={roundRobin} onChange={setRoundRobin} />
    ) : undefined,
    savePreset: saveLeadImportPreset,
    failedText: 'Upload failed',
    onRejected: (error) => notifyError(errorMessage(error, 'Upload failed'), error),
    onSettled: (status, error) => {
      if (!status && isSessionExpired(error)) return;
      notifyImportOutcome(
        importOutcome(status, 'Leads uploaded successfully', 'Upload failed', error),
      );
      void queryClient.invalidateQueries({ queryKey: leadKeys.all });
      void refreshSummaries(queryClient);
    },
  });

  const onDownload = () => {
    const { page: _page, limit: _limit, ...filters } = view.query;
    download.mutate(filters, {
      onSuccess: () => notifySuccess('Leads downloaded successfully'),
      onError: (error) => notifyError(errorMessage(error, 'Download failed'), error),
    });
  };

  const onStatusChange = useStableCallback((lead: Lead, status: LeadStatus) =>
    updateStatus.mutate(
      { id: lead._id, status },
      {
        onSuccess: () => notifySuccess(`Status of ${lead.personFirstName} updated to ${status}`),
        onError: (error) => notifyError(errorMessage(error, 'Failed to update status'), error),
      },
    ),
  );

  const onDelete = useStableCallback((lead: Lead) =>
    confirmDanger({
      title: 'Delete lead',
      message: 'Are you sure you want to delete this lead?',
      confirmLabel: 'Delete',
      onConfirm: () =>
        deleteLead.mutate(lead._id, {
          onSuccess: () => {
            notifySuccess('Lead deleted successfully');
            selection.remove([lead._id]);
            if (view.leadId === lead._id) view.closeLead();
          },
          onError: (error) => notifyError('Failed to delete lead', error),
        }),
    }),
  );

  const onBulkDelete = () => {
    const ids = [...selection.ids];
    if (ids.length === 0) return;
    confirmDanger({
      title: 'Delete selected leads',
      message: `Are you sure you want to delete ${ids.length} selected leads?`,
      confirmLabel: 'Delete',
      onConfirm: () =>
        bulkDelete.mutate(ids, {
          onSuccess: () => {
            notifySuccess('Selected leads deleted successfully');
            selection.clear();
          },
          onError: (error) => notifyError('Failed to delete selected leads', error),
        }),
    });
  };

  const onView = useStableCallback((id: string) => view.openLead(id));
  const onSend = useStableCallback((lead: Lead) => void navigate(sendEmailPath(lead._id)));
  const bulkEmail = bulkEmailState([...selection.selected.values()]);
  const onBulkEmail = () => {
    if (bulkEmail.disabled) return;
    void navigate('/send-bulk-email', {
      state: { leads: bulkEmail.leads, type: bulkEmail.type },
    });
  };

  const { setLimit } = view;
  const pageSizeChoice = useMemo(
    () => ({ label: 'Leads per page', options: LEADS_PER_PAGE, onChange: setLimit }),
    [setLimit],
  );

  const drawerSlots = useLeadDrawerSlots(user);
  if (!user) return null;
  const canSend = hasPermission(user, 'sendEmailPage');

  const placeholder = leads.isPending ? (
    'Loading leads...'
  ) : leads.isError && !leads.data ? (
    <Alert color="red" variant="light" maw={520}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{errorMessage(leads.error, 'Failed to fetch leads')}</Text>
        <Button size="xs" variant="light" color="red" onClick={() => void leads.refetch()}>
          Try again
        </Button>
      </Stack>
    </Alert>
  ) : rows.length === 0 ? (
    view.scope === 'mine' && !view.filtering ? (
      'You own no leads yet: All leads shows everyone’s'
    ) : (
      'No leads found matching your criteria'
    )
  ) : null;

  return (
    <Stack gap="md">
      <SavedViewBar entity="lead" table="leads">
        <Button
          component={Link}
          to="/duplicates"
          size="xs"
          variant="default"
          leftSection={<IconArrowMerge size={14} />}
        >
          Duplicates
        </Button>
      </SavedViewBar>
      <LeadsToolbar
        canCreate={hasPermission(user, 'createLead')}
        canUpload={hasPermission(user, 'createLead')}
        canBulkEmail={hasPermission(user, 'sendBulkEmail')}
        bulkEmail={bulkEmail}
        assign={
          hasPermission(user, 'leadManagement') ? (
            <AssignLeads leadIds={[...selection.ids]} onAssigned={selection.clear} />
          ) : null
        }
        onBulkEmail={onBulkEmail}
        selectedCount={selection.selected.size}
        onBulkDelete={onBulkDelete}
        deleting={bulkDelete.isPending}
        accept={UPLOAD_ACCEPT}
        onUpload={(file) => {
          setRoundRobin([]);
          importFlow.begin(file);
        }}
        uploading={importFlow.busy}
        onDownload={onDownload}
        downloading={download.isPending}
      />
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <LeadsFilters
          filters={view.filters}
          filtering={view.filtering}
          onChange={view.setFilters}
          onClear={view.clearFilters}
          extraActive={Object.keys(view.customFilters).length}
          extra={
            customFields?.length ? (
              <CustomFilters
                fields={customFields}
                values={view.customFilters}
                onChange={view.setCustomFilter}
              />
            ) : undefined
          }
        />
      </Paper>
      {selection.selected.size > 0 ? (
        <Group gap="xs">
          <Text size="sm" fw={500}>
            {selection.selected.size} selected
          </Text>
          <Button size="compact-sm" variant="subtle" onClick={selection.clear}>
            Clear selection
          </Button>
          {bulkEmail.note ? (
            <Text size="sm" c="dimmed" data-testid="bulk-email-note">
              {bulkEmail.note}
            </Text>
          ) : null}
        </Group>
      ) : null}
      <LeadsTable
        leads={rows}
        selectedIds={selection.ids}
        canSend={canSend}
        sort={view.sort}
        onSort={view.toggleSort}
        onToggleAll={(on) => selection.toggleMany(rows, on)}
        placeholder={placeholder}
        stale={leads.isPlaceholderData}
        busy={leads.isPending || leads.isPlaceholderData}
        onToggle={selection.toggle}
        onStatusChange={onStatusChange}
        onView={onView}
        onDelete={onDelete}
        onSend={onSend}
        extraColumns={customColumns}
      />
      <Pagination
        page={view.page}
        pageSize={view.limit}
        total={total}
        noun="leads"
        onPageChange={view.setPage}
        pageSizeChoice={pageSizeChoice}
        disabled={leads.isPending}
        totalCapped={totalCapped}
        pageRows={rows.length}
        hasMore={leads.data?.hasMore ?? false}
      />
      <LeadDrawer
        leadId={view.leadId}
        onClose={view.closeLead}
        canSend={canSend}
        onSend={onSend}
        {...drawerSlots}
      />
      {importFlow.dialogs}
    </Stack>
  );
};
