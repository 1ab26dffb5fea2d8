import { UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { Meeting } from '@leadline/shared/calendar';
import { formatTime12, isConfirmed } from '@leadline/shared/calendar';
import { MOBILE_QUERY } from '../../../lib/constants.ts';
import {
  dayKey,
  formatLongDay,
  isSameDay,
  meetingsOnDay,
  monthGridDays,
  weekdayNames,
} from './calendar-dates.ts';
import classes from './calendar.module.css';
import { ConfirmedMark } from './confirmed-mark.tsx';

/** Chips a day cell shows before '+N more'. */
const CHIPS_PER_DAY = 3;

type EventChipProps = { meeting: Meeting; onSelect: () => void };

/** A meeting in a grid cell: the confirmed mark, start time in 12-hour format and topic. */
export const EventChip = ({ meeting, onSelect }: EventChipProps) => {
  const time = formatTime12(meeting.start);
  const confirmed = isConfirmed(meeting);
  return (
    <UnstyledButton
      className={classes.chip}
      title={`${time} ${meeting.topic}${confirmed ? ' (confirmed)' : ''}`}
      data-testid="event-chip"
      onClick={(event) => {
        event.stopPropagation();
        onSelect();
      }}
    >
      {confirmed ? <ConfirmedMark /> : null}
      <span className={classes.chipTime}>{time}</span>
      {meeting.topic}
    </UnstyledButton>
  );
};

type MonthGridProps = {
  anchor: Date;
  selected: Date;
  today: Date;
  meetings: readonly Meeting[];
  onSelect: (day: Date) => void;
};

/** Six weeks around the month: weekday headers, today and the selected day highlighted. */
export const MonthGrid = ({ anchor, selected, today, meetings, onSelect }: MonthGridProps) => {
  const mobile = useMediaQuery(MOBILE_QUERY);
  const names = weekdayNames(mobile ? 'narrow' : 'short');
  return (
    <div className={classes.monthGrid} role="group" aria-label="Month grid">
      {names.map((name, i) => (
        <div key={i} className={classes.weekday} aria-hidden>
          {name}
        </div>
      ))}
      {monthGridDays(anchor).map((day) => {
        const dayMeetings = meetingsOnDay(meetings, day);
        const className = [
          classes.cell,
          day.getMonth() !== anchor.getMonth() && classes.outside,
          isSameDay(day, today) && classes.today,
          isSameDay(day, selected) && classes.selected,
        ]
          .filter(Boolean)
          .join(' ');
        return (
          <div
            key={dayKey(day)}
            className={className}
            data-date={dayKey(day)}
            onClick={() => onSelect(day)}
          >
            <UnstyledButton
              className={classes.dayNumber}
              aria-label={`${formatLongDay(day)}${dayMeetings.length ? `, ${dayMeetings.length} meeting(s)` : ''}`}
              aria-current={isSameDay(day, today) ? 'date' : undefined}
              aria-pressed={isSameDay(day, selected)}
              onClick={(event) => {
                event.stopPropagation();
                onSelect(day);
              }}
            >
              {day.getDate()}
            </UnstyledButton>
            {mobile ? (
              <div className={classes.dots} aria-hidden>
                {dayMeetings.slice(0, CHIPS_PER_DAY).map((meeting) => (
                  <span
                    key={meeting._id}
                    className={`${classes.dot} ${isConfirmed(meeting) ? classes.dotConfirmed : ''}`}
                  />
                ))}
              </div>
            ) : (
              <>
                {dayMeetings.slice(0, CHIPS_PER_DAY).map((meeting) => (
                  <EventChip key={meeting._id} meeting={meeting} onSelect={() => onSelect(day)} />
                ))}
                {dayMeetings.length > CHIPS_PER_DAY ? (
                  <span className={classes.more}>+{dayMeetings.length - CHIPS_PER_DAY} more</span>
                ) : null}
              </>
            )}
          </div>
        );
      })}
    </div>
  );
};
