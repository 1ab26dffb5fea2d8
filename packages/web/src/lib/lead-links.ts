import { isUuid } from '@leadline/shared/ids';

/*
 * The email screens that work on one lead name it in their URL (?leadId=…), so a reload, the
 * browser's history or a link sent to a colleague opens the same lead again.
 */

/** /send-email-page for one lead. */
export const sendEmailPath = (leadId: string): string =>
  `/send-email-page?${new URLSearchParams({ leadId }).toString()}`;

/** /follow-up answering one of the lead's emails (the one with `emailId`). */
export const followUpPath = (leadId: string, emailId: string): string =>
  `/follow-up?${new URLSearchParams({ leadId, emailId }).toString()}`;

/** The lead a screen's URL names, or null when the parameter is missing or not a record id. */
export const leadIdParam = (params: URLSearchParams): string | null => {
  const id = params.get('leadId')?.trim() ?? '';
  return isUuid(id) ? id : null;
};

/** The leads table with one lead's drawer open (whoever owns it). */
export const leadDrawerPath = (leadId: string): string =>
  `/leads-table?${new URLSearchParams({ owner: '', lead: leadId }).toString()}`;
