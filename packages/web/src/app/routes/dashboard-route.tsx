import '@mantine/charts/styles.css';
import { Button, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { IconRefresh } from '@tabler/icons-react';
import { seesOrganizationFigures } from '@leadline/shared/dashboard';
import { hasPermission } from '@leadline/shared/permissions';
import { PageHeader } from '../../components/page-header.tsx';
import { queryKeys } from '../../lib/query-keys.ts';
import { useSession } from '../../lib/session.ts';
import { useDashboard } from '../../features/dashboard/api/get-dashboard.ts';
import { dashboardErrorMessage } from '../../features/dashboard/components/dashboard-format.ts';
import { GettingStartedPanel } from '../../features/dashboard/components/getting-started.tsx';
import {
  DashboardError,
  DashboardSkeleton,
} from '../../features/dashboard/components/dashboard-states.tsx';
import { MyDaySection } from '../../features/dashboard/components/my-day.tsx';
import { OrganizationOverview } from '../../features/dashboard/components/organization-overview.tsx';
import { Panel } from '../../features/dashboard/components/panel.tsx';
import { MyTasks } from '../../features/tasks/components/my-tasks.tsx';

const SUBTITLE = "Welcome back! Here's what's happening with your business today.";

/**
 * `/`: "My day" (the caller's own tasks, meetings, replies and deals) for everyone in an
 * organisation; the organisation's figures, charts and activity for managers (Lead Management
 * or an administrator); the caller's open tasks.
 */
export const DashboardRoute = () => {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const manager = user !== null && seesOrganizationFigures(user);
  const dashboard = useDashboard(manager);
  const may = (key: Parameters<typeof hasPermission>[1]) =>
    user !== null && hasPermission(user, key);
  const inOrganization = user?.organization != null;
  const refreshing = queryClient.isFetching({ queryKey: queryKeys.dashboard }) > 0;

  const tasks = (
    <Panel title="My tasks" description="Your open tasks, overdue ones first">
      <MyTasks />
    </Panel>
  );

  const overview = !manager ? null : dashboard.isPending ? (
    <DashboardSkeleton />
  ) : dashboard.isError ? (
    <DashboardError
      message={dashboardErrorMessage(dashboard.error)}
      retrying={dashboard.isFetching}
      onRetry={() => void dashboard.refetch()}
    />
  ) : (
    <OrganizationOverview
      data={dashboard.data}
      tasks={tasks}
      links={{
        leads: may('leadsTable'),
        campaigns: may('campaigns'),
        calendar: may('calendar'),
        activity: may('activity'),
      }}
    />
  );

  return (
    <>
      <PageHeader
        title="Dashboard Overview"
        description={SUBTITLE}
        actions={
          <Button
            variant="default"
            leftSection={<IconRefresh size={16} />}
            onClick={() => void queryClient.invalidateQueries({ queryKey: queryKeys.dashboard })}
            loading={refreshing}
          >
            Refresh
          </Button>
        }
      />
      <Stack gap="xl">
        {user ? <GettingStartedPanel user={user} /> : null}
        {inOrganization ? (
          <MyDaySection
            access={{
              calendar: may('calendar'),
              leads: may('leadsTable'),
              pipeline: may('pipeline'),
              inbox: may('inbox'),
            }}
          />
        ) : null}
        {overview}
        {manager && dashboard.isSuccess ? null : tasks}
      </Stack>
    </>
  );
};
