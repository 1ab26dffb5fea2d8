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

/** The three headline figures: what each counts, its colour and the page behind it. */
const STATS = [
  {
    key: 'activeLeads',
    label: 'Active Leads',
    color: 'blue',
    icon: IconUsers,
    link: 'leads',
    to: '/leads-table',
  },
  {
    key: 'campaigns',
    label: 'Campaigns',
    color: 'orange',
    icon: IconSpeakerphone,
    link: 'campaigns',
    to: '/campaigns',
  },
  {
    key: 'meetings',
    label: 'Meetings',
    color: 'violet',
    icon: IconCalendarEvent,
    link: 'calendar',
    to: '/calendar',
  },
] as const;

/** The managers' part of the dashboard: the organisation's figures, charts and activity. */
export const OrganizationOverview = ({ data, links, tasks }: OrganizationOverviewProps) => {
  const { counts, trends } = data;
  return (
    <Stack gap="md" component="section" aria-labelledby="organization-title">
      <Title order={2} size="h3" id="organization-title">
        Organisation
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        {STATS.map((stat) => (
          <StatCard
            key={stat.key}
            label={stat.label}
            value={counts[stat.key]}
            trend={trends[stat.key]}
            color={stat.color}
            icon={<stat.icon size={26} />}
            to={links[stat.link] ? stat.to : undefined}
          />
        ))}
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
