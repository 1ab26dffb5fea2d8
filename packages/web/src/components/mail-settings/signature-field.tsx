import { Textarea } from '@mantine/core';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { SIGNATURE_MAX } from '@leadline/shared/mailboxes';

type SignatureFieldProps = {
  field: UseFormRegisterReturn;
  /** What is typed so far (the counter). */
  value: string;
  error: string | undefined;
};

/** A mailbox's signature: plain text, at most SIGNATURE_MAX characters, with a counter. */
export const SignatureField = ({ field, value, error }: SignatureFieldProps) => (
  <Textarea
    label="Signature"
    autosize
    minRows={3}
    maxRows={8}
    maxLength={SIGNATURE_MAX}
    placeholder={'Jane Doe\nSales, Acme'}
    description={`Added to the end of every email sent from this mailbox (${value.length.toLocaleString()} / ${SIGNATURE_MAX.toLocaleString()} characters)`}
    inputWrapperOrder={['label', 'input', 'description', 'error']}
    error={error}
    {...field}
  />
);
