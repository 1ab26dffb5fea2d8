import { TextInput } from '@mantine/core';

type CodeInputProps = {
  value: string;
  onChange: (value: string) => void;
  error?: string;
  /** A recovery code (letters and a dash) instead of 6 digits. */
  recovery?: boolean;
  label?: string;
};

/** The 6-digit code from the authenticator app (or a recovery code). */
export const CodeInput = ({ value, onChange, error, recovery = false, label }: CodeInputProps) => (
  <TextInput
    label={label ?? (recovery ? 'Recovery code' : 'Code from your authenticator app')}
    placeholder={recovery ? 'abcde-fghij' : '123456'}
    value={value}
    onChange={(event) => onChange(event.currentTarget.value)}
    error={error}
    autoComplete="one-time-code"
    inputMode={recovery ? 'text' : 'numeric'}
    maxLength={recovery ? 11 : 6}
    autoFocus
    data-autofocus
    styles={{ input: { letterSpacing: '0.2em', fontFamily: 'monospace' } }}
  />
);
