import { ActionIcon, Button, Group, SegmentedControl, Title } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { CALENDAR_VIEWS, isCalendarView, periodLabel } from './calendar-dates.ts';
import type { CalendarView } from './calendar-dates.ts';

const VIEW_LABELS: Record<CalendarView, string> = {
  day: 'Day',
  week: 'Week',
  month: 'Month',
  year: 'Year',
};

const UNIT: Record<CalendarView, string> = {
  day: 'day',
  week: 'week',
  month: 'month',
  year: 'year',
};

type CalendarToolbarProps = {
  view: CalendarView;
  anchor: Date;
  onStep: (direction: 1 | -1) => void;
  onToday: () => void;
  onView: (view: CalendarView) => void;
};

/** The period shown, previous / today / next, and the Day, Week, Month and Year views. */
export const CalendarToolbar = ({
  view,
  anchor,
  onStep,
  onToday,
  onView,
}: CalendarToolbarProps) => (
  <Group justify="space-between" gap="sm" wrap="wrap">
    <Group gap="xs" wrap="wrap">
      <Group gap="xs" wrap="nowrap">
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={`Previous ${UNIT[view]}`}
          onClick={() => onStep(-1)}
        >
          <IconChevronLeft size={18} />
        </ActionIcon>
        <Button variant="default" onClick={onToday}>
          Today
        </Button>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={`Next ${UNIT[view]}`}
          onClick={() => onStep(1)}
        >
          <IconChevronRight size={18} />
        </ActionIcon>
      </Group>
      <Title order={3} size="h4" ml={4} aria-live="polite" data-testid="calendar-period">
        {periodLabel(view, anchor)}
      </Title>
    </Group>
    <SegmentedControl
      aria-label="Calendar view"
      value={view}
      onChange={(value) => {
        if (isCalendarView(value)) onView(value);
      }}
      data={CALENDAR_VIEWS.map((value) => ({ value, label: VIEW_LABELS[value] }))}
    />
  </Group>
);
