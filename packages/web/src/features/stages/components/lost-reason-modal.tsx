import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { LOST_REASON_MAX, LOST_REASON_REQUIRED } from '@leadline/shared/stages';

type LostReasonModalProps = {
  /** Open while a deal waits for its reason. */
  opened: boolean;
  /** "Acme (Ada Lovelace)": the deal being lost. */
  dealName: string;
  stageName: string;
  saving?: boolean;
  onCancel: () => void;
  onConfirm: (reason: string) => void;
  /** Editing the reason of a deal already lost: its reason now (the modal opens with it). */
  current?: string;
};

/**
 * Asked when a deal moves into a lost stage: why it was lost (required). With `current`, the
 * same question for a deal already lost, to correct its reason.
 */
export const LostReasonModal = ({
  opened,
  dealName,
  stageName,
  saving,
  onCancel,
  onConfirm,
  current,
}: LostReasonModalProps) => {
  const editing = current !== undefined;
  const [reason, setReason] = useState(current ?? '');
  const [touched, setTouched] = useState(false);
  const trimmed = reason.trim();
  const close = () => {
    setReason('');
    setTouched(false);
    onCancel();
  };
  return (
    <Modal opened={opened} onClose={close} title="Why was the deal lost?" centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setTouched(true);
          if (!trimmed) return;
          onConfirm(trimmed);
          setReason('');
          setTouched(false);
        }}
      >
        <Stack gap="sm">
          <Text size="sm">
            {editing ? `${dealName} is in ${stageName}.` : `${dealName} moves to ${stageName}.`}
          </Text>
          <Textarea
            label="Reason"
            placeholder="Went with a competitor, no budget…"
            withAsterisk
            autosize
            minRows={2}
            maxLength={LOST_REASON_MAX}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            error={touched && !trimmed ? LOST_REASON_REQUIRED : undefined}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" color="red" loading={saving}>
              {editing ? 'Save reason' : 'Mark as lost'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
};
