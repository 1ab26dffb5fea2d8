import { useState } from 'react';
import { Button, Group, Modal, NativeSelect, Stack, Text } from '@mantine/core';
import { IconUserShare } from '@tabler/icons-react';
import { errorMessage } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useBulkAssignLeads } from '../api/bulk-assign-leads.ts';
import { ownerOptions, useLeadOwners } from '../api/lead-owners.ts';

type AssignLeadsProps = { leadIds: readonly string[]; onAssigned: () => void };

const leadsWord = (count: number) => `${count} ${count === 1 ? 'lead' : 'leads'}`;

/** Assign (the leads toolbar's first bulk action): gives the selected leads to one user, after a confirmation. */
export const AssignLeads = ({ leadIds, onAssigned }: AssignLeadsProps) => {
  const [open, setOpen] = useState(false);
  const [ownerId, setOwnerId] = useState('');
  const owners = useLeadOwners(open);
  const assign = useBulkAssignLeads();
  const choices = ownerOptions(owners.data ?? []);
  const owner = choices.find((choice) => choice.value === ownerId);
  const close = () => {
    setOpen(false);
    setOwnerId('');
  };
  const confirm = () =>
    assign.mutate(
      { leadIds: [...leadIds], ownerId },
      {
        onSuccess: ({ message }) => {
          notifySuccess(message);
          close();
          onAssigned();
        },
        onError: (error) => notifyError(errorMessage(error, 'Failed to assign the leads'), error),
      },
    );
  return (
    <>
      <Button
        variant="light"
        leftSection={<IconUserShare size={16} />}
        disabled={leadIds.length === 0}
        onClick={() => setOpen(true)}
      >
        {leadIds.length > 0 ? `Assign (${leadIds.length})` : 'Assign'}
      </Button>
      <Modal opened={open} onClose={close} title="Assign leads" centered>
        <Stack gap="md">
          <NativeSelect
            label="New owner"
            data={[
              { value: '', label: owners.isPending ? 'Loading users…' : 'Choose a user' },
              ...choices,
            ]}
            value={ownerId}
            onChange={(event) => setOwnerId(event.currentTarget.value)}
          />
          <Text size="sm">
            {owner
              ? `Assign ${leadsWord(leadIds.length)} to ${owner.label}?`
              : `Choose who takes over the ${leadsWord(leadIds.length)} selected.`}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button disabled={!owner} loading={assign.isPending} onClick={confirm}>
              Assign {leadsWord(leadIds.length)}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
};
