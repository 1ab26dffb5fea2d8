import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import {
  Button,
  Divider,
  FileButton,
  Group,
  NativeSelect,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFilter, IconPlus, IconSearch, IconTrash, IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { CLIENTS_PER_PAGE } from '@leadline/shared/clients';
import type { Client } from '@leadline/shared/clients';
import { hasPermission } from '@leadline/shared/permissions';
import { confirmDanger } from '../../components/confirm.tsx';
import {
  importOutcome,
  notifyImportOutcome,
  useImportFlow,
} from '../../components/import-flow.tsx';
import { PaginationBar, pageCount } from '../../components/pagination-bar.tsx';
import { DebouncedInput } from '../../components/search-input.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { UPLOAD_ACCEPT } from '../../lib/import-job.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { refreshSummaries } from '../../lib/query-keys.ts';
import { useSession } from '../../lib/session.ts';
import { useStableCallback } from '../../lib/use-stable-callback.ts';
import { clientKeys } from '../../features/clients/api/client-keys.ts';
import { useDeleteClients } from '../../features/clients/api/delete-client.ts';
import { useClients } from '../../features/clients/api/get-clients.ts';
import { previewClientsUpload } from '../../features/clients/api/preview-clients-upload.ts';
import { saveClientImportPreset } from '../../features/clients/api/save-client-import-preset.ts';
import { uploadClients } from '../../features/clients/api/upload-clients.ts';
import { LinkedMeetings } from '../../features/calendar/components/linked-meetings.tsx';
import { ClientDetailDrawer } from '../../features/clients/components/client-detail-drawer.tsx';
import { ClientEditModal } from '../../features/clients/components/client-edit-modal.tsx';
import { useClientView } from '../../features/clients/components/client-view-state.ts';
import { ClientsTable } from '../../features/clients/components/clients-table.tsx';
import { ClientsPlaceholder } from '../../features/clients/components/clients-placeholder.tsx';
import { DetailSection } from '../../features/leads/components/lead-details.tsx';
import { SavedViewBar } from '../../features/saved-views/components/saved-view-bar.tsx';
import { useUpdateClient } from '../../features/clients/api/update-client.ts';
import { useCustomFields } from '../../features/custom-fields/api/custom-fields.ts';
import { CustomValuesPanel } from '../../features/custom-fields/components/custom-values.tsx';
import { CustomFiltersPanel } from '../../features/custom-fields/components/custom-filters-panel.tsx';
import { useCustomClientColumns } from './custom-columns.tsx';

const UPLOAD_TOAST = 'client-upload';
const CLIENT_NOUN = { singular: 'client', plural: 'clients' };
const NO_CLIENTS: Client[] = [];

/** A client's meetings in its drawer, with Schedule meeting (the calendar's part). */
const clientMeetings = (client: Client) => (
  <>
    <Divider />
    <DetailSection title="Meetings">
      <LinkedMeetings
        link={{ kind: 'client', id: client._id, name: client.companyName, email: client.email }}
      />
    </DetailSection>
  </>
);

/** A client's custom fields in its drawer, edited with the client's own PUT. */
const ClientCustomSection = ({ client }: { client: Client }) => {
  const fields = useCustomFields('client').data;
  const { mutateAsync: updateClient } = useUpdateClient();
  if (!fields || !fields.some((field) => !field.hidden)) return null;
  return (
    <>
      <Divider />
      <DetailSection title="Custom fields">
        <CustomValuesPanel
          key={client._id}
          fields={fields}
          values={client.custom}
          idPrefix={`client-${client._id}`}
          onSave={(custom) => updateClient({ id: client._id, changes: { custom } })}
        />
      </DetailSection>
    </>
  );
};

const clientSections = (withMeetings: boolean) => (client: Client) => (
  <>
    <ClientCustomSection client={client} />
    {withMeetings ? clientMeetings(client) : null}
  </>
);
const WITH_MEETINGS = clientSections(true);
const WITHOUT_MEETINGS = clientSections(false);

/** /all-clients: 'Client Data', searched, filtered and paged by the server. */
export const ClientsRoute = () => {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const view = useClientView();
  const clients = useClients(view.query);
  const deleteClients = useDeleteClients();
  const customColumns = useCustomClientColumns();
  const customFields = useCustomFields('client').data;
  const [editing, setEditing] = useState<Client | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const [selectionKey, setSelectionKey] = useState(view.filterKey);
  if (selectionKey !== view.filterKey) {
    setSelectionKey(view.filterKey);
    setSelected(new Set());
  }

  const rows = clients.data?.clients ?? NO_CLIENTS;
  const total = clients.data?.total ?? 0;
  const { page } = view.query;

  // A failed load is a toast.
  const loadError = clients.isError ? clients.error : null;
  useEffect(() => {
    if (loadError) notifyError('Failed to load clients', loadError);
  }, [loadError]);

  const { setPage } = view;
  const lastPage = pageCount(total, CLIENTS_PER_PAGE);
  const pastEnd = clients.isSuccess && !clients.isPlaceholderData && page > lastPage;
  useEffect(() => {
    if (pastEnd) setPage(lastPage);
  }, [pastEnd, lastPage, setPage]);

  // 'Uploading client file...' while it runs; 'Clients uploaded successfully' only when every
  // row went in, else what happened in the colour it deserves.
  const importFlow = useImportFlow({
    kind: 'clients',
    noun: CLIENT_NOUN,
    mappingTitle: 'Import clients: match the columns',
    progressTitle: 'Uploading clients',
    preview: previewClientsUpload,
    upload: uploadClients,
    savePreset: saveClientImportPreset,
    failedText: 'Upload failed',
    onRejected: (error) => {
      notifications.hide(UPLOAD_TOAST);
      notifyError(errorMessage(error, 'Upload failed'), error);
    },
    onStarted: () =>
      notifications.show({
        id: UPLOAD_TOAST,
        loading: true,
        message: 'Uploading client file...',
        autoClose: false,
      }),
    onSettled: (status, error) => {
      notifyImportOutcome(
        importOutcome(status, 'Clients uploaded successfully', 'Upload failed', error),
        UPLOAD_TOAST,
      );
      void queryClient.invalidateQueries({ queryKey: clientKeys.all });
      void refreshSummaries(queryClient);
    },
  });

  const onToggle = useStableCallback((id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    }),
  );

  const remove = (ids: string[], message: string, done?: () => void) =>
    confirmDanger({
      title: ids.length === 1 ? 'Delete client' : 'Delete clients',
      message,
      confirmLabel: 'Delete',
      onConfirm: () =>
        deleteClients.mutate(ids, {
          onSuccess: ({ failed }) => {
            if (failed > 0) notifyError(`Failed to delete ${failed} of ${ids.length} clients`);
            else
              notifySuccess(
                ids.length === 1 ? 'Client deleted successfully' : 'Clients deleted successfully',
              );
            setSelected((current) => new Set([...current].filter((id) => !ids.includes(id))));
            done?.();
          },
          onError: (error) => notifyError(errorMessage(error, 'Failed to delete client'), error),
        }),
    });

  const onDelete = useStableCallback((client: Client) =>
    remove([client._id], `Are you sure you want to delete ${client.companyName}?`, () => {
      if (view.clientId === client._id) view.closeClient();
    }),
  );
  const onEdit = useStableCallback((client: Client) => setEditing(client));

  if (!user) return null;

  return (
    <Stack gap="md">
      <SavedViewBar entity="client" table="clients" />
      <Group justify="space-between" align="center" gap="sm" wrap="wrap">
        <Title order={2}>Client Data</Title>
        <Group gap="xs" wrap="wrap">
          {hasPermission(user, 'addClient') ? (
            <Button component={Link} to="/add-client" leftSection={<IconPlus size={16} />}>
              Add Client
            </Button>
          ) : null}
          {hasPermission(user, 'addClient') ? (
            <FileButton
              accept={UPLOAD_ACCEPT}
              onChange={importFlow.begin}
              inputProps={{ 'aria-label': 'Clients file to upload' }}
            >
              {(props) => (
                <Button
                  {...props}
                  variant="default"
                  leftSection={<IconUpload size={16} />}
                  loading={importFlow.busy}
                >
                  Upload
                </Button>
              )}
            </FileButton>
          ) : null}
        </Group>
      </Group>

      <Group gap="sm" align="flex-end" wrap="wrap">
        <DebouncedInput
          label="Search clients"
          placeholder="Company, contact, email, address…"
          leftSection={<IconSearch size={16} />}
          value={view.query.search}
          onCommit={view.setSearch}
          style={{ flex: '1 1 260px' }}
        />
        <NativeSelect
          label="Category"
          leftSection={<IconFilter size={16} />}
          value={view.query.category}
          onChange={(event) => view.setCategory(event.currentTarget.value)}
          data={[
            { value: '', label: 'Filter' },
            ...(clients.data?.categories ?? []),
            ...(view.query.category && !clients.data?.categories.includes(view.query.category)
              ? [view.query.category]
              : []),
          ]}
          style={{ flex: '0 1 240px', minWidth: 180 }}
        />
        {selected.size > 0 ? (
          <Button
            variant="light"
            color="red"
            leftSection={<IconTrash size={16} />}
            loading={deleteClients.isPending}
            onClick={() =>
              remove(
                [...selected],
                `Are you sure you want to delete ${selected.size} selected clients?`,
              )
            }
          >
            Delete selected ({selected.size})
          </Button>
        ) : null}
      </Group>

      {customFields?.some((field) => !field.hidden) ? (
        <CustomFiltersPanel
          fields={customFields}
          values={view.customFilters}
          onChange={view.setCustomFilter}
          onClear={view.clearCustomFilters}
        />
      ) : null}

      <ClientsTable
        extraColumns={customColumns}
        sort={view.sort}
        onSort={view.toggleSort}
        onSortChange={view.setSort}
        clients={rows}
        firstNumber={(page - 1) * CLIENTS_PER_PAGE + 1}
        selectedIds={selected}
        onToggleAll={(on) =>
          setSelected((current) => {
            const next = new Set(current);
            for (const client of rows) {
              if (on) next.add(client._id);
              else next.delete(client._id);
            }
            return next;
          })
        }
        placeholder={
          clients.isPending ? (
            <ClientsPlaceholder kind="loading" />
          ) : clients.isError && !clients.data ? (
            <ClientsPlaceholder kind="error" onRetry={() => void clients.refetch()} />
          ) : rows.length === 0 ? (
            <ClientsPlaceholder kind="empty" />
          ) : null
        }
        stale={clients.isPlaceholderData}
        busy={clients.isPending || clients.isPlaceholderData}
        onToggle={onToggle}
        onView={view.openClient}
        onEdit={onEdit}
        onDelete={onDelete}
      />
      <PaginationBar
        page={page}
        pageSize={CLIENTS_PER_PAGE}
        total={total}
        noun="results"
        onPageChange={view.setPage}
        disabled={clients.isPending}
      />
      {selected.size > 0 ? (
        <Text size="sm" c="dimmed">
          {selected.size} selected
        </Text>
      ) : null}
      <ClientDetailDrawer
        clientId={view.clientId}
        onClose={view.closeClient}
        onEdit={onEdit}
        onDelete={onDelete}
        sections={user && hasPermission(user, 'calendar') ? WITH_MEETINGS : WITHOUT_MEETINGS}
      />
      <ClientEditModal client={editing} onClose={() => setEditing(null)} />
      {importFlow.dialogs}
    </Stack>
  );
};
