/*
 * How other modules (sending, replies, unsubscribe, calendar) read and change a lead's mail
 * state: mailed, replied, unsubscribed, bounced. The leads table is written by the leads module only.
 */
export {
  countSoftBounce,
  clearLeadsUnsubscribed,
  findLeadIdByEmail,
  markLeadMailed,
  markLeadReplied,
  markLeadsBounced,
  markLeadsMailedSql,
  markLeadsUnsubscribed,
} from './mail-repo.ts';
export type { NamedLead } from './mail-repo.ts';
