import { useNavigate } from 'react-router';
import { ActionIcon, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';

type BackTitleProps = {
  title: string;
  description: string;
  /** Where the back button goes, and its accessible name. */
  backTo: string;
  backLabel: string;
};

/** A form page's title with a back button before it. */
export const BackTitle = ({ title, description, backTo, backLabel }: BackTitleProps) => {
  const navigate = useNavigate();
  return (
    <Group gap="sm" wrap="nowrap">
      <ActionIcon
        variant="default"
        size="lg"
        aria-label={backLabel}
        onClick={() => void navigate(backTo)}
      >
        <IconArrowLeft size={18} />
      </ActionIcon>
      <Stack gap={0}>
        <Title order={2}>{title}</Title>
        <Text size="sm" c="dimmed">
          {description}
        </Text>
      </Stack>
    </Group>
  );
};
