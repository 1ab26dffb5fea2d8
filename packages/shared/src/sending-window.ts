// When a campaign may send: days of the week and hours in a time zone (the campaign's, or each
// lead's own), and a random gap between two emails from one mailbox.

/** Days are ISO weekdays: 1 Monday ... 7 Sunday. `start`/`end` are "HH:MM" (end may be "24:00"). */
export type SendingWindow = {
  days: number[];
  start: string;
  end: string;
  timeZone: string;
  /** Send in each lead's own time zone (its time zone, else its country's, else `timeZone`). */
  leadTimeZone: boolean;
};

export type GapSeconds = { min: number; max: number };

/** SMTP warm-up: `start` emails on the first day, `increment` more each day, up to the daily limit. */
export type Warmup = { start: number; increment: number };
