import { UnstyledButton } from '@mantine/core';
import { dayKey, formatLongDay, isSameDay, monthGridDays, weekdayNames } from './calendar-dates.ts';
import classes from './calendar.module.css';

type MiniMonthProps = {
  month: Date;
  selected: Date;
  today: Date;
  /** Days (keys) that have meetings: marked with a dot. */
  marked: ReadonlySet<string>;
  onSelect: (day: Date) => void;
};

/** A small month: the side calendar and each month of the year view. */
export const MiniMonth = ({ month, selected, today, marked, onSelect }: MiniMonthProps) => (
  <div className={classes.miniGrid}>
    {weekdayNames('narrow').map((name, i) => (
      <div key={i} className={classes.miniWeekday} aria-hidden>
        {name}
      </div>
    ))}
    {monthGridDays(month).map((day) => {
      const key = dayKey(day);
      const hasMeetings = marked.has(key);
      const className = [
        classes.miniDay,
        day.getMonth() !== month.getMonth() && classes.miniOutside,
        isSameDay(day, today) && classes.miniToday,
        isSameDay(day, selected) && classes.miniSelected,
        hasMeetings && classes.miniMarked,
      ]
        .filter(Boolean)
        .join(' ');
      return (
        <UnstyledButton
          key={key}
          className={className}
          data-date={key}
          data-marked={hasMeetings || undefined}
          aria-label={`${formatLongDay(day)}${hasMeetings ? ', has meetings' : ''}`}
          aria-pressed={isSameDay(day, selected)}
          onClick={() => onSelect(day)}
        >
          {day.getDate()}
        </UnstyledButton>
      );
    })}
  </div>
);
