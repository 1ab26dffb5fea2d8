import { DEFAULT_EMAIL_FONT } from '@leadline/shared/email';
import { replySubject } from '@leadline/shared/email-compose';
import type { Db } from '../../../db/connection.ts';
import type { SecretBox } from '../../../mail/crypto.ts';
import { asHtml } from '../../../mail/message.ts';
import { openOutbox } from '../../sending/outbox.ts';
import type { PreparedSend, RunMessage, RunOutbox, RunSendOutcome } from '../../sending/outbox.ts';
import { finishSentEmail, findRunEmail } from '../../sending/records.ts';
import { suppressedAmong } from '../../suppression/check.ts';
import { findUserById } from '../../users/store.ts';
import { maySend } from '../../users/present.ts';
import {
  deliveryKeysOf,
  finishDelivery,
  queueNextStep,
  releaseDeliveries,
  renewClaim,
} from '../store/deliveries-repo.ts';
import type { ClaimedDelivery } from '../store/deliveries-repo.ts';
import type { EngineOptions } from './engine-options.ts';
import { bounceGuardOf } from './bounce-guard.ts';
import { spreadOverMailboxes } from './mailboxes.ts';
import { stepJobId } from '../store/ids.ts';
import { pauseForFailure } from '../store/lifecycle.ts';
import { getCampaignRow } from '../store/repo.ts';
import type { CampaignRow } from '../store/repo.ts';
import { organizationTracks } from '../../tracking/service.ts';

export const INTERRUPTED =
  'The server process stopped while this email was being sent, so whether it arrived is unknown; it is not sent again, so that the lead never gets it twice';
export const STEP_REMOVED = 'This follow-up was removed from the campaign';
/** Emails of one batch being prepared and recorded at once (one at a time goes to SMTP). */
export const SEND_CONCURRENCY = 4;
const DAY_MS = 86_400_000;

/** Midnight UTC after `now`: when the sender's daily limit counts from zero again. */
export const nextUtcMidnight = (now = new Date()): Date =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));

/**
 * The email of a step: the first one, or a follow-up threaded under the email before it. A
 * body written as plain text keeps its paragraphs and line breaks.
 */
const messageOf = (campaign: CampaignRow, step: number): RunMessage | null => {
  if (step === 0)
    return {
      subject: campaign.emailSubject,
      body: asHtml(campaign.emailBody),
      font: DEFAULT_EMAIL_FONT,
      threaded: false,
      skipReplied: true,
    };
  const followUp = campaign.followUps[step - 1];
  if (!followUp) return null;
  return {
    subject: replySubject(campaign.emailSubject),
    body: asHtml(followUp.body),
    font: DEFAULT_EMAIL_FONT,
    threaded: true,
    skipReplied: true,
  };
};

type Verdict = 'next' | 'stop';
type Row = ClaimedDelivery;

/** After a step reached the lead: the row sent, and the next follow-up queued. */
const markSent = async (
  db: Db,
  campaign: CampaignRow,
  row: Row,
  sentEmailId: string | null,
  now: Date,
) => {
  const followUp = campaign.followUps[row.step];
  if (followUp)
    await queueNextStep(
      db,
      campaign.id,
      row.step + 1,
      row.lead.id,
      new Date(now.getTime() + followUp.delayDays * DAY_MS),
      row.mailboxId,
    );
  await finishDelivery(db, campaign.id, row.step, row.lead.id, { state: 'sent', sentEmailId });
};

/**
 * The run already holds an email to this lead for this step (a row taken over after its
 * process died): its record says what became of it. One still 'sending' is waited for, and
 * declared cut off once it is older than any send can take.
 */
const settleEarlier = async (
  db: Db,
  campaign: CampaignRow,
  row: Row,
  options: EngineOptions,
): Promise<void> => {
  const reserved = await findRunEmail(db, stepJobId(campaign.id, row.step), row.lead.id);
  if (!reserved)
    return releaseDeliveries(db, campaign.id, [{ step: row.step, leadId: row.lead.id }]);
  if (reserved.status === 'sent') return markSent(db, campaign, row, reserved.id, options.now());
  const cutOff =
    Date.now() - reserved.reservedAt.getTime() > options.interruptedAfterSeconds * 1000;
  if (reserved.status === 'sending' && !cutOff)
    return renewClaim(db, campaign.id, row.step, row.lead.id);
  if (reserved.status === 'sending')
    await finishSentEmail(db, reserved.id, { status: 'failed', error: INTERRUPTED });
  await finishDelivery(db, campaign.id, row.step, row.lead.id, {
    state: 'failed',
    error: reserved.status === 'sending' ? INTERRUPTED : (reserved.error ?? 'Not sent'),
    sentEmailId: reserved.id,
  });
};

/** A campaign's emails from a mailbox that needs reconnecting are tried again this often. */
export const RECONNECT_RETRY_MS = 5 * 60_000;

