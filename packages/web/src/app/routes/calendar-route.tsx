import { useState } from 'react';
import { Alert, Badge, Button, Card, Grid, SimpleGrid, Stack } from '@mantine/core';
import { IconAlertCircle, IconPlus } from '@tabler/icons-react';
import {
  FETCH_MEETINGS_FAILED,
  meetingScheduledMessage,
  meetingsTodayLabel,
} from '@leadline/shared/calendar';
import type { Meeting } from '@leadline/shared/calendar';
import { PageHeader } from '../../components/page-header.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { notifySuccess } from '../../lib/notify.ts';
import { useSession } from '../../lib/session.ts';
import { useUrlState } from '../../lib/url-state.ts';
import { useDayMeetings, useMeetingsBetween } from '../../features/calendar/api/get-meetings.ts';
import {
  addMonths,
  dayKey,
  isCalendarView,
  meetingDays,
  parseDayKey,
  startOfDay,
  stepAnchor,
  viewerTimeZone,
  visibleRange,
  weekDays,
} from '../../features/calendar/components/calendar-dates.ts';
import type { CalendarView } from '../../features/calendar/components/calendar-dates.ts';
import { CalendarToolbar } from '../../features/calendar/components/calendar-toolbar.tsx';
import { DayMeetings, notifyNotice } from '../../features/calendar/components/day-meetings.tsx';
import { MeetingModal } from '../../features/calendar/components/meeting-modal.tsx';
import type { MeetingSaved } from '../../features/calendar/components/meeting-modal.tsx';
import { MonthGrid } from '../../features/calendar/components/month-grid.tsx';
import { CalendarActivity, MiniCalendar } from '../../features/calendar/components/side-panels.tsx';
import { TimeGrid } from '../../features/calendar/components/time-grid.tsx';
import { YearGrid } from '../../features/calendar/components/year-grid.tsx';

/** The view and the selected day live in the URL: reload and back restore them. */
const URL_DEFAULTS = { view: 'month', date: '' } as const;

const NOT_SENT_HINT = 'The meeting is saved: use Resend on its card once this is fixed.';

/** /calendar: the organisation's meetings by day, week, month or year, and scheduling. */
export const CalendarRoute = () => {
  const { user } = useSession();
  const [url, setUrl] = useUrlState(URL_DEFAULTS);
  const [modal, setModal] = useState<{ meeting: Meeting | null; date: string; key: number } | null>(
    null,
  );
  const timeZone = viewerTimeZone();
  const today = startOfDay(new Date());
  const view: CalendarView = isCalendarView(url.view) ? url.view : 'month';
  const selected = parseDayKey(url.date) ?? today;

  const range = visibleRange(view, selected);
  const grid = useMeetingsBetween(range.from, range.to, timeZone);
  const monthRange = visibleRange('month', selected);
  const month = useMeetingsBetween(monthRange.from, monthRange.to, timeZone);
  const todays = useDayMeetings(dayKey(today), timeZone);
  const meetings = grid.data ?? [];

  const select = (day: Date, nextView: CalendarView = view) =>
    setUrl({ date: dayKey(day) === dayKey(today) ? '' : dayKey(day), view: nextView });
  const canChange = (meeting: Meeting) =>
    user !== null && (meeting.organizer._id === user.id || user.role === 'Admin');

  const saved = (outcome: MeetingSaved) => {
    setModal(null);
    const { result } = outcome;
    notifySuccess(
      outcome.kind === 'scheduled'
        ? meetingScheduledMessage(result.meeting.topic, result.invitationsSent)
        : result.invitationsSent > 0
          ? `${outcome.result.message}. Updates sent: ${result.invitationsSent}.`
          : outcome.result.message,
    );
    if (result.notice) notifyNotice(`${result.notice} ${NOT_SENT_HINT}`);
    select(startOfDay(new Date(result.meeting.start)));
  };

  const shared = { today, selected, meetings, onSelect: (day: Date) => select(day) };
  const body =
    view === 'month' ? (
      <MonthGrid anchor={selected} {...shared} />
    ) : view === 'week' ? (
      <TimeGrid days={weekDays(selected)} label="Week" {...shared} />
    ) : view === 'day' ? (
      <TimeGrid days={[selected]} label="Day" {...shared} />
    ) : (
      <YearGrid
        year={selected.getFullYear()}
        selected={selected}
        today={today}
        marked={meetingDays(meetings)}
        onSelect={(day) => select(day)}
        onOpenMonth={(first) => select(first, 'month')}
      />
    );

  return (
    <>
      <PageHeader
        title="Meeting Calendar"
        description={
          todays.isSuccess ? (
            <Badge variant="light" size="lg" tt="none" component="span" data-testid="today-badge">
              {meetingsTodayLabel(todays.data.length)}
            </Badge>
          ) : null
        }
        actions={
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() => setModal({ meeting: null, date: dayKey(selected), key: Date.now() })}
          >
            Schedule Meeting
          </Button>
        }
      />
      <Grid gap="md" align="flex-start">
        <Grid.Col span={{ base: 12, xl: 9 }}>
          <Stack gap="lg">
            <Card withBorder radius="md" padding="md">
              <Stack gap="md">
                <CalendarToolbar
                  view={view}
                  anchor={selected}
                  onStep={(direction) => select(stepAnchor(view, selected, direction))}
                  onToday={() => select(today)}
                  onView={(next) => select(selected, next)}
                />
                {grid.isError ? (
                  <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
                    {errorMessage(grid.error, FETCH_MEETINGS_FAILED)}
                  </Alert>
                ) : null}
                <div aria-busy={grid.isFetching}>{body}</div>
              </Stack>
            </Card>
            <DayMeetings
              day={selected}
              timeZone={timeZone}
              canChange={canChange}
              onEdit={(meeting) => setModal({ meeting, date: meeting.date, key: Date.now() })}
            />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, xl: 3 }}>
          <SimpleGrid cols={{ base: 1, sm: 2, xl: 1 }} spacing="md">
            <MiniCalendar
              month={selected}
              selected={selected}
              today={today}
              marked={meetingDays(month.data ?? [])}
              onSelect={(day) => select(day)}
              onStepMonth={(direction) => select(addMonths(selected, direction))}
            />
            <CalendarActivity />
          </SimpleGrid>
        </Grid.Col>
      </Grid>
      {modal ? (
        <MeetingModal
          key={modal.key}
          meeting={modal.meeting}
          date={modal.date}
          onClose={() => setModal(null)}
          onSaved={saved}
        />
      ) : null}
    </>
  );
};
