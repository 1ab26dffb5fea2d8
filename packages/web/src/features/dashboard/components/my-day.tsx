import { Link } from 'react-router';
import { Anchor, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import {
  IconCalendarEvent,
  IconChecklist,
  IconCurrencyDollar,
  IconMailOpened,
} from '@tabler/icons-react';
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

const More = ({
  shown,
  total,
  to,
  label,
}: {
  shown: number;
  total: number;
  to?: string;
  label: string;
}) =>
  total > shown ? (
    <Text size="xs" c="dimmed">
      {formatCount(total - shown)} more
      {to ? (
        <>
          {' '}
          ·{' '}
          <Anchor component={Link} to={to} size="xs">
            {label}
          </Anchor>
        </>
      ) : null}
    </Text>
  ) : null;

const Lists = ({ day, access }: { day: MyDay; access: MyDayAccess }) => {
  const { tasks, meetings, replies, deals } = day;
  const taskTotal = tasks.overdue + tasks.dueToday;
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <Panel
        title="Tasks due"
        description={
          taskTotal === 0
            ? 'Due today and overdue'
            : `${formatCount(tasks.dueToday)} due today · ${formatCount(tasks.overdue)} overdue`
        }
      >
        {tasks.items.length === 0 ? (
          <Empty
            icon={IconChecklist}
            title="Nothing due today"
            hint="Add a task with a due date from a lead's drawer or in My tasks below; it shows here on the day."
          />
        ) : (
          <>
            <ItemList label="Tasks due today and overdue">
              {tasks.items.map((task) => (
                <TaskItem key={task._id} task={task} />
              ))}
            </ItemList>
            {taskTotal > tasks.items.length ? (
              <Text size="xs" c="dimmed">
                {formatCount(taskTotal - tasks.items.length)} more in My tasks below
              </Text>
            ) : null}
          </>
        )}
      </Panel>
      <Panel
        title="Meetings today"
        description={
          meetings.length === 0
            ? 'Yours and those you are invited to'
            : plural(meetings.length, 'meeting')
        }
        action={
          access.calendar ? (
            <Anchor component={Link} to="/calendar" size="sm">
              Calendar
            </Anchor>
          ) : null
        }
      >
        {meetings.length === 0 ? (
          <Empty
            icon={IconCalendarEvent}
            title="No meetings today"
            hint={
              access.calendar ? (
                <>
                  Schedule one in the{' '}
                  <Anchor component={Link} to="/calendar" size="sm">
                    calendar
                  </Anchor>{' '}
                  and pick the lead as an attendee.
                </>
              ) : (
                'Meetings you organise or are invited to show here on their day.'
              )
            }
          />
        ) : (
          <ItemList label="Meetings today">
            {meetings.map((meeting) => (
              <MeetingItem key={meeting._id} meeting={meeting} />
            ))}
          </ItemList>
        )}
      </Panel>
      <Panel
        title="Replies waiting"
        description="Your leads' replies with no email back from you since"
        action={
          access.inbox ? (
            <Anchor component={Link} to="/inbox" size="sm">
              Inbox
            </Anchor>
          ) : null
        }
      >
        {replies.items.length === 0 ? (
          <Empty
            icon={IconMailOpened}
            title="No replies waiting"
            hint="When one of your leads answers an email, it waits here until you write back."
          />
        ) : (
          <>
            <ItemList label="Replies waiting for your answer">
              {replies.items.map((reply) => (
                <ReplyItem key={reply.lead.id} reply={reply} />
              ))}
            </ItemList>
            <More
              shown={replies.items.length}
              total={replies.total}
              to={access.inbox ? '/inbox' : undefined}
              label="Open the inbox"
            />
          </>
        )}
      </Panel>
      <Panel
        title="My open deals"
        description={
          deals.count === 0
            ? 'Your leads with a deal value'
            : `${plural(deals.count, 'deal')} · ${formatMoney(deals.total, deals.currency)} in total`
        }
        action={
          access.pipeline ? (
            <Anchor component={Link} to="/pipeline" size="sm">
              Pipeline
            </Anchor>
          ) : null
        }
      >
        {deals.items.length === 0 ? (
          <Empty
            icon={IconCurrencyDollar}
            title="No open deals"
            hint="Give your leads a deal value (Edit in the lead's drawer) to follow them here until they become clients."
          />
        ) : (
          <>
            <ItemList label="My open deals">
              {deals.items.map((deal) => (
                <DealItem key={deal.lead.id} deal={deal} currency={deals.currency} />
              ))}
            </ItemList>
            <More
              shown={deals.items.length}
              total={deals.count}
              to={access.pipeline ? '/pipeline' : access.leads ? '/leads-table' : undefined}
              label={access.pipeline ? 'See the pipeline' : 'See your leads'}
            />
          </>
        )}
      </Panel>
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
