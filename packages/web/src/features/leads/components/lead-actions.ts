import type { ReactNode } from 'react';
import type { Lead } from '@leadline/shared/leads';
import { formatDate } from '../../../lib/format.ts';

/** The action bar's actions, in the order it shows them. */
export const LEAD_ACTION_ORDER = ['email', 'call', 'note', 'task', 'status', 'convert'] as const;
export type LeadActionId = (typeof LEAD_ACTION_ORDER)[number];

/**
 * An action other features add to the lead drawer's bar (composed by the app): a form that
 * opens in one click, under the bar ('panel') or as its own dialog ('dialog').
 */
export type LeadQuickAction = {
  id: Exclude<LeadActionId, 'email' | 'status'>;
  label: string;
  icon: ReactNode;
  /** The open form's heading ("Log a call"). */
  title: string;
  opens: 'panel' | 'dialog';
  /** Why the action cannot apply to this lead now (its tooltip); null or absent when it can. */
  disabledReason?: string | null;
  /** The form, given how to close it (after saving or on Cancel). */
  render: (close: () => void) => ReactNode;
};

/**
 * Why a new email to the lead cannot be sent, or null when it can: no address, an address
 * that unsubscribed, or one the organisation's suppression list holds (`suppressed`: the
 * server's words, from GET /api/leads/:id/send-check).
 */
export const emailBlockedReason = (
  lead: Pick<Lead, 'personEmail' | 'unsubscribedAt'>,
  suppressed: string | null,
): string | null => {
  if (!lead.personEmail.trim()) return 'This lead has no email address';
  if (suppressed) return suppressed;
  if (lead.unsubscribedAt)
    return `${lead.personEmail} unsubscribed on ${formatDate(lead.unsubscribedAt)}: it cannot be emailed`;
  return null;
};
