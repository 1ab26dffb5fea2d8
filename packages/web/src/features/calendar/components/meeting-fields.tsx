import type { ReactNode } from 'react';
import { Card, Group, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import {
  MEETING_DESCRIPTION_MAX,
  MEETING_LOCATION_MAX,
  MEETING_TITLE_MAX,
  durationText,
} from '@leadline/shared/calendar';
import type { MeetingLink } from '@leadline/shared/calendar';
import { AttendeePicker } from './attendee-picker.tsx';
import { parseDayKey } from './calendar-dates.ts';
import { attendeeCount, durationMinutes } from './meeting-form.ts';
import type { MeetingField, MeetingFormValues } from './meeting-form.ts';

const summaryDate = new Intl.DateTimeFormat(undefined, {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});

const Counter = ({ length, max }: { length: number; max: number }) => (
  <Text size="xs" c={length >= max ? 'red' : 'dimmed'} ta="right" mt={2} aria-live="polite">
    {length}/{max}
  </Text>
);

/** The summary card: the date, the length in hours and minutes, and how many attendees. */
export const MeetingSummary = ({
  values,
  links,
}: {
  values: MeetingFormValues;
  links: readonly MeetingLink[];
}) => {
  const day = parseDayKey(values.date);
  const attendees = attendeeCount(values, links);
  const items = [
    ['Date', day ? summaryDate.format(day) : 'No date selected'],
    ['Duration', durationText(durationMinutes(values))],
    ['Attendees', `${attendees} attendee(s)`],
  ] as const;
  return (
    <Card withBorder radius="md" padding="sm" bg="var(--mantine-primary-color-light)">
      <SimpleGrid cols={3} spacing="xs" data-testid="meeting-summary">
        {items.map(([label, value]) => (
          <Stack key={label} gap={0}>
            <Text size="xs" c="dimmed" fw={600} tt="uppercase">
              {label}
            </Text>
            <Text size="sm" fw={600}>
              {value}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
    </Card>
  );
};

type MeetingFieldsProps = {
  values: MeetingFormValues;
  /** Shown right under the start and end times (the conflict warning). */
  timesNote?: ReactNode;
  errors: Partial<Record<MeetingField, string>>;
  onChange: (field: MeetingField, value: string) => void;
  /** The leads and clients picked as attendees. */
  links: readonly MeetingLink[];
  onLinksChange: (links: MeetingLink[]) => void;
};

/** Meeting Title, Date, Start Time, End Time, Location, Attendees, Description & Agenda. */
export const MeetingFields = ({
  values,
  errors,
  timesNote,
  onChange,
  links,
  onLinksChange,
}: MeetingFieldsProps) => {
  const bind = (field: MeetingField) => ({
    value: values[field],
    error: errors[field],
    onChange: (event: { currentTarget: { value: string } }) =>
      onChange(field, event.currentTarget.value),
  });
  return (
    <Stack gap="sm">
      <div>
        <TextInput
          label="Meeting Title"
          placeholder="Quarterly review with Acme"
          required
          maxLength={MEETING_TITLE_MAX}
          data-autofocus
          {...bind('topic')}
        />
        <Counter length={values.topic.length} max={MEETING_TITLE_MAX} />
      </div>
      <TextInput label="Date" type="date" required {...bind('date')} />
      <Stack gap={6}>
        <Group grow gap="sm" align="flex-start">
          <TextInput label="Start Time" type="time" required {...bind('startTime')} />
          <TextInput label="End Time" type="time" required {...bind('endTime')} />
        </Group>
        {timesNote}
      </Stack>
      <div>
        <TextInput
          label="Location"
          placeholder="Meeting room, address or video link"
          maxLength={MEETING_LOCATION_MAX}
          {...bind('location')}
        />
        <Counter length={values.location.length} max={MEETING_LOCATION_MAX} />
      </div>
      <AttendeePicker links={links} onChange={onLinksChange} />
      <Textarea
        label="Other attendees"
        description="Email addresses, separated by commas"
        placeholder="ada@client.com, grace@client.com"
        autosize
        minRows={2}
        {...bind('attendees')}
      />
      <div>
        <Textarea
          label="Description & Agenda"
          placeholder="What the meeting is about"
          autosize
          minRows={3}
          maxRows={8}
          maxLength={MEETING_DESCRIPTION_MAX}
          {...bind('description')}
        />
        <Counter length={values.description.length} max={MEETING_DESCRIPTION_MAX} />
      </div>
    </Stack>
  );
};
