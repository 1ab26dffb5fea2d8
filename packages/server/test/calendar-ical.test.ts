import { describe, expect, it } from 'vitest';
import ICAL from 'ical.js';
import {
  buildICalendar,
  escapeText,
  foldLine,
  utcOffset,
  vtimezone,
} from '../src/modules/calendar/ical.ts';
import type { ICalEvent } from '../src/modules/calendar/ical.ts';
import { offsetAt, wallTimeAt, zonedToInstant } from '../src/modules/calendar/zone.ts';

const HOUR = 3_600_000;

const wall = (date: string, time: string) => {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  return { year, month, day, hour, minute, second: 0 };
};

const event = (overrides: Partial<ICalEvent> = {}): ICalEvent => {
  const start = zonedToInstant(wall('2025-07-14', '10:00'), 'Europe/Berlin');
  return {
    method: 'REQUEST',
    uid: 'b7e3c1a0-0000-4000-8000-000000000001@acme.test',
    sequence: 0,
    stamp: Date.UTC(2025, 6, 1, 8, 30, 15),
    start,
    end: start + HOUR,
    timeZone: 'Europe/Berlin',
    summary: 'Quarterly review',
    description: '',
    location: '',
    organizer: { name: 'Ada Admin', email: 'ada@acme.test' },
    attendees: ['grace@client.test'],
    created: Date.UTC(2025, 6, 1, 8, 0, 0),
    lastModified: Date.UTC(2025, 6, 1, 8, 0, 0),
    ...overrides,
  };
};

/** The parsed calendar, its event and the instants of DTSTART and DTEND read through its VTIMEZONE. */
const parse = (text: string) => {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const zones = calendar.getAllSubcomponents('vtimezone').map((zone) => new ICAL.Timezone(zone));
  const vevent = calendar.getFirstSubcomponent('vevent')!;
  const instant = (name: string) => {
    const property = vevent.getFirstProperty(name)!;
    const time = property.getFirstValue() as ICAL.Time;
    const zone = zones.find((candidate) => candidate.tzid === property.getParameter('tzid'));
    if (zone) time.zone = zone;
    return time.toUnixTime() * 1000;
  };
  return { calendar, vevent, zones, instant };
};

describe('time zones from Intl', () => {
  it('turns wall times into instants, through daylight saving gaps and overlaps', () => {
    expect(
      new Date(zonedToInstant(wall('2025-01-15', '09:00'), 'Europe/Berlin')).toISOString(),
    ).toBe('2025-01-15T08:00:00.000Z');
    expect(
      new Date(zonedToInstant(wall('2025-07-15', '09:00'), 'Europe/Berlin')).toISOString(),
    ).toBe('2025-07-15T07:00:00.000Z');
    expect(
      new Date(zonedToInstant(wall('2025-07-15', '09:00'), 'America/New_York')).toISOString(),
    ).toBe('2025-07-15T13:00:00.000Z');
    expect(
      new Date(zonedToInstant(wall('2025-07-15', '09:00'), 'Asia/Kolkata')).toISOString(),
    ).toBe('2025-07-15T03:30:00.000Z');
    // 02:30 does not exist on 30 March 2025 in Berlin: it is read as 03:30 summer time.
    expect(
      new Date(zonedToInstant(wall('2025-03-30', '02:30'), 'Europe/Berlin')).toISOString(),
    ).toBe('2025-03-30T01:30:00.000Z');
    // 02:30 happens twice on 26 October 2025: the first (summer time) is meant.
    expect(
      new Date(zonedToInstant(wall('2025-10-26', '02:30'), 'Europe/Berlin')).toISOString(),
    ).toBe('2025-10-26T00:30:00.000Z');
    expect(wallTimeAt(Date.UTC(2025, 6, 15, 13), 'America/New_York')).toMatchObject({
      hour: 9,
      minute: 0,
    });
    expect(offsetAt(Date.UTC(2025, 0, 1), 'Australia/Sydney')).toBe(11 * HOUR);
  });

  it('writes the real offset changes of the years the meeting spans', () => {
    const start = Date.UTC(2025, 6, 14, 8);
    expect(vtimezone('Europe/Berlin', start, start + HOUR)).toEqual([
      'BEGIN:VTIMEZONE',
      'TZID:Europe/Berlin',
      'BEGIN:STANDARD',
      'DTSTART:20241027T030000',
      'TZOFFSETFROM:+0200',
      'TZOFFSETTO:+0100',
      expect.stringMatching(/^TZNAME:/),
      'END:STANDARD',
      'BEGIN:DAYLIGHT',
      'DTSTART:20250330T020000',
      'TZOFFSETFROM:+0100',
      'TZOFFSETTO:+0200',
      expect.stringMatching(/^TZNAME:/),
      'END:DAYLIGHT',
      'BEGIN:STANDARD',
      'DTSTART:20251026T030000',
      'TZOFFSETFROM:+0200',
      'TZOFFSETTO:+0100',
      expect.stringMatching(/^TZNAME:/),
      'END:STANDARD',
      'END:VTIMEZONE',
    ]);
    const sydney = vtimezone('Australia/Sydney', start, start + HOUR).join('\n');
    expect(sydney).toContain('BEGIN:DAYLIGHT\nDTSTART:20241006T020000\nTZOFFSETFROM:+1000');
    expect(sydney).toContain('BEGIN:STANDARD\nDTSTART:20250406T030000\nTZOFFSETFROM:+1100');
    const newYork = vtimezone('America/New_York', start, start + HOUR).join('\n');
    expect(newYork).toContain('DTSTART:20250309T020000\nTZOFFSETFROM:-0500\nTZOFFSETTO:-0400');
    expect(newYork).toContain('DTSTART:20251102T020000\nTZOFFSETFROM:-0400\nTZOFFSETTO:-0500');
    // No changes at all: one STANDARD observance.
    expect(vtimezone('Asia/Kolkata', start, start + HOUR).slice(2, 6)).toEqual([
      'BEGIN:STANDARD',
      'DTSTART:19700101T000000',
      'TZOFFSETFROM:+0530',
      'TZOFFSETTO:+0530',
    ]);
    // A meeting across the new year carries both years' changes.
    const newYear = Date.UTC(2025, 11, 31, 22);
    const span = vtimezone('Europe/Berlin', newYear, newYear + 3 * HOUR).join('\n');
    expect(span).toContain('DTSTART:20260329T020000');
    expect(span).toContain('DTSTART:20261025T030000');
    expect(utcOffset(-(3 * HOUR + 30 * 60_000))).toBe('-0330');
    expect(utcOffset(5 * HOUR + 30 * 60_000 + 28_000)).toBe('+053028');
  });
});

