import { useState } from 'react';
import type { ReactNode } from 'react';
import { NativeSelect } from '@mantine/core';
import { useSession } from '../../../lib/session.ts';
import { useMailboxes } from '../api/get-mailboxes.ts';
import { mailboxLabel } from './mailbox-texts.ts';

/** The mailbox a send goes from (undefined: the server's choice) and the picker, when any. */
export type FromMailbox = { mailboxId: string | undefined; picker: ReactNode };

type FromMailboxOptions = {
  /**
   * Choosing nothing, offered as the first option and chosen at first, with what it means (a
   * follow-up: the first email's mailbox). Without it the default mailbox is preselected.
   */
  unchosen?: { label: string; description: string };
};

/**
 * The composers' "From": shown only when the user has two or more mailboxes that send (SMTP),
 * each option "Name <address>".
 */
export const useFromMailbox = ({ unchosen }: FromMailboxOptions = {}): FromMailbox => {
  const mailboxes = useMailboxes();
  const { user } = useSession();
  const [chosen, setChosen] = useState<string | null>(null);
  const sending = (mailboxes.data?.mailboxes ?? []).filter((mailbox) => mailbox.smtp !== null);
  if (sending.length < 2) return { mailboxId: undefined, picker: null };
  const fallback = unchosen !== undefined ? '' : sending[0]!._id;
  const value = sending.some((mailbox) => mailbox._id === chosen) ? chosen! : fallback;
  const options = sending.map((mailbox) => ({
    value: mailbox._id,
    label: `${mailboxLabel(mailbox, user?.name)}${mailbox.isDefault ? ' (default)' : ''}`,
  }));
  return {
    mailboxId: value === '' ? undefined : value,
    picker: (
      <NativeSelect
        label="From"
        description={unchosen?.description}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        value={value}
        onChange={(event) => setChosen(event.currentTarget.value)}
        data={unchosen ? [{ value: '', label: unchosen.label }, ...options] : options}
      />
    ),
  };
};
