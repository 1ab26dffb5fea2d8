import { useState } from 'react';
import { Anchor, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { IconUserCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { CLIENT_CATEGORIES } from '@leadline/shared/clients';
import type { Lead } from '@leadline/shared/leads';
import { errorMessage } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useConvertLead } from '../api/convert-lead.ts';

type ConvertLeadProps = {
  lead: Pick<
    Lead,
    '_id' | 'clientId' | 'companyName' | 'industry' | 'personFirstName' | 'personLastName'
  >;
  canSeeClients: boolean;
};

type ConvertLeadModalProps = Pick<ConvertLeadProps, 'lead'> & {
  opened: boolean;
  onClose: () => void;
};

/**
 * The convert-to-client form: a client made of the lead's company, contact, email and
 * website, in the chosen category (the lead's industry to start with).
 */
export const ConvertLeadModal = ({ lead, opened, onClose }: ConvertLeadModalProps) => {
  const convert = useConvertLead();
  const categories = [...new Set([lead.industry, ...CLIENT_CATEGORIES, 'Other'].filter(Boolean))];
  const [category, setCategory] = useState<string | null>(lead.industry || 'Other');

  const submit = () =>
    convert.mutate(
      { leadId: lead._id, companyCategory: category ?? '' },
      {
        onSuccess: ({ client }) => {
          notifySuccess(`${client.companyName} is now a client`);
          onClose();
        },
        onError: (error) => notifyError(errorMessage(error, 'Failed to convert the lead'), error),
      },
    );

  return (
    <Modal opened={opened} onClose={onClose} title="Convert to client" centered>
      <Stack gap="sm">
        <Text size="sm">
          {lead.companyName} becomes a client, with {lead.personFirstName} {lead.personLastName} as
          its contact. The lead stays and links to the client.
        </Text>
        <Select
          label="Company category"
          data={categories}
          value={category}
          onChange={setCategory}
          searchable
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose} disabled={convert.isPending}>
            Cancel
          </Button>
          <Button onClick={submit} loading={convert.isPending}>
            Convert
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
};

/** The client a converted lead became: a link for those who may see clients. */
export const ConvertedLeadLink = ({
  lead,
  canSeeClients,
}: Pick<ConvertLeadProps, 'lead' | 'canSeeClients'>) =>
  lead.clientId ? (
    canSeeClients ? (
      <Anchor component={Link} to={`/all-clients?client=${lead.clientId}`} size="sm">
        <Group gap={4} wrap="nowrap" component="span">
          <IconUserCheck size={14} aria-hidden />
          View client
        </Group>
      </Anchor>
    ) : (
      <Text size="sm" c="dimmed">
        Converted into a client
      </Text>
    )
  ) : null;
