/** The replies module's door for a lead's email history: the replies found for the lead. */
export { findLeadReplies } from './repo.ts';
