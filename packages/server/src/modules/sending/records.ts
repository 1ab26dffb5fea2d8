/**
 * The sending module's door for the runs that drive it (bulk, campaigns): the sent-email
 * records they read back or settle after a crash. Transmitting goes through outbox.ts only.
 */
export {
  findRunEmail,
  findRunFailures,
  finishSentEmail,
  markUnconfirmed,
  settleInterruptedSends,
} from './repo.ts';
