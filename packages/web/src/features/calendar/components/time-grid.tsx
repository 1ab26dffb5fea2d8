import { useEffect, useRef } from 'react';
import { UnstyledButton } from '@mantine/core';
import { formatTime12, isConfirmed } from '@leadline/shared/calendar';
import type { Meeting } from '@leadline/shared/calendar';
import {
  dayKey,
  formatLongDay,
  isSameDay,
  meetingsOnDay,
  minutesIntoDay,
} from './calendar-dates.ts';
import classes from './calendar.module.css';
import { ConfirmedMark } from './confirmed-mark.tsx';

const HOUR_HEIGHT = 48;
const GUTTER = 56;
/** The hour the grid opens at (its scroll position). */
const FIRST_HOUR_SHOWN = 7;
const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

const hourLabel = (hour: number) =>
  new Intl.DateTimeFormat('en-US', { hour: 'numeric', hour12: true }).format(
    new Date(2024, 0, 1, hour),
  );

type Placed = { meeting: Meeting; top: number; height: number; lane: number; lanes: number };

/** The day's meetings as blocks; overlapping ones side by side. */
const placeMeetings = (meetings: readonly Meeting[], day: Date): Placed[] => {
  const blocks = meetingsOnDay(meetings, day)
    .map((meeting) => {
      const start = minutesIntoDay(meeting.start, day);
      const end = minutesIntoDay(meeting.end, day);
      return { meeting, start, end: Math.max(end, start + 15) };
    })
    .sort((a, b) => a.start - b.start || b.end - a.end);
  // Meetings that overlap, directly or through others, share a cluster and split its width.
  const placed: Placed[] = [];
  let cluster: (typeof blocks)[number][] = [];
  let clusterEnd = -1;
  const flush = () => {
    const laneEnds: number[] = [];
    const lanes = cluster.map((block) => {
      let lane = laneEnds.findIndex((end) => end <= block.start);
      if (lane === -1) lane = laneEnds.push(block.end) - 1;
      else laneEnds[lane] = block.end;
      return lane;
    });
    cluster.forEach((block, i) =>
      placed.push({
        meeting: block.meeting,
        top: (block.start / 60) * HOUR_HEIGHT,
        height: Math.max(((block.end - block.start) / 60) * HOUR_HEIGHT - 2, 18),
        lane: lanes[i]!,
        lanes: laneEnds.length,
      }),
    );
    cluster = [];
  };
  for (const block of blocks) {
    if (block.start >= clusterEnd) flush();
    cluster.push(block);
    clusterEnd = Math.max(clusterEnd, block.end);
  }
  flush();
  return placed;
};

const weekdayFormat = new Intl.DateTimeFormat(undefined, { weekday: 'short' });
/** "Sun 15". */
const headerLabel = (day: Date) => `${weekdayFormat.format(day)} ${day.getDate()}`;
/** A block this short shows time and topic on one line. */
const ONE_LINE_HEIGHT = 40;

type TimeGridProps = {
  days: readonly Date[];
  today: Date;
  selected: Date;
  meetings: readonly Meeting[];
  onSelect: (day: Date) => void;
  label: string;
};

/** The Day and Week views: hours down the side, each meeting at its time in local time. */
export const TimeGrid = ({ days, today, selected, meetings, onSelect, label }: TimeGridProps) => {
  const scroller = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (scroller.current) scroller.current.scrollTop = FIRST_HOUR_SHOWN * HOUR_HEIGHT;
  }, []);
  const now = new Date();
  const columns = `${GUTTER}px repeat(${days.length}, minmax(${days.length > 1 ? 72 : 0}px, 1fr))`;
  return (
    <div className={classes.timeScroll} ref={scroller} role="group" aria-label={label}>
      <div className={classes.timeGrid} style={{ gridTemplateColumns: columns }}>
        <div className={classes.timeHeader} aria-hidden />
        {days.map((day) => (
          <UnstyledButton
            key={dayKey(day)}
            className={[classes.timeHeader, isSameDay(day, today) && classes.timeHeaderToday]
              .filter(Boolean)
              .join(' ')}
            aria-label={formatLongDay(day)}
            aria-pressed={isSameDay(day, selected)}
            onClick={() => onSelect(day)}
          >
            {headerLabel(day)}
          </UnstyledButton>
        ))}
        <div style={{ height: 24 * HOUR_HEIGHT }} aria-hidden>
          {HOURS.map((hour) => (
            <div key={hour} className={classes.hourLabel} style={{ height: HOUR_HEIGHT }}>
              {hour === 0 ? '' : hourLabel(hour)}
            </div>
          ))}
        </div>
        {days.map((day) => (
          <div
            key={dayKey(day)}
            className={classes.dayColumn}
            style={{ height: 24 * HOUR_HEIGHT }}
            data-date={dayKey(day)}
            onClick={() => onSelect(day)}
          >
            {HOURS.map((hour) => (
              <div key={hour} className={classes.hourLine} style={{ top: hour * HOUR_HEIGHT }} />
            ))}
            {isSameDay(day, now) ? (
              <div
                className={classes.nowLine}
                style={{ top: (minutesIntoDay(now.toISOString(), day) / 60) * HOUR_HEIGHT }}
              />
            ) : null}
            {placeMeetings(meetings, day).map(({ meeting, top, height, lane, lanes }) => (
              <UnstyledButton
                key={meeting._id}
                className={classes.timedEvent}
                data-testid="event-chip"
                title={`${formatTime12(meeting.start)} – ${formatTime12(meeting.end)} ${meeting.topic}`}
                style={{
                  top,
                  height,
                  left: `calc(${(lane / lanes) * 100}% + 2px)`,
                  width: `calc(${100 / lanes}% - 4px)`,
                  ...(height < ONE_LINE_HEIGHT
                    ? { whiteSpace: 'nowrap', textOverflow: 'ellipsis' }
                    : {}),
                }}
                onClick={(event) => {
                  event.stopPropagation();
                  onSelect(day);
                }}
              >
                {isConfirmed(meeting) ? <ConfirmedMark /> : null}
                <strong>{formatTime12(meeting.start)}</strong> {meeting.topic}
              </UnstyledButton>
            ))}
          </div>
        ))}
      </div>
    </div>
  );
};
