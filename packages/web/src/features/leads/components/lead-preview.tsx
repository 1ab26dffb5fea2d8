import type { ReactNode } from 'react';
import { Avatar, Badge, Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { formatLocation } from '@leadline/shared/leads';
import type { LeadFormValues } from './lead-form-values.ts';
import { LeadSourceLabel } from './lead-source-icon.tsx';
import { leadInitials, statusColor } from './lead-status.ts';

const Part = ({ title, children }: { title: string; children: ReactNode }) => (
  <Stack gap={6}>
    <Text size="xs" fw={700} tt="uppercase" c="dimmed">
      {title}
    </Text>
    {children}
  </Stack>
);

const Line = ({ value, empty }: { value: string; empty: string }) =>
  value.trim() ? (
    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
      {value}
    </Text>
  ) : (
    <Text size="sm" c="dimmed" fs="italic">
      {empty}
    </Text>
  );

/** The live preview beside the create form: Company, Contact and Source. */
export const LeadPreview = ({ values }: { values: LeadFormValues }) => {
  const name = `${values.personFirstName} ${values.personLastName}`.trim();
  return (
    <Paper withBorder radius="md" p="md" aria-label="Lead preview" component="section">
      <Stack gap="md">
        <Title order={3} size="h5">
          Preview
        </Title>
        <Part title="Company">
          <Text fw={600} c={values.companyName.trim() ? undefined : 'dimmed'}>
            {values.companyName.trim() || 'Not specified'}
          </Text>
          <Line value={values.industry} empty="Industry not specified" />
          {values.size ? <Text size="sm">{values.size} employees</Text> : null}
        </Part>
        <Divider />
        <Part title="Contact">
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <Avatar radius="xl" color={statusColor(values.status)} aria-hidden>
              {name ? leadInitials(values) : '?'}
            </Avatar>
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Line value={name} empty="Name not specified" />
              <Line value={values.personDesignation} empty="Position not specified" />
              <Line value={values.personEmail} empty="Email not specified" />
            </Stack>
          </Group>
          <Text size="sm" c="dimmed">
            {formatLocation(values)}
          </Text>
        </Part>
        <Divider />
        <Part title="Source">
          {values.source ? (
            <LeadSourceLabel source={values.source} />
          ) : (
            <Text size="sm" c="dimmed" fs="italic">
              Not specified
            </Text>
          )}
          <Group gap={6}>
            <Badge color={statusColor(values.status)} variant="light">
              {values.status}
            </Badge>
          </Group>
          {values.contactProfileLink.trim() ? (
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {values.contactProfileLink}
            </Text>
          ) : null}
        </Part>
      </Stack>
    </Paper>
  );
};