/** Records one send's outcome; 'stop' when the rest of the batch must wait. */
const record = async (
  db: Db,
  campaign: CampaignRow,
  row: Row,
  outcome: RunSendOutcome,
  options: EngineOptions,
  rest: Row[],
): Promise<Verdict> => {
  const key = { step: row.step, leadId: row.lead.id };
  switch (outcome.status) {
    case 'sent':
      await markSent(db, campaign, row, outcome.sentEmailId, options.now());
      return 'next';
    case 'skipped-already':
      await settleEarlier(db, campaign, row, options);
      return 'next';
    case 'suppressed':
      await finishDelivery(db, campaign.id, row.step, row.lead.id, { state: 'unsubscribed' });
      return 'next';
    case 'replied':
      await finishDelivery(db, campaign.id, row.step, row.lead.id, { state: 'replied' });
      return 'next';
    case 'limit-reached':
    case 'reconnect': {
      // Held back, not dropped: what was claimed for this mailbox waits for the limit's next
      // day, or (the mailbox needs reconnecting) is looked at again shortly and goes once it is
      // connected; the leads of the campaign's other mailboxes go on.
      const same = rest.filter((r) => r.mailboxId === row.mailboxId);
      const waiting = [key, ...deliveryKeysOf(same)];
      const now = options.now();
      const due =
        outcome.status === 'reconnect'
          ? new Date(now.getTime() + RECONNECT_RETRY_MS)
          : nextUtcMidnight(now);
      await releaseDeliveries(db, campaign.id, waiting, due);
      const others = rest.filter((r) => r.mailboxId !== row.mailboxId);
      rest.splice(0, rest.length, ...others);
      return others.length > 0 ? 'next' : 'stop';
    }
    case 'failed': {
      if (!outcome.fatal) {
        await finishDelivery(db, campaign.id, row.step, row.lead.id, {
          state: 'failed',
          error: outcome.error,
          ...(outcome.sentEmailId ? { sentEmailId: outcome.sentEmailId } : {}),
        });
        return 'next';
      }
      // The next emails would fail alike: keep the lead (unless its email was reserved, and
      // so can never be sent again in this step) and pause the campaign until it is fixed.
      const reserved = await findRunEmail(db, stepJobId(campaign.id, row.step), row.lead.id);
      if (reserved)
        await finishDelivery(db, campaign.id, row.step, row.lead.id, {
          state: 'failed',
          error: outcome.error,
          sentEmailId: reserved.id,
        });
      else await releaseDeliveries(db, campaign.id, [key]);
      await pauseForFailure(db, campaign, campaign.tickChain, outcome.error);
      return 'stop';
    }
  }
};

/** Whether the campaign still runs on this chain (a pause stops further sends at once). */
const stillRunning = async (db: Db, campaign: CampaignRow): Promise<boolean> => {
  const current = await getCampaignRow(db, campaign.id);
  return current?.status === 'active' && current.tickChain === campaign.tickChain;
};

/**
 * Sends the claimed rows, a few at a time, from the creator's SMTP account (one pooled
 * connection for the batch), through the outbox's run: suppressed and replied leads
 * skipped, one email per lead per step (reserved under the step's job id), `{{firstName}}`
 * filled, unsubscribe link and headers added. Stops early for a pause, the daily limit, a
 * failure every next email would share, when a third of the lease has gone, or when `signal`
 * aborts (the process stops: the emails under way finish, no other starts); what it does not
 * send goes back to the queue, due now. Answers how many rows went back, and how many emails
 * were handed to the SMTP server (sent or refused there).
 */
