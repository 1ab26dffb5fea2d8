import '@mantine/charts/styles.css';
import { Button, Grid, SimpleGrid, Stack } from '@mantine/core';
import { IconCalendarEvent, IconRefresh, IconSpeakerphone, IconUsers } from '@tabler/icons-react';
import { hasPermission } from '@leadline/shared/permissions';
import { PageHeader } from '../../components/page-header.tsx';
import { useSession } from '../../lib/session.ts';
import { useDashboard } from '../../features/dashboard/api/get-dashboard.ts';
import { CampaignPerformanceChart } from '../../features/dashboard/components/campaign-performance-chart.tsx';
import { dashboardErrorMessage } from '../../features/dashboard/components/dashboard-format.ts';
import { GettingStartedPanel } from '../../features/dashboard/components/getting-started.tsx';
import {
  DashboardError,
  DashboardSkeleton,
} from '../../features/dashboard/components/dashboard-states.tsx';
import { LeadsBySourceChart } from '../../features/dashboard/components/leads-by-source-chart.tsx';
import { Panel } from '../../features/dashboard/components/panel.tsx';
import { MyTasks } from '../../features/tasks/components/my-tasks.tsx';
import { LeadsByStatus } from '../../features/dashboard/components/leads-by-status.tsx';
import { RecentActivity } from '../../features/dashboard/components/recent-activity.tsx';
import { StatCard } from '../../features/dashboard/components/stat-card.tsx';
import { UpcomingMeetings } from '../../features/dashboard/components/upcoming-meetings.tsx';

const SUBTITLE = "Welcome back! Here's what's happening with your business today.";

/** `/`: the organisation's figures, charts, recent activity, the caller's tasks and upcoming meetings. */
export const DashboardRoute = () => {
  const { user } = useSession();
  const dashboard = useDashboard();
  const may = (key: Parameters<typeof hasPermission>[1]) =>
    user !== null && hasPermission(user, key);
  const refreshing = dashboard.isFetching && !dashboard.isPending;

  const header = (
    <PageHeader
      title="Dashboard Overview"
      description={SUBTITLE}
      actions={
        dashboard.isSuccess ? (
          <Button
            variant="default"
            leftSection={<IconRefresh size={16} />}
            onClick={() => void dashboard.refetch()}
            loading={refreshing}
          >
            Refresh
          </Button>
        ) : null
      }
    />
  );

  if (dashboard.isPending) {
    return (
      <>
        {header}
        <DashboardSkeleton />
      </>
    );
  }
  if (dashboard.isError) {
    return (
      <>
        {header}
        <DashboardError
          message={dashboardErrorMessage(dashboard.error)}
          retrying={dashboard.isFetching}
          onRetry={() => void dashboard.refetch()}
        />
      </>
    );
  }

  const { counts, trends } = dashboard.data;
  return (
    <>
      {header}
      <Stack gap="md">
        {user ? <GettingStartedPanel user={user} /> : null}
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <StatCard
            label="Active Leads"
            value={counts.activeLeads}
            trend={trends.activeLeads}
            color="blue"
            icon={<IconUsers size={26} />}
            to={may('leadsTable') ? '/leads-table' : undefined}
          />
          <StatCard
            label="Campaigns"
            value={counts.campaigns}
            trend={trends.campaigns}
            color="orange"
            icon={<IconSpeakerphone size={26} />}
            to={may('campaigns') ? '/campaigns' : undefined}
          />
          <StatCard
            label="Meetings"
            value={counts.meetings}
            trend={trends.meetings}
            color="violet"
            icon={<IconCalendarEvent size={26} />}
            to={may('calendar') ? '/calendar' : undefined}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <LeadsBySourceChart data={dashboard.data.leadsBySource} linkable={may('leadsTable')} />
          <CampaignPerformanceChart
            data={dashboard.data.campaignPerformance}
            campaignCount={counts.campaigns}
            linkable={may('campaigns')}
          />
        </SimpleGrid>
        <Grid gap="md" align="flex-start">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <RecentActivity
              entries={dashboard.data.recentActivities}
              canViewAll={may('activity')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Stack gap="md">
              <Panel title="My tasks" description="Your open tasks, overdue ones first">
                <MyTasks />
              </Panel>
              <UpcomingMeetings
                meetings={dashboard.data.upcomingMeetings}
                canOpenCalendar={may('calendar')}
              />
              <LeadsByStatus data={dashboard.data.leadsByStatus} linkable={may('leadsTable')} />
            </Stack>
          </Grid.Col>
        </Grid>
      </Stack>
    </>
  );
};
