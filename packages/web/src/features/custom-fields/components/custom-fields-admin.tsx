import { useState } from 'react';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Stack,
  Switch,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { CUSTOM_FIELD_TYPE_LABELS } from '@leadline/shared/custom-fields';
import type { CustomField, CustomFieldEntity } from '@leadline/shared/custom-fields';
import { CenteredLoader } from '../../../components/centered-loader.tsx';
import { confirmDanger } from '../../../components/confirm.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/format.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useUrlState } from '../../../lib/url-state.ts';
import {
  useCustomFields,
  useDeleteCustomField,
  useRestoreCustomField,
  useUpdateCustomField,
} from '../api/custom-fields.ts';
import { FieldForm } from './field-form.tsx';

const URL_DEFAULTS = { entity: 'lead' };

const FieldRows = ({
  fields,
  onEdit,
}: {
  fields: CustomField[];
  onEdit: (field: CustomField) => void;
}) => {
  const update = useUpdateCustomField();
  const remove = useDeleteCustomField();
  const change = (
    field: CustomField,
    body: { hidden?: boolean; position?: number },
    done: string,
  ) =>
    update.mutate(
      { id: field._id, ...body },
      {
        onSuccess: () => notifySuccess(done),
        onError: (error) =>
          notifyError(errorMessage(error, 'The field could not be changed'), error),
      },
    );
  // Moving swaps the positions of two neighbours.
  const move = (index: number, by: -1 | 1) => {
    const field = fields[index]!;
    const other = fields[index + by]!;
    const a = Math.min(field.position, other.position);
    const b =
      Math.max(field.position, other.position) === a
        ? a + 1
        : Math.max(field.position, other.position);
    update.mutate({ id: field._id, position: by < 0 ? a : b });
    update.mutate({ id: other._id, position: by < 0 ? b : a });
  };
  const askDelete = (field: CustomField) =>
    confirmDanger({
      title: `Delete the field ${field.label}?`,
      message:
        'It disappears from forms, tables, filters and the API. Its values are kept for 30 days, and you can restore it until then.',
      confirmLabel: 'Delete field',
      onConfirm: () =>
        remove.mutate(field._id, {
          onSuccess: () => notifySuccess(`Field ${field.label} deleted`),
          onError: (error) =>
            notifyError(errorMessage(error, 'The field could not be deleted'), error),
        }),
    });
  return (
    <Table.ScrollContainer minWidth={420}>
      <Table verticalSpacing="xs" aria-label="Custom fields">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Label</Table.Th>
            <Table.Th>Type</Table.Th>
            <Table.Th visibleFrom="sm">Key</Table.Th>
            <Table.Th>Shown</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {fields.map((field, index) => (
            <Table.Tr key={field._id} data-testid={`field-${field.key}`}>
              <Table.Td>
                <Text size="sm" fw={600}>
                  {field.label}
                </Text>
                {field.options.length ? (
                  <Text size="xs" c="dimmed" lineClamp={1}>
                    {field.options.join(', ')}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td>
                <Badge variant="light" color="gray">
                  {CUSTOM_FIELD_TYPE_LABELS[field.type]}
                </Badge>
              </Table.Td>
              <Table.Td visibleFrom="sm">
                <Text size="sm" ff="monospace">
                  {field.key}
                </Text>
              </Table.Td>
              <Table.Td>
                <Switch
                  aria-label={`Show ${field.label} on forms`}
                  checked={!field.hidden}
                  onChange={(event) =>
                    change(
                      field,
                      { hidden: !event.currentTarget.checked },
                      event.currentTarget.checked
                        ? `${field.label} shown`
                        : `${field.label} hidden`,
                    )
                  }
                />
              </Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap" justify="flex-end">
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label={`Move ${field.label} up`}
                    disabled={index === 0}
                    onClick={() => move(index, -1)}
                  >
                    <IconArrowUp size={16} />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label={`Move ${field.label} down`}
                    disabled={index === fields.length - 1}
                    onClick={() => move(index, 1)}
                  >
                    <IconArrowDown size={16} />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    aria-label={`Edit ${field.label}`}
                    onClick={() => onEdit(field)}
                  >
                    <IconPencil size={16} />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Delete ${field.label}`}
                    onClick={() => askDelete(field)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
};

const DeletedFields = ({ entity }: { entity: CustomFieldEntity }) => {
  const deleted = useCustomFields(entity, true);
  const restore = useRestoreCustomField();
  const list = deleted.data ?? [];
  if (list.length === 0) return null;
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Title order={3} size="h4">
          Deleted
        </Title>
        <Text size="sm" c="dimmed">
          Deleted fields keep their values for 30 days; restore one to bring it back with them.
        </Text>
        {list.map((field) => (
          <Group
            key={field._id}
            justify="space-between"
            wrap="wrap"
            gap="xs"
            data-testid={`deleted-${field.key}`}
          >
            <Stack gap={0}>
              <Text size="sm" fw={600}>
                {field.label}
              </Text>
              <Text size="xs" c="dimmed">
                {CUSTOM_FIELD_TYPE_LABELS[field.type]} · gone for good on{' '}
                {field.purgeAt ? formatDate(field.purgeAt) : ''}
              </Text>
            </Stack>
            <Button
              size="xs"
              variant="light"
              loading={restore.isPending && restore.variables === field._id}
              onClick={() =>
                restore.mutate(field._id, {
                  onSuccess: () => notifySuccess(`Field ${field.label} restored`),
                  onError: (error) =>
                    notifyError(errorMessage(error, 'The field could not be restored'), error),
                })
              }
            >
              Restore {field.label}
            </Button>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
};

/** /custom-fields: an administrator's fields of leads and clients. */
export const CustomFieldsAdmin = () => {
  const [view, setView] = useUrlState(URL_DEFAULTS);
  const entity: CustomFieldEntity = view.entity === 'client' ? 'client' : 'lead';
  const fields = useCustomFields(entity);
  const [editing, setEditing] = useState<CustomField | 'new' | null>(null);
  const list = fields.data ?? [];
  return (
    <Stack gap="md" maw={1000}>
      <PageHeader
        title="Custom Fields"
        description="Your own fields on leads and clients: in forms, the lead drawer, tables, filters, exports and the API."
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
            Add field
          </Button>
        }
      />
      <SegmentedControl
        aria-label="Record type"
        data={[
          { value: 'lead', label: 'Lead fields' },
          { value: 'client', label: 'Client fields' },
        ]}
        value={entity}
        onChange={(next) => setView({ entity: next })}
        maw={320}
      />
      <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }}>
        {fields.isPending ? (
          <CenteredLoader label="Loading fields" />
        ) : fields.isError ? (
          <LoadError
            title="The fields could not be loaded"
            message={errorMessage(fields.error, 'Please try again')}
            onRetry={() => void fields.refetch()}
          />
        ) : list.length === 0 ? (
          <Text c="dimmed" size="sm" p="sm">
            No {entity} fields yet. Add one: it shows on every {entity} at once.
          </Text>
        ) : (
          <FieldRows fields={list} onEdit={setEditing} />
        )}
      </Paper>
      <DeletedFields entity={entity} />
      {editing ? (
        <FieldForm
          key={editing === 'new' ? `new-${entity}` : editing._id}
          entity={entity}
          field={editing === 'new' ? null : editing}
          opened
          onClose={() => setEditing(null)}
        />
      ) : null}
    </Stack>
  );
};
