import { createHash } from 'node:crypto';

/**
 * A UUID that is always the same for the same name (SHA-256 based, RFC 9562 layout with
 * version 8): every server process derives the same id without storing it.
 */
export const nameUuid = (name: string): string => {
  const hex = createHash('sha256').update(`leadline:${name}`).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
};

/**
 * The job id of a campaign step (0: the first email, n: the n-th follow-up). Reserving a send
 * under it (sent_emails' unique (job_id, lead_id)) is what keeps a lead from getting a step
 * twice, whichever process sends it and however often it is retried.
 */
export const stepJobId = (campaignId: string, step: number): string =>
  nameUuid(`campaign:${campaignId}:step:${step}`);

/** The id of the n-th engine job of a chain: a successor queued twice is queued once. */
export const tickJobId = (chain: string, n: number): string => nameUuid(`tick:${chain}:${n}`);
