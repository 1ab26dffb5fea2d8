import { Grid, Stack } from '@mantine/core';
import { PageHeader } from '../../components/page-header.tsx';
import { AddSuppressionsForm } from '../../features/suppression/components/add-suppressions-form.tsx';
import { BounceProtection } from '../../features/suppression/components/bounce-protection.tsx';
import { SuppressionList } from '../../features/suppression/components/suppression-list.tsx';

/** /suppression: the addresses and domains no email goes to (administrators only). */
export const SuppressionRoute = () => (
  <Stack gap="md" maw={1100}>
    <PageHeader
      title="Suppression List"
      description="No email is sent to these addresses and domains: not single emails, follow-ups, bulk runs or campaigns."
    />
    <Grid gap="md">
      <Grid.Col span={{ base: 12, md: 8 }}>
        <AddSuppressionsForm />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <BounceProtection />
      </Grid.Col>
    </Grid>
    <SuppressionList />
  </Stack>
);
