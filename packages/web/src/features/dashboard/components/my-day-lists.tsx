import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Anchor, Badge, Checkbox, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import { formatMoney } from '@leadline/shared/organization';
import type { MyDayDeal, MyDayMeeting, MyDayReply, MyDayTask } from '@leadline/shared/dashboard';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDateTime, formatDay } from '../../../lib/format.ts';
import { notifyError } from '../../../lib/notify.ts';
import { useTickTask } from '../api/get-my-day.ts';
import { leadPath, linkPath, meetingPath } from './my-day-links.ts';
import { PanelEmpty } from './panel.tsx';

const timeFormat = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' });

/** An unstyled list named for screen readers. */
export const ItemList = ({ label, children }: { label: string; children: ReactNode }) => (
  <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }} aria-label={label}>
    {children}
  </Stack>
);

/** A list's empty state: what it would hold and what to do next. */
export const Empty = ({
  icon: EmptyIcon,
  title,
  hint,
}: {
  icon: Icon;
  title: string;
  hint: ReactNode;
}) => (
  <PanelEmpty
    icon={
      <ThemeIcon size={40} radius="xl" variant="light" color="gray" aria-hidden>
        <EmptyIcon size={22} />
      </ThemeIcon>
    }
    title={title}
    hint={hint}
  />
);

const LeadLink = ({ id, name }: { id: string; name: string }) => (
  <Anchor
    component={Link}
    to={leadPath(id)}
    size="sm"
    fw={600}
    style={{ overflowWrap: 'anywhere' }}
  >
    {name}
  </Anchor>
);

/** A task due today or overdue: ticked done in one click. */
export const TaskItem = ({ task }: { task: MyDayTask }) => {
  const tick = useTickTask();
  return (
    <Group component="li" gap="sm" wrap="nowrap" align="flex-start" data-task={task._id}>
      <Checkbox
        mt={2}
        checked={tick.isPending || tick.isSuccess}
        disabled={tick.isPending}
        onChange={() =>
          tick.mutate(task._id, {
            onError: (error) =>
              notifyError(errorMessage(error, 'The task could not be saved.'), error),
          })
        }
        aria-label={`Mark done: ${task.title}`}
      />
      <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
        <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
          {task.title}
        </Text>
        <Group gap={6} wrap="wrap">
          {task.overdue ? (
            <Badge size="xs" color="red" variant="light">
              Overdue
            </Badge>
          ) : (
            <Badge size="xs" color="blue" variant="light">
              Today
            </Badge>
          )}
          {task.overdue ? (
            <Text size="xs" c="red.8">
              Due {formatDay(task.dueDate)}
            </Text>
          ) : null}
          {task.lead ? (
            <Anchor component={Link} to={leadPath(task.lead.id)} size="xs">
              {task.lead.name}
            </Anchor>
          ) : null}
        </Group>
      </Stack>
    </Group>
  );
};

/** A meeting today: its times in the viewer's zone, the calendar's day, the leads attending. */
export const MeetingItem = ({ meeting }: { meeting: MyDayMeeting }) => (
  <Group component="li" gap="sm" wrap="nowrap" align="flex-start" data-meeting={meeting._id}>
    <Text
      component="time"
      dateTime={meeting.start}
      size="sm"
      fw={600}
      miw={72}
      style={{ fontVariantNumeric: 'tabular-nums' }}
    >
      {timeFormat.format(new Date(meeting.start))}
    </Text>
    <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
      <Anchor
        component={Link}
        to={meetingPath(meeting.start)}
        size="sm"
        fw={600}
        style={{ overflowWrap: 'anywhere' }}
      >
        {meeting.topic}
      </Anchor>
      <Text size="xs" c="dimmed">
        until {timeFormat.format(new Date(meeting.end))}
        {meeting.location ? ` · ${meeting.location}` : ''}
        {meeting.organizer ? '' : ' · invited'}
      </Text>
      {meeting.links.length > 0 ? (
        <Group gap={6} wrap="wrap">
          <Text size="xs" c="dimmed">
            With
          </Text>
          {meeting.links.map((link) => (
            <Anchor key={`${link.kind}:${link.id}`} component={Link} to={linkPath(link)} size="xs">
              {link.name}
            </Anchor>
          ))}
        </Group>
      ) : null}
    </Stack>
  </Group>
);

/** A lead's reply with no email back since. */
export const ReplyItem = ({ reply }: { reply: MyDayReply }) => (
  <Stack component="li" gap={2} data-lead={reply.lead.id}>
    <Group gap={6} justify="space-between" wrap="wrap">
      <LeadLink id={reply.lead.id} name={reply.lead.name} />
      <Text component="time" dateTime={reply.receivedAt} size="xs" c="dimmed">
        {formatDateTime(reply.receivedAt)}
      </Text>
    </Group>
    {reply.subject ? (
      <Text size="sm" truncate>
        {reply.subject}
      </Text>
    ) : null}
    {reply.snippet ? (
      <Text size="xs" c="dimmed" lineClamp={2}>
        {reply.snippet}
      </Text>
    ) : null}
  </Stack>
);

/** An open deal: the lead, its status and value. */
export const DealItem = ({ deal, currency }: { deal: MyDayDeal; currency: string }) => (
  <Group component="li" gap="sm" wrap="nowrap" justify="space-between" data-lead={deal.lead.id}>
    <Stack gap={0} style={{ minWidth: 0 }}>
      <LeadLink id={deal.lead.id} name={deal.lead.name} />
      <Text size="xs" c="dimmed" truncate>
        {[
          deal.lead.company,
          deal.status,
          deal.expectedCloseDate && `closes ${formatDay(deal.expectedCloseDate)}`,
        ]
          .filter(Boolean)
          .join(' · ')}
      </Text>
    </Stack>
    <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
      {formatMoney(deal.dealValue, currency)}
    </Text>
  </Group>
);
