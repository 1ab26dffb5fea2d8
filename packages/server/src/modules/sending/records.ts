/**
 * The sending module's door for the runs that drive it (bulk, campaigns): the sent-email
 * records they read back or settle after a crash, and each mailbox's emails today (the
 * mailboxes' list). Transmitting goes through outbox.ts only.
 */
export {
  countSendsTodayByMailbox,
  findRunEmail,
  findRunFailures,
  finishSentEmail,
  markUnconfirmed,
  settleInterruptedSends,
} from './repo.ts';
