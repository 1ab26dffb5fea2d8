import { Link } from 'react-router';
import { Button, Paper, Stack, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';

/** A screen opened without the leads it needs: says so and leads back to the table. */
export const BackToLeads = ({ message }: { message: string }) => (
  <Paper withBorder radius="md" p="xl" maw={560}>
    <Stack gap="md" align="flex-start">
      <Text fw={600}>{message}</Text>
      <Button component={Link} to="/leads-table" leftSection={<IconArrowLeft size={16} />}>
        Back to Leads
      </Button>
    </Stack>
  </Paper>
);
