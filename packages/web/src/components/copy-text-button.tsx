import { Button, CopyButton } from '@mantine/core';
import type { ButtonProps } from '@mantine/core';

type CopyTextButtonProps = {
  value: string;
  label: string;
  /** What the button says for a moment once copied. */
  copiedLabel?: string;
  variant?: ButtonProps['variant'];
};

/** Copies `value` to the clipboard (a one-time secret, an example), saying so once done. */
export const CopyTextButton = ({
  value,
  label,
  copiedLabel = 'Copied',
  variant = 'light',
}: CopyTextButtonProps) => (
  <CopyButton value={value}>
    {({ copied, copy }) => (
      <Button variant={variant} onClick={copy}>
        {copied ? copiedLabel : label}
      </Button>
    )}
  </CopyButton>
);
