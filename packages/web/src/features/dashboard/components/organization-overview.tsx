import type { ReactNode } from 'react';
import { Grid, SimpleGrid, Stack, Title } from '@mantine/core';
import { IconCalendarEvent, IconSpeakerphone, IconUsers } from '@tabler/icons-react';
import type { DashboardResponse } from '@leadline/shared/dashboard';
import { CampaignPerformanceChart } from './campaign-performance-chart.tsx';
import { LeadsBySourceChart } from './leads-by-source-chart.tsx';
import { LeadsByStatus } from './leads-by-status.tsx';
import { RecentActivity } from './recent-activity.tsx';
import { StatCard } from './stat-card.tsx';
import { UpcomingMeetings } from './upcoming-meetings.tsx';

/** Which of the organisation's pages the viewer may open from the figures. */
export type OverviewLinks = {
  leads: boolean;
  campaigns: boolean;
  calendar: boolean;
  activity: boolean;
};

type OrganizationOverviewProps = {
  data: DashboardResponse;
  links: OverviewLinks;
  /** The viewer's own open tasks (the tasks feature's panel), beside the activity. */
  tasks: ReactNode;
};

/** The managers' part of the dashboard: the organisation's figures, charts and activity. */
export const OrganizationOverview = ({ data, links, tasks }: OrganizationOverviewProps) => {
  const { counts, trends } = data;
  return (
    <Stack gap="md" component="section" aria-labelledby="organization-title">
      <Title order={2} size="h3" id="organization-title">
        Organisation
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <StatCard
          label="Active Leads"
          value={counts.activeLeads}
          trend={trends.activeLeads}
          color="blue"
          icon={<IconUsers size={26} />}
          to={links.leads ? '/leads-table' : undefined}
        />
        <StatCard
          label="Campaigns"
          value={counts.campaigns}
          trend={trends.campaigns}
          color="orange"
          icon={<IconSpeakerphone size={26} />}
          to={links.campaigns ? '/campaigns' : undefined}
        />
        <StatCard
          label="Meetings"
          value={counts.meetings}
          trend={trends.meetings}
          color="violet"
          icon={<IconCalendarEvent size={26} />}
          to={links.calendar ? '/calendar' : undefined}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <LeadsBySourceChart data={data.leadsBySource} linkable={links.leads} />
        <CampaignPerformanceChart
          data={data.campaignPerformance}
          campaignCount={counts.campaigns}
          linkable={links.campaigns}
        />
      </SimpleGrid>
      <Grid gap="md" align="flex-start">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <RecentActivity entries={data.recentActivities} canViewAll={links.activity} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="md">
            {tasks}
            <UpcomingMeetings meetings={data.upcomingMeetings} canOpenCalendar={links.calendar} />
            <LeadsByStatus data={data.leadsByStatus} linkable={links.leads} />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
};
