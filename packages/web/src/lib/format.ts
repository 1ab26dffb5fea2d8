const dateFormat = new Intl.DateTimeFormat(undefined, {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
});
const dateTimeFormat = new Intl.DateTimeFormat(undefined, {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

const countFormat = new Intl.NumberFormat();
/** A count with the locale's digit grouping: 12345 -> "12,345". */
export const formatCount = (value: number): string => countFormat.format(value);

const toDate = (value: string | null | undefined): Date | null => {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
};

export const formatDate = (value: string | null | undefined, empty = 'Not available'): string => {
  const date = toDate(value);
  return date ? dateFormat.format(date) : empty;
};

/** A calendar day ("YYYY-MM-DD") as the reader writes dates; the day itself, whatever the zone. */
export const formatDay = (day: string): string => dateFormat.format(new Date(`${day}T00:00:00`));

export const formatDateTime = (value: string | null | undefined, empty = 'Never'): string => {
  const date = toDate(value);
  return date ? dateTimeFormat.format(date) : empty;
};

const pad = (value: number) => String(value).padStart(2, '0');

/** `YYYY-MM-DD` of a local day, as a date input expects. */
export const toDateInputValue = (date: Date): string =>
  `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

export const tomorrowInputValue = (): string => {
  const date = new Date();
  date.setDate(date.getDate() + 1);
  return toDateInputValue(date);
};

/** A date input value (a local day) as an ISO date-time at the end of that day; '' stays ''. */
export const dateInputToIso = (value: string): string => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(year, month - 1, day, 23, 59, 59);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
};
