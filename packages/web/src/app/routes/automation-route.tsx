import { Stack } from '@mantine/core';
import { PageHeader } from '../../components/page-header.tsx';
import { AutomationRules } from '../../features/automation/components/automation-rules.tsx';

/** /automation: the organisation's rules (when, if, then) and their runs. */
export const AutomationRoute = () => (
  <Stack gap={0} maw={1200}>
    <PageHeader
      title="Automation"
      description="Rules that act on their own when something happens to a lead. A change made by a rule can start rules again, at most 3 levels deep."
    />
    <AutomationRules />
  </Stack>
);
