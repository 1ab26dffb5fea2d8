import { TextInput } from '@mantine/core';

type DateRangeInputsProps = {
  /** `YYYY-MM-DD` local days, or '' for none. */
  from: string;
  to: string;
  onDates: (dates: { from?: string; to?: string }) => void;
  /** Both inputs marked wrong (the reason is shown by the caller). */
  invalid?: boolean;
  /** A reason shown under To. */
  toError?: string;
};

/** "From" and "To" day inputs side by side, each limited by the other (a period filter). */
export const DateRangeInputs = ({ from, to, onDates, invalid, toError }: DateRangeInputsProps) => (
  <>
    <TextInput
      type="date"
      label="From"
      value={from}
      max={to || undefined}
      onChange={(event) => onDates({ from: event.currentTarget.value })}
      error={invalid}
      style={{ flex: 1, minWidth: 0 }}
    />
    <TextInput
      type="date"
      label="To"
      value={to}
      min={from || undefined}
      onChange={(event) => onDates({ to: event.currentTarget.value })}
      error={toError ?? invalid}
      style={{ flex: 1, minWidth: 0 }}
    />
  </>
);