export const sendClaimed = async (
  db: Db,
  box: SecretBox,
  campaign: CampaignRow,
  claimed: readonly Row[],
  options: EngineOptions,
  signal?: AbortSignal,
): Promise<{ handedBack: number; attemptedFrom: Set<string | null> }> => {
  const rest = [...claimed];
  /** The mailboxes that handed an email to their SMTP server (sent or refused there). */
  const attemptedFrom = new Set<string | null>();
  const sender = campaign.createdBy ? await findUserById(db, campaign.createdBy) : undefined;
  if (!sender || !maySend(sender)) {
    await releaseDeliveries(db, campaign.id, deliveryKeysOf(rest));
    // A deactivated or expired sender's campaign stops sending in their name; an
    // administrator may resume it once the account is active again.
    const reason = sender
      ? "its creator's account is no longer active"
      : 'its creator no longer exists';
    await pauseForFailure(db, campaign, campaign.tickChain, reason);
    return { handedBack: 0, attemptedFrom };
  }
  // Each lead on one of the campaign's mailboxes (the creator's default when it names none).
  rest.splice(0, rest.length, ...(await spreadOverMailboxes(db, campaign, sender.id, rest)));
  // One pooled SMTP connection per mailbox for the batch, shared by its steps' runs.
  const outbox = openOutbox(db, box, { pooled: true });
  const { links } = options;
  const track = campaign.track && (await organizationTracks(db, campaign.organizationId));
  const runs = new Map<number, RunOutbox>();
  const runOf = (step: number): RunOutbox => {
    let run = runs.get(step);
    if (!run) {
      run = outbox.run({
        links,
        sender: {
          id: sender.id,
          name: sender.name,
          email: sender.email,
          organizationId: campaign.organizationId,
        },
        jobId: stepJobId(campaign.id, step),
        kind: 'campaign',
        track,
        // Recorded right after the SMTP turn (below), so the next email need not wait for it.
        recording: 'after',
      });
      runs.set(step, run);
    }
    return run;
  };
  // One message object per step: the outbox prepares its template once per object.
  const messages = new Map<number, RunMessage | null>();
  const messageFor = (step: number): RunMessage | null => {
    if (!messages.has(step)) messages.set(step, messageOf(campaign, step));
    return messages.get(step)!;
  };
  // The batch's suppressed addresses in one query rather than one per email.
  const suppressed = await suppressedAmong(
    db,
    campaign.organizationId,
    rest.map((row) => row.lead.personEmail),
  );
  const bouncesTooMany = await bounceGuardOf(db, campaign);
  const deadline = Date.now() + (options.leaseSeconds * 1000) / 3;
  let stopped = false;
  // Reserving an email and handing it to the SMTP server happen one email at a time: a
  // process that dies can leave at most the one email it was sending in doubt (reserved, so
  // never sent again; whether it arrived unknown). The rest of the work overlaps.
  let turn: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(work: () => Promise<T>): Promise<T> => {
    const result = turn.then(work);
    turn = result.catch(() => undefined);
    return result;
  };
  /** Reserves and delivers a prepared email; null when the campaign stopped meanwhile. */
  const deliver = (run: RunOutbox, prepared: PreparedSend) =>
    inTurn(async (): Promise<RunSendOutcome | null> => {
      if (stopped || signal?.aborted || !(await stillRunning(db, campaign))) return null;
      const [reservation] = await run.reserve([prepared]);
      return 'status' in reservation! ? reservation : run.deliver(prepared, reservation!);
    });
  /** Sends the next row; false when nothing more may start (pause, limit, failure, time). */
  const sendNext = async (): Promise<boolean> => {
    if (stopped || signal?.aborted || rest.length === 0 || Date.now() >= deadline) return false;
    const row = rest.shift();
    if (!row) return false;
    const message = messageFor(row.step);
    if (!message) {
      await finishDelivery(db, campaign.id, row.step, row.lead.id, {
        state: 'failed',
        error: STEP_REMOVED,
      });
      return true;
    }
    const run = runOf(row.step);
    const lead = {
      ...row.lead,
      mailboxId: row.mailboxId,
      suppressed: suppressed.has(row.lead.personEmail.toLowerCase()),
    };
    const prepared = await run.prepare(lead, message);
    const outcome = 'status' in prepared ? prepared : await deliver(run, prepared);
    if (outcome?.status === 'sent' || outcome?.status === 'failed')
      attemptedFrom.add(row.mailboxId);
    if (outcome?.status === 'sent') await run.recordSent(outcome.sentEmailId);
    if (outcome === null) {
      // Paused (or moved to another chain, or the process stops): the row goes back to the queue.
      rest.unshift(row);
      stopped = true;
      return false;
    }
    if ((await record(db, campaign, row, outcome, options, rest)) === 'stop') stopped = true;
    else {
      const guard = await bouncesTooMany(outcome, row.mailboxId);
      if (guard === 'paused') stopped = true;
      else if (guard === 'held') {
        // The rest of this mailbox's leads wait for it (the others go on): back in the queue.
        const same = rest.filter((r) => r.mailboxId === row.mailboxId);
        await releaseDeliveries(db, campaign.id, deliveryKeysOf(same));
        rest.splice(0, rest.length, ...rest.filter((r) => r.mailboxId !== row.mailboxId));
      }
    }
    return !stopped;
  };
  const worker = async () => {
    try {
      while (await sendNext());
    } catch (error) {
      stopped = true;
      throw error;
    }
  };
  try {
    // One email first: an account that refuses fails one lead, not one per worker. Then a
    // few sends overlap (their database work; the SMTP connection takes them in turn); each
    // checks the campaign before it starts, so a pause lets no new email begin.
    if (await sendNext()) {
      const ends = await Promise.allSettled(Array.from({ length: SEND_CONCURRENCY }, worker));
      const failure = ends.find((end) => end.status === 'rejected');
      if (failure) throw failure.reason;
    }
  } finally {
    outbox.close();
    await releaseDeliveries(db, campaign.id, deliveryKeysOf(rest));
  }
  return { handedBack: rest.length, attemptedFrom };
};