describe('the iCalendar text', () => {
  it('escapes TEXT values and folds lines at 75 octets without splitting a character', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf');
    const long = `SUMMARY:${'Überprüfung der Quartalszahlen – '.repeat(6)}`;
    const folded = foldLine(long);
    const lines = folded.split('\r\n');
    expect(lines.length).toBeGreaterThan(3);
    for (const line of lines) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    for (const line of lines.slice(1)) expect(line.startsWith(' ')).toBe(true);
    expect(lines.map((line, i) => (i === 0 ? line : line.slice(1))).join('')).toBe(long);
    expect(folded).not.toContain('\uFFFD');
  });

  it('is parsed back by ical.js field by field, in several zones', () => {
    for (const timeZone of [
      'Europe/Berlin',
      'America/New_York',
      'Asia/Kolkata',
      'Australia/Sydney',
      'UTC',
    ]) {
      for (const [date, time] of [
        ['2025-01-20', '09:15'],
        ['2025-07-14', '16:45'],
      ] as const) {
        const start = zonedToInstant(wall(date, time), timeZone);
        const text = buildICalendar(
          event({
            start,
            end: start + 90 * 60_000,
            timeZone,
            summary: 'Review; budget, plans \\ next steps – Überblick',
            description: 'Agenda:\n1. Numbers, costs; risks\n2. Next steps',
            location: 'Room 4, Building B; 2nd floor',
            organizer: { name: 'Ada Admin, Sales', email: 'ada@acme.test' },
            attendees: ['grace@client.test', 'alan@client.test'],
          }),
        );
        expect(text.endsWith('\r\n')).toBe(true);
        expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
        for (const line of text.split('\r\n'))
          expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);

        const { calendar, vevent, instant } = parse(text);
        expect(calendar.getFirstPropertyValue('method')).toBe('REQUEST');
        expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
        expect(calendar.getFirstPropertyValue('prodid')).toBe('-//Leadline//Leadline CRM//EN');
        expect(vevent.getFirstPropertyValue('uid')).toBe(
          'b7e3c1a0-0000-4000-8000-000000000001@acme.test',
        );
        expect(vevent.getFirstPropertyValue('sequence')).toBe(0);
        expect(vevent.getFirstPropertyValue('summary')).toBe(
          'Review; budget, plans \\ next steps – Überblick',
        );
        expect(vevent.getFirstPropertyValue('description')).toBe(
          'Agenda:\n1. Numbers, costs; risks\n2. Next steps',
        );
        expect(vevent.getFirstPropertyValue('location')).toBe('Room 4, Building B; 2nd floor');
        expect(vevent.getFirstPropertyValue('status')).toBe('CONFIRMED');
        expect(vevent.getFirstProperty('dtstart')!.getParameter('tzid')).toBe(timeZone);
        expect(instant('dtstart')).toBe(start);
        expect(instant('dtend')).toBe(start + 90 * 60_000);
        const stamp = vevent.getFirstProperty('dtstamp')!.getFirstValue() as ICAL.Time;
        expect(stamp.zone?.tzid).toBe('UTC');
        expect(stamp.toUnixTime() * 1000).toBe(Date.UTC(2025, 6, 1, 8, 30, 15));
        const organizer = vevent.getFirstProperty('organizer')!;
        expect(organizer.getFirstValue()).toBe('mailto:ada@acme.test');
        expect(organizer.getParameter('cn')).toBe('Ada Admin, Sales');
        const attendees = vevent.getAllProperties('attendee');
        expect(attendees.map((a) => a.getFirstValue())).toEqual([
          'mailto:grace@client.test',
          'mailto:alan@client.test',
        ]);
        for (const attendee of attendees) {
          expect(attendee.getParameter('rsvp')).toBe('TRUE');
          expect(attendee.getParameter('partstat')).toBe('NEEDS-ACTION');
          expect(attendee.getParameter('role')).toBe('REQ-PARTICIPANT');
        }
      }
    }
  });

  it('writes a cancellation with METHOD:CANCEL and STATUS:CANCELLED', () => {
    const text = buildICalendar(event({ method: 'CANCEL', sequence: 3 }));
    const { calendar, vevent } = parse(text);
    expect(calendar.getFirstPropertyValue('method')).toBe('CANCEL');
    expect(vevent.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(vevent.getFirstPropertyValue('sequence')).toBe(3);
    expect(vevent.getFirstProperty('attendee')!.getParameter('rsvp')).toBeUndefined();
  });
});
