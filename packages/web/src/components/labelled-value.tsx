import { Stack, Text } from '@mantine/core';

/** A small label above its value, as the settings cards list their details. */
export const LabelledValue = ({ label, value }: { label: string; value: string }) => (
  <Stack gap={0}>
    <Text size="xs" c="dimmed">
      {label}
    </Text>
    <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
      {value}
    </Text>
  </Stack>
);
