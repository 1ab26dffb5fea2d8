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
};

/** Asked when a deal moves into a lost stage: why it was lost (required). */
export const LostReasonModal = ({
  opened,
  dealName,
  stageName,
  saving,
  onCancel,
  onConfirm,
}: LostReasonModalProps) => {
  const [reason, setReason] = useState('');
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
          <Text size="sm">{`${dealName} moves to ${stageName}.`}</Text>
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
              Mark as lost
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
};
