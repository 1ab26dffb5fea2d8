import { Alert, Button, Code, Group, Stack } from '@mantine/core';
import type { MantineFontSize } from '@mantine/core';
import { CopyTextButton } from './copy-text-button.tsx';

type ShownOnceProps = {
  /** The secret (password, key) shown this one time. */
  value: string;
  testId: string;
  onDone: () => void;
  copyLabel?: string;
  fontSize?: MantineFontSize;
};

/** A secret shown once: the value, the warning that it is not shown again, Copy and Done. */
export const ShownOnce = ({
  value,
  testId,
  onDone,
  copyLabel = 'Copy',
  fontSize = 'lg',
}: ShownOnceProps) => (
  <Stack gap="md">
    <Code
      block
      fz={fontSize}
      ta={fontSize === 'lg' ? 'center' : undefined}
      data-testid={testId}
      style={{ overflowWrap: 'anywhere' }}
    >
      {value}
    </Code>
    <Alert color="yellow" variant="light">
      It is shown only this once. Copy it before you close this window.
    </Alert>
    <Group justify="flex-end" gap="sm">
      <CopyTextButton value={value} label={copyLabel} />
      <Button onClick={onDone}>Done</Button>
    </Group>
  </Stack>
);
