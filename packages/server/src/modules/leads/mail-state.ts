/*
 * How other modules (sending, replies, unsubscribe, calendar) read and change a lead's mail
 * state: mailed, replied, unsubscribed. The leads table is written by the leads module only.
 */
export {
  clearLeadsUnsubscribed,
  findLeadIdByEmail,
  markLeadMailed,
  markLeadReplied,
  markLeadsMailedSql,
  markLeadsUnsubscribed,
} from './mail-repo.ts';
export type { NamedLead } from './mail-repo.ts';
