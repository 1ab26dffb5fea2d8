import type { ReactNode } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Drawer,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { Client } from '@leadline/shared/clients';
import { CenteredLoader } from '../../../components/centered-loader.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { MOBILE_QUERY } from '../../../lib/constants.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { displayLink, externalHref } from '../../../lib/links.ts';
import { useClient } from '../api/get-client.ts';
import { ClientCategoryBadge } from './client-category-badge.tsx';

const wrap = { overflowWrap: 'anywhere' as const, whiteSpace: 'pre-wrap' as const };

const Item = ({ label, children }: { label: string; children: ReactNode }) => (
  <Stack gap={2} style={{ minWidth: 0 }}>
    <Text size="xs" c="dimmed" fw={600}>
      {label}
    </Text>
    {typeof children === 'string' ? (
      <Text size="sm" c={children ? undefined : 'dimmed'} style={wrap}>
        {children || 'Not specified'}
      </Text>
    ) : (
      children
    )}
  </Stack>
);

type ClientDetailsProps = {
  client: Client;
  onEdit: (client: Client) => void;
  onDelete: (client: Client) => void;
  /** Sections other features add below the details (the client's meetings). */
  sections?: (client: Client) => ReactNode;
};

const ClientDetails = ({ client, onEdit, onDelete, sections }: ClientDetailsProps) => {
  const website = externalHref(client.website);
  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Title order={3} size="h4" style={wrap}>
            {client.companyName}
          </Title>
          <Group gap="xs">
            <ClientCategoryBadge category={client.companyCategory} />
          </Group>
        </Stack>
        <Group gap="xs">
          <Button size="xs" leftSection={<IconPencil size={14} />} onClick={() => onEdit(client)}>
            Edit
          </Button>
          <Button
            size="xs"
            variant="light"
            color="red"
            leftSection={<IconTrash size={14} />}
            onClick={() => onDelete(client)}
          >
            Delete
          </Button>
        </Group>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="sm">
        <Item label="Company Name">{client.companyName}</Item>
        <Item label="Parent Company">{client.parentCompany}</Item>
        <Item label="Website">
          {website ? (
            <Anchor href={website} target="_blank" rel="noopener noreferrer" size="sm" style={wrap}>
              {displayLink(website)}
            </Anchor>
          ) : (
            <Text size="sm" c="dimmed">
              No website
            </Text>
          )}
        </Item>
        <Item label="Email">
          <Anchor href={`mailto:${client.email}`} size="sm" style={wrap}>
            {client.email}
          </Anchor>
        </Item>
        <Item label="Contact Person">{client.contact}</Item>
        <Item label="PIC">{client.pic}</Item>
        <Item label="Added">{formatDateTime(client.createdAt)}</Item>
        <Item label="Last updated">{formatDateTime(client.updatedAt)}</Item>
      </SimpleGrid>
      <Item label="Full Address">{client.fullAddress}</Item>
      {sections?.(client)}
    </Stack>
  );
};

type ClientDetailDrawerProps = {
  clientId: string | null;
  onClose: () => void;
} & Omit<ClientDetailsProps, 'client'>;

/** A client's details, opened from the table and linkable through `?client=<id>`. */
export const ClientDetailDrawer = ({
  clientId,
  onClose,
  onEdit,
  onDelete,
  sections,
}: ClientDetailDrawerProps) => {
  const mobile = useMediaQuery(MOBILE_QUERY);
  const client = useClient(clientId);
  const missing = client.error instanceof ApiRequestError && client.error.status < 500;
  return (
    <Drawer
      opened={clientId !== null}
      onClose={onClose}
      position="right"
      size={mobile ? '100%' : 560}
      title={<Text fw={700}>Client details</Text>}
      closeButtonProps={{ 'aria-label': 'Close client details' }}
    >
      {client.data ? (
        <ClientDetails
          client={client.data}
          onEdit={onEdit}
          onDelete={onDelete}
          sections={sections}
        />
      ) : client.isError ? (
        <Alert color="red" variant="light">
          {missing ? 'Client not found' : 'Failed to load clients'}
        </Alert>
      ) : (
        <CenteredLoader label="Loading client" />
      )}
    </Drawer>
  );
};
