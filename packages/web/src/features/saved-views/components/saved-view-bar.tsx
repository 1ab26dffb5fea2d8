import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Badge, Button, Group, Text } from '@mantine/core';
import { IconBookmark, IconDeviceFloppy, IconTrash } from '@tabler/icons-react';
import { isUuid } from '@leadline/shared/ids';
import { isAdministrator } from '@leadline/shared/permissions';
import { SAVED_VIEW_PAGES, savedViewPath, viewQueryOf } from '@leadline/shared/saved-views';
import type { SavedViewEntity } from '@leadline/shared/saved-views';
import { applyColumnChoice, useShownColumns } from '../../../components/column-prefs.ts';
import { confirmDanger } from '../../../components/confirm.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useSession } from '../../../lib/session.ts';
import { useDeleteView, useSavedView, useUpdateView } from '../api/saved-views.ts';
import { SaveViewModal } from './save-view-modal.tsx';
import { viewCount } from './view-count.ts';

type Props = {
  entity: SavedViewEntity;
  /** More of the list's own links, before Save view (the leads' Duplicates). */
  children?: ReactNode;
  /** The table's name in the column choice (column-prefs). */
  table: string;
};

/**
 * Above a list: "Save view" for the list as it is; with a view open (?view=<id>) its name and
 * count, "Update view" when the filters or columns moved on (its owner), and Delete. Opening a
 * view shows its columns.
 */
export const SavedViewBar = ({ entity, table, children }: Props) => {
  const { user } = useSession();
  const { search } = useLocation();
  const navigate = useNavigate();
  const [saving, setSaving] = useState(false);
  const param = new URLSearchParams(search).get('view') ?? '';
  const view = useSavedView(isUuid(param) ? param : null);
  const update = useUpdateView();
  const remove = useDeleteView();
  const applied = useRef<string | null>(null);
  const open = view.data?.entity === entity ? view.data : null;
  const columns = useShownColumns(table);

  // The view's columns, once each time a view is opened.
  useEffect(() => {
    if (!open || applied.current === open._id) return;
    applied.current = open._id;
    if (open.columns) applyColumnChoice(table, user?.id, open.columns);
  }, [open, table, user?.id]);

  const query = viewQueryOf(search);
  const changed =
    open !== null &&
    (open.query !== query || JSON.stringify(open.columns) !== JSON.stringify(columns));
  const mayChange =
    open !== null && (open.mine || (open.shared && user !== null && isAdministrator(user)));

  const onUpdate = () => {
    if (!open) return;
    update.mutate(
      { id: open._id, changes: { query, columns } },
      {
        onSuccess: () => notifySuccess(`View “${open.name}” updated`),
        onError: (error) =>
          notifyError(errorMessage(error, 'The view could not be updated'), error),
      },
    );
  };
  const onDelete = () => {
    if (!open) return;
    confirmDanger({
      title: 'Delete this view?',
      message: `“${open.name}” goes from the navigation${open.shared ? ' for everyone it is shared with' : ''}. The records stay as they are.`,
      confirmLabel: 'Delete view',
      onConfirm: () =>
        remove.mutate(open._id, {
          onSuccess: () => {
            notifySuccess(`View “${open.name}” deleted`);
            void navigate(`${SAVED_VIEW_PAGES[entity].path}?${query}`);
          },
          onError: (error) =>
            notifyError(errorMessage(error, 'The view could not be deleted'), error),
        }),
    });
  };

  return (
    <Group gap="xs" wrap="wrap" justify="flex-end">
      {open ? (
        <Group gap={6} wrap="nowrap" mr="auto" miw={0}>
          <IconBookmark size={18} aria-hidden />
          <Text fw={600} truncate>
            {open.name}
          </Text>
          {viewCount(open) ? (
            <Badge variant="light" color="gray">
              {viewCount(open)}
            </Badge>
          ) : null}
          {open.shared ? (
            <Badge variant="light" color="blue">
              Shared
            </Badge>
          ) : null}
        </Group>
      ) : null}
      {open && mayChange && changed ? (
        <Button size="xs" variant="light" onClick={onUpdate} loading={update.isPending}>
          Update view
        </Button>
      ) : null}
      {open && mayChange ? (
        <Button
          size="xs"
          variant="subtle"
          color="red"
          leftSection={<IconTrash size={14} />}
          onClick={onDelete}
          loading={remove.isPending}
        >
          Delete view
        </Button>
      ) : null}
      {children}
      <Button
        size="xs"
        variant="default"
        leftSection={<IconDeviceFloppy size={14} />}
        onClick={() => setSaving(true)}
      >
        Save view
      </Button>
      {saving ? (
        <SaveViewModal
          entity={entity}
          query={query}
          columns={columns}
          onClose={() => setSaving(false)}
          onSaved={(saved) => {
            setSaving(false);
            notifySuccess(`View “${saved.name}” saved`);
            void navigate(savedViewPath(saved));
          }}
        />
      ) : null}
    </Group>
  );
};
