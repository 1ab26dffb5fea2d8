import { SegmentedControl, Stack, Text, useMantineColorScheme } from '@mantine/core';
import type { MantineColorScheme } from '@mantine/core';

/** Theme choice: really switches the colour scheme and is remembered (localStorage). */
export const ProfileSettings = () => {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  return (
    <Stack gap="xs">
      <Text fw={600} id="theme-label">
        Theme
      </Text>
      <Text size="sm" c="dimmed">
        Auto follows your device. The choice is remembered on this browser.
      </Text>
      <SegmentedControl
        aria-labelledby="theme-label"
        value={colorScheme}
        onChange={(value) => setColorScheme(value as MantineColorScheme)}
        data={[
          { value: 'auto', label: 'Auto' },
          { value: 'light', label: 'Light' },
          { value: 'dark', label: 'Dark' },
        ]}
        fullWidth
        maw={360}
      />
    </Stack>
  );
};
