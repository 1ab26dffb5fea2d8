import { Box, SimpleGrid, Text } from '@mantine/core';
import type { PublicUser } from '@leadline/shared/auth';
import { formatDate, formatDateTime } from '../../../lib/format.ts';

const capitalise = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

export const profileDepartment = (user: PublicUser) => user.department?.trim() || 'General';
export const profileStatus = (user: PublicUser) =>
  user.status ? capitalise(user.status) : 'Active';

export const ProfileOverview = ({ user }: { user: PublicUser }) => {
  const rows: [string, string][] = [
    ['Full name', user.name],
    ['Email', user.email],
    ['Role', user.role],
    ['Organization', user.organization ?? 'None (Super Admin)'],
    ['Department', profileDepartment(user)],
    ['Status', profileStatus(user)],
    ['Joined', formatDate(user.createdAt)],
    ['Last login', formatDateTime(user.lastLoginAt)],
  ];
  if (user.expiresAt) rows.push(['Account expires', formatDate(user.expiresAt)]);
  return (
    <SimpleGrid component="dl" cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm" m={0}>
      {rows.map(([label, value]) => (
        <Box key={label}>
          <Text component="dt" size="xs" c="dimmed" tt="uppercase" fw={600}>
            {label}
          </Text>
          <Text component="dd" m={0} style={{ overflowWrap: 'anywhere' }}>
            {value}
          </Text>
        </Box>
      ))}
    </SimpleGrid>
  );
};
