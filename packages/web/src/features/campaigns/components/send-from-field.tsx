import { Controller } from 'react-hook-form';
import { MultiSelect } from '@mantine/core';
import { useSenderMailboxes } from '../api/get-sender-mailboxes.ts';
import type { CampaignControl } from './campaign-form-values.ts';

type SendFromFieldProps = {
  control: CampaignControl;
  /** The campaign's creator is someone else: their mailboxes are not the caller's to choose. */
  othersCampaign: boolean;
  disabled: boolean;
};

/**
 * Send from: which of the creator's mailboxes the leads are spread over (each lead stays on
 * one for every step). Shown once the user has two mailboxes that can send; none chosen sends
 * from their default mailbox.
 */
export const SendFromField = ({ control, othersCampaign, disabled }: SendFromFieldProps) => {
  const { data } = useSenderMailboxes(!othersCampaign);
  const sending = (data?.mailboxes ?? []).filter((mailbox) => mailbox.smtp !== null);
  if (othersCampaign || sending.length < 2) return null;
  const options = sending.map((mailbox) => ({
    value: mailbox._id,
    label: `${mailbox.fromName ? `${mailbox.fromName} <${mailbox.email}>` : mailbox.email}${
      mailbox.isDefault ? ' (default)' : ''
    }`,
  }));
  return (
    <Controller
      control={control}
      name="mailboxIds"
      render={({ field, fieldState }) => (
        <MultiSelect
          label="Send from"
          description="Leads are spread over these mailboxes by what each one's daily limit leaves; each lead stays on one. None: your default mailbox."
          placeholder={field.value.length === 0 ? 'Your default mailbox' : undefined}
          data={options}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
          disabled={disabled}
          clearable
        />
      )}
    />
  );
};
