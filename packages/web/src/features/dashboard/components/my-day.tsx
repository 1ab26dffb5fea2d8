import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Anchor, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import {
  IconCalendarEvent,
  IconChecklist,
  IconCurrencyDollar,
  IconMailOpened,
} from '@tabler/icons-react';
import type { Icon } from '@tabler/icons-react';
import { formatMoney } from '@leadline/shared/organization';
import type { MyDay } from '@leadline/shared/dashboard';
import { LoadError } from '../../../components/load-error.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatCount, formatDay } from '../../../lib/format.ts';
import { useMyDay } from '../api/get-my-day.ts';
import { DealItem, Empty, ItemList, MeetingItem, ReplyItem, TaskItem } from './my-day-lists.tsx';
import { Panel } from './panel.tsx';

/** What the caller may open from My day (their permissions). */
export type MyDayAccess = { calendar: boolean; leads: boolean; pipeline: boolean; inbox: boolean };

const plural = (count: number, word: string) =>
  `${formatCount(count)} ${word}${count === 1 ? '' : 's'}`;

type PanelLinkTo = { to: string; label: string } | null;

const HeaderLink = ({ link }: { link: PanelLinkTo }) =>
  link ? (
    <Anchor component={Link} to={link.to} size="sm">
      {link.label}
    </Anchor>
  ) : null;

type MyDayPanelProps<Item> = {
  title: string;
  description: string;
  /** The link in the panel's header (the page behind the list), when the caller may open it. */
  link?: PanelLinkTo;
  empty: { icon: Icon; title: string; hint: ReactNode };
  /** The list's name for screen readers. */
  listLabel: string;
  items: readonly Item[];
  children: (item: Item) => ReactNode;
  /** What the list leaves out: how many, and where they are. */
  more?: { total: number; text: string; link?: PanelLinkTo };
};

/** One of My day's four panels: its list, its empty state and how many more there are. */
const MyDayPanel = <Item,>({
  title,
  description,
  link = null,
  empty,
  listLabel,
  items,
  children,
  more,
}: MyDayPanelProps<Item>) => (
  <Panel title={title} description={description} action={<HeaderLink link={link} />}>
    {items.length === 0 ? (
      <Empty icon={empty.icon} title={empty.title} hint={empty.hint} />
    ) : (
      <>
        <ItemList label={listLabel}>{items.map(children)}</ItemList>
        {more && more.total > items.length ? (
          <Text size="xs" c="dimmed">
            {formatCount(more.total - items.length)} {more.text}
            {more.link ? (
              <>
                {' '}
                ·{' '}
                <Anchor component={Link} to={more.link.to} size="xs">
                  {more.link.label}
                </Anchor>
              </>
            ) : null}
          </Text>
        ) : null}
      </>
    )}
  </Panel>
);

const Lists = ({ day, access }: { day: MyDay; access: MyDayAccess }) => {
  const { tasks, meetings, replies, deals } = day;
  const taskTotal = tasks.overdue + tasks.dueToday;
  const calendar = access.calendar ? { to: '/calendar', label: 'Calendar' } : null;
  const inbox = access.inbox ? { to: '/inbox', label: 'Inbox' } : null;
  const pipeline = access.pipeline ? { to: '/pipeline', label: 'Pipeline' } : null;
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <MyDayPanel
        title="Tasks due"
        description={
          taskTotal === 0
            ? 'Due today and overdue'
            : `${formatCount(tasks.dueToday)} due today · ${formatCount(tasks.overdue)} overdue`
        }
        empty={{
          icon: IconChecklist,
          title: 'Nothing due today',
          hint: "Add a task with a due date from a lead's drawer or in My tasks below; it shows here on the day.",
        }}
        listLabel="Tasks due today and overdue"
        items={tasks.items}
        more={{ total: taskTotal, text: 'more in My tasks below' }}
      >
        {(task) => <TaskItem key={task._id} task={task} />}
      </MyDayPanel>
      <MyDayPanel
        title="Meetings today"
        description={
          meetings.length === 0
            ? 'Yours and those you are invited to'
            : plural(meetings.length, 'meeting')
        }
        link={calendar}
        empty={{
          icon: IconCalendarEvent,
          title: 'No meetings today',
          hint: access.calendar ? (
            <>
              Schedule one in the{' '}
              <Anchor component={Link} to="/calendar" size="sm" underline="always">
                calendar
              </Anchor>{' '}
              and pick the lead as an attendee.
            </>
          ) : (
            'Meetings you organise or are invited to show here on their day.'
          ),
        }}
        listLabel="Meetings today"
        items={meetings}
      >
        {(meeting) => <MeetingItem key={meeting._id} meeting={meeting} />}
      </MyDayPanel>
      <MyDayPanel
        title="Replies waiting"
        description="Your leads' replies with no email back from you since"
        link={inbox}
        empty={{
          icon: IconMailOpened,
          title: 'No replies waiting',
          hint: 'When one of your leads answers an email, it waits here until you write back.',
        }}
        listLabel="Replies waiting for your answer"
        items={replies.items}
        more={{
          total: replies.total,
          text: 'more',
          link: inbox && { to: inbox.to, label: 'Open the inbox' },
        }}
      >
        {(reply) => <ReplyItem key={reply.lead.id} reply={reply} />}
      </MyDayPanel>
      <MyDayPanel
        title="My open deals"
        description={
          deals.count === 0
            ? 'Your leads with a deal value'
            : `${plural(deals.count, 'deal')} · ${formatMoney(deals.total, deals.currency)} in total`
        }
        link={pipeline}
        empty={{
          icon: IconCurrencyDollar,
          title: 'No open deals',
          hint: "Give your leads a deal value (Edit in the lead's drawer) to follow them here until they become clients.",
        }}
        listLabel="My open deals"
        items={deals.items}
        more={{
          total: deals.count,
          text: 'more',
          link: pipeline
            ? { to: '/pipeline', label: 'See the pipeline' }
            : access.leads
              ? { to: '/leads-table', label: 'See your leads' }
              : null,
        }}
      >
        {(deal) => <DealItem key={deal.lead.id} deal={deal} currency={deals.currency} />}
      </MyDayPanel>
    </SimpleGrid>
  );
};

/** "My day": the caller's own tasks, meetings, replies and deals for today, in one request. */
export const MyDaySection = ({ access }: { access: MyDayAccess }) => {
  const day = useMyDay();
  return (
    <Stack gap="sm" component="section" aria-labelledby="my-day-title">
      <Group justify="space-between" align="baseline" gap="xs">
        <Title order={2} size="h3" id="my-day-title">
          My day
        </Title>
        {day.data ? (
          <Text size="sm" c="dimmed">
            {formatDay(day.data.date)}
          </Text>
        ) : null}
      </Group>
      {day.isPending ? (
        <SimpleGrid
          cols={{ base: 1, md: 2 }}
          spacing="md"
          aria-busy="true"
          aria-label="Loading my day"
        >
          {[0, 1, 2, 3].map((key) => (
            <Card key={key} withBorder radius="md" padding="lg">
              <Stack gap={10}>
                <Skeleton h={16} w="40%" />
                <Skeleton h={12} w="80%" />
                <Skeleton h={12} w="65%" />
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      ) : day.isError ? (
        <LoadError
          title="Failed to load your day"
          message={errorMessage(day.error, 'Please try again.')}
          onRetry={() => void day.refetch()}
          retrying={day.isFetching}
        />
      ) : (
        <Lists day={day.data} access={access} />
      )}
    </Stack>
  );
};
