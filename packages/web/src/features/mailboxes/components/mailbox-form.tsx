import { useState } from 'react';
import { SegmentedControl, Stack, Text } from '@mantine/core';
import type { MailProtocol } from '@leadline/shared/email';
import type { Mailbox, MailboxSaveInput } from '@leadline/shared/mailboxes';
import { MailSettingsForm } from '../../../components/mail-settings/mail-settings-form.tsx';
import { useAddMailbox } from '../api/add-mailbox.ts';
import { useEditMailbox } from '../api/edit-mailbox.ts';

type MailboxFormProps = {
  /** The mailbox edited; null adds one. */
  mailbox: Mailbox | null;
  onDone: () => void;
};

/**
 * Adding or editing a mailbox: its SMTP or IMAP settings (the settings form the default
 * mailbox uses) with its from-name. A mailbox with SMTP can get IMAP later by editing it.
 */
export const MailboxForm = ({ mailbox, onDone }: MailboxFormProps) => {
  const add = useAddMailbox();
  const edit = useEditMailbox();
  const [protocol, setProtocol] = useState<MailProtocol>(
    mailbox && !mailbox.smtp ? 'imap' : 'smtp',
  );
  const saved = mailbox ? mailbox[protocol] : null;
  const save = (body: MailboxSaveInput) =>
    mailbox ? edit.mutateAsync({ id: mailbox._id, body }) : add.mutateAsync(body);
  const verb = saved ? 'Edit' : 'Add';
  return (
    <Stack gap="sm">
      <Stack gap={4}>
        <Text size="sm" fw={500} id="mailbox-protocol-label">
          Server
        </Text>
        <SegmentedControl
          aria-labelledby="mailbox-protocol-label"
          value={protocol}
          onChange={(value) => setProtocol(value as MailProtocol)}
          data={[
            { value: 'smtp', label: 'SMTP (sending)' },
            { value: 'imap', label: 'IMAP (inbox)' },
          ]}
          style={{ alignSelf: 'flex-start' }}
        />
      </Stack>
      <MailSettingsForm
        key={protocol}
        protocol={protocol}
        saved={saved}
        identity={{ fromName: mailbox?.fromName ?? null, signature: mailbox?.signature ?? null }}
        title={
          mailbox
            ? `${verb} ${protocol.toUpperCase()} ${saved ? 'of' : 'to'} ${mailbox.email}`
            : 'Add mailbox'
        }
        submitLabel={mailbox ? 'Save mailbox' : 'Add mailbox'}
        save={save}
        onSaved={onDone}
        onCancel={onDone}
      />
    </Stack>
  );
};
