import { Link } from 'react-router';
import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';

export const NotFoundRoute = () => (
  <Paper withBorder radius="md" p="xl" maw={640}>
    <Stack gap="sm" align="flex-start">
      <Title order={2} size="h3">
        Page not found
      </Title>
      <Text c="dimmed">There is no page at this address.</Text>
      <Anchor component={Link} to="/">
        Go to the start page
      </Anchor>
    </Stack>
  </Paper>
);
