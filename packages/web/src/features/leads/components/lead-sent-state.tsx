import { IconMailCheck } from '@tabler/icons-react';
import type { Lead } from '@leadline/shared/leads';
import { formatDateTime } from '../../../lib/format.ts';
import classes from './lead-sent-state.module.css';

const STEPS: readonly [string, number][] = [
  ['y', 365 * 86_400],
  ['mo', 30 * 86_400],
  ['w', 7 * 86_400],
  ['d', 86_400],
  ['h', 3_600],
  ['m', 60],
];

/** How long ago, in a few letters ("now", "5m", "3h", "3d", "2w", "4mo", "1y"). */
export const shortAgo = (value: string, now: number = Date.now()): string => {
  const seconds = (now - new Date(value).getTime()) / 1000;
  if (Number.isNaN(seconds)) return '';
  for (const [unit, size] of STEPS)
    if (seconds >= size) return `${Math.floor(seconds / size)}${unit}`;
  return 'now';
};

const times = (count: number) => (count === 1 ? 'once' : `${count} times`);

/** The words for a lead already emailed: how often and when last. */
export const sentStateText = (lead: Pick<Lead, 'sentCount' | 'mailSentDate'>): string => {
  const count = Math.max(lead.sentCount, 1);
  return lead.mailSentDate
    ? `Emailed ${times(count)}, last on ${formatDateTime(lead.mailSentDate)}`
    : `Emailed ${times(count)}`;
};

/**
 * Beside the Send button of a lead already emailed: a mail-check icon and how long ago ("3d";
 * its title and its screen-reader text say how often and when). Nothing for a lead never
 * emailed.
 */
export const LeadSentState = ({
  lead,
}: {
  lead: Pick<Lead, 'mailSent' | 'sentCount' | 'mailSentDate'>;
}) => {
  if (!lead.mailSent) return null;
  const text = sentStateText(lead);
  const ago = lead.mailSentDate ? shortAgo(lead.mailSentDate) : '';
  return (
    <span className={classes.sent} title={text} data-sent-state="">
      <IconMailCheck size={13} aria-hidden />
      <span aria-hidden>{ago || 'Sent'}</span>
      <span className={classes.hidden}>{text}</span>
    </span>
  );
};
