import { Button, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';

type ConfigSuccessProps = {
  message: string;
  /** Opens the form for a protocol not configured yet (absent when none is left). */
  onAnother?: () => void;
  onView: () => void;
};

/** The last step: the saved message, 'Configure Another' and 'View Configurations'. */
export const ConfigSuccess = ({ message, onAnother, onView }: ConfigSuccessProps) => (
  <Paper withBorder radius="md" p="xl" maw={560}>
    <Stack gap="md" align="center" ta="center">
      <ThemeIcon size={48} radius="xl" color="green" variant="light" aria-hidden>
        <IconCircleCheck size={28} />
      </ThemeIcon>
      <Text fw={600} role="status">
        {message}
      </Text>
      <Group gap="sm" justify="center">
        {onAnother ? (
          <Button variant="default" onClick={onAnother}>
            Configure Another
          </Button>
        ) : null}
        <Button onClick={onView}>View Configurations</Button>
      </Group>
    </Stack>
  </Paper>
);
