import type { ReactNode } from 'react';
import { Box, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { PARENT_CREDIT, PRODUCT_NAME } from '../../../lib/constants.ts';

type AuthLayoutProps = { subtitle: string; children: ReactNode };

/** The frame of the public pages: product name, parent-company credit, one card. */
export const AuthLayout = ({ subtitle, children }: AuthLayoutProps) => (
  <Center mih="100dvh" p="md" bg="var(--mantine-color-body)">
    <Box w="100%" maw={440}>
      <Stack gap={4} align="center" mb="lg">
        <Group gap={10} wrap="nowrap">
          <img src="/favicon.svg" alt="" width={36} height={36} aria-hidden />
          <Title order={1} fz={30}>
            {PRODUCT_NAME}
          </Title>
        </Group>
        <Text size="sm" c="dimmed">
          {PARENT_CREDIT}
        </Text>
      </Stack>
      <Paper withBorder shadow="sm" radius="md" p={{ base: 'md', xs: 'xl' }}>
        <Text fw={600} size="lg" mb="md">
          {subtitle}
        </Text>
        {children}
      </Paper>
    </Box>
  </Center>
);
