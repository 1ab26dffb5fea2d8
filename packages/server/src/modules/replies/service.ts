import type { Db } from '../../db/connection.ts';
import type { SecretBox } from '../../mail/crypto.ts';
import { MailLoginError, explainReadFailure } from '../../mail/errors.ts';
import { withInboxSession } from '../../mail/imap.ts';
import type { InboxMessage, InboxSession } from '../../mail/imap.ts';
import { htmlToText } from '../../mail/message.ts';
import { logActivity } from '../activity/log.ts';
import { recordIncomingEmailEvent } from '../email-events/record.ts';
import { toReplyEmail } from './present.ts';
import { findUserById } from '../users/store.ts';
import { imapOf, listMailboxes, smtpOf } from '../mail-accounts/stored.ts';
import type { MailAccountRow } from '../mail-accounts/stored.ts';
import { mailSecretOf } from '../mail-oauth/credentials.ts';
import { HttpError } from '../../lib/errors.ts';
import { withoutNul } from '../../lib/text.ts';
import { createWorkPool } from '../../jobs/pool.ts';
import {
  claimReplyCursor,
  findInboxesDue,
  findSentByMessageIds,
  insertReply,
  saveReplyCursor,
} from './repo.ts';
import { findLeadIdByEmail, markLeadReplied } from '../leads/mail-state.ts';
import { addressesOf, companyDomainOf, leadMailedAtDomain } from './colleague.ts';
import { returnDateNoted } from '../deliverability/events.ts';
import { bounceReasonOf, classifyIncoming, mayBeBounce } from '../deliverability/incoming.ts';
import type { Bounce } from '../deliverability/incoming.ts';
import { believeBounce, recordBounce } from '../deliverability/record.ts';
import type { BelievedBounce } from '../deliverability/record.ts';

export type ReplyCheckResult =
  | { status: 'checked'; scanned: number; found: number }
  /** Another check of this inbox is under way (this process or another). */
  | { status: 'busy' }
  | { status: 'not-configured' }
  | { status: 'failed'; error: string };

/** Messages one check reads at most; the next check goes on from there. */
export const REPLY_SCAN_MAX = 500;
/** A first check (or one after the mailbox's UIDVALIDITY changed) looks this far back. */
const FIRST_CHECK_DAYS = 30;
const LEASE_SECONDS = 120;
const SNIPPET_MAX = 300;
const DAY_MS = 86_400_000;

const QUOTE_START =
  /^\s*(>|On .{1,200} wrote:?\s*$|-{2,}\s*Original Message\s*-{2,}|From:\s.+@|Sent from my )/i;

/** The start of a reply's own text: up to the quoted original, whitespace collapsed. */
export const replySnippet = (text: string): string => {
  const own: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    if (QUOTE_START.test(line)) break;
    own.push(line);
  }
  const snippet = (own.join(' ').trim() ? own.join(' ') : text).replace(/\s+/g, ' ').trim();
  return snippet.length > SNIPPET_MAX ? `${snippet.slice(0, SNIPPET_MAX - 1)}…` : snippet;
};

type Mailbox = {
  db: Db;
  inbox: InboxSession;
  userId: string;
  /** The mailbox whose inbox this is. */
  mailboxId: string;
  organizationId: string;
  /** The user's own addresses: their own mail is no reply. */
  own: Set<string>;
};

/**
 * The lead a message answers: by In-Reply-To / References (whoever wrote it: a colleague the
 * lead copied in answers in the lead's thread), else by the sender's address, else by a lead
 * it was also sent to (an answer to all), else as a colleague of the lead this mailbox last
 * emailed at the sender's company domain. No lead is ever made from a message.
 */
const leadAnswered = async (
  mailbox: Mailbox,
  message: InboxMessage,
  from: string,
): Promise<{ leadId: string; sentEmailId: string | null } | undefined> => {
  const ids = [...new Set([message.inReplyTo, ...[...message.references].reverse()])].filter(
    (id): id is string => Boolean(id),
  );
  const sent = await findSentByMessageIds(mailbox.db, mailbox.organizationId, ids);
  const match = ids
    .map((id) => sent.find((email) => email.messageId === id))
    .find((email) => email?.leadId);
  if (match?.leadId) return { leadId: match.leadId, sentEmailId: match.id };
  return (
    (await leadWriting(mailbox, from)) ??
    (await leadCopied(mailbox, message)) ??
    (await colleagueOf(mailbox, from))
  );
};

/** A mailed lead the message also went to (To or Cc): its sender answered to all. */
const leadCopied = async (mailbox: Mailbox, message: InboxMessage) => {
  const others = addressesOf(`${message.to},${message.cc}`, 20).filter(
    (address) => !mailbox.own.has(address),
  );
  for (const address of others) {
    const found = await leadWriting(mailbox, address);
    if (found) return found;
  }
  return undefined;
};

/** The lead this mailbox last emailed at the sender's company domain (not a shared provider). */
const colleagueOf = async (mailbox: Mailbox, from: string) => {
  const domain = companyDomainOf(from);
  if (!domain) return undefined;
  const own = [...mailbox.own].some((address) => companyDomainOf(address) === domain);
  // A colleague of the rep is not a colleague of the lead.
  if (own) return undefined;
  return leadMailedAtDomain(mailbox.db, mailbox.organizationId, mailbox.mailboxId, domain);
};

/** The emailed lead whose address wrote the message, if any. */
const leadWriting = async ({ db, organizationId }: Mailbox, from: string) => {
  const leadId = await findLeadIdByEmail(db, organizationId, from, { mailedOnly: true });
  return leadId ? { leadId, sentEmailId: null } : undefined;
};

/** How much of a message's text the conversation keeps. */
const BODY_TEXT_MAX = 64 * 1024;

/** A message's text for the conversation (HTML turned into text), at most 64 kB. */
const bodyTextOf = (parsed: { text: string; html: string }): string => {
  const text = withoutNul(parsed.text || htmlToText(parsed.html)).trim();
  return text.length > BODY_TEXT_MAX ? `${text.slice(0, BODY_TEXT_MAX - 1)}…` : text;
};

/** What every stored message keeps of its headers: the inbox, Cc and threading. */
const headersOf = (mailbox: Mailbox, message: InboxMessage) => ({
  mailboxId: mailbox.mailboxId,
  cc: message.cc,
  inReplyTo: message.inReplyTo,
  references: message.references.join(' '),
});

/** A reply's text: its start, up to the quoted original. */
const snippetOf = (parsed: { text: string; html: string }) =>
  replySnippet(withoutNul(parsed.text || htmlToText(parsed.html)));

const stableMessageId = (mailbox: Mailbox, message: InboxMessage) =>
  message.messageId ??
  `<imap-${mailbox.inbox.uidValidity}-${message.uid}-${mailbox.userId}@leadline.invalid>`;

/** The parts of a parsed message the check keeps; null when it could not be read. */
const readWhole = async (mailbox: Mailbox, message: InboxMessage) => {
  const parsed = await mailbox.inbox.parse(message.uid);
  if (!parsed) return null;
  return {
    incoming: classifyIncoming(parsed),
    body: { text: parsed.text ?? '', html: typeof parsed.html === 'string' ? parsed.html : '' },
  };
};

/**
 * Stores a believed bounce (deliverability/record.ts believeBounce: it names an email this
 * user sent) in the lead's history, and records what it means. A bounce is never a reply.
 */
const recordBounceMessage = async (
  mailbox: Mailbox,
  message: InboxMessage,
  bounce: Bounce,
  { email, address: failed }: BelievedBounce,
): Promise<boolean> => {
  const { db, organizationId } = mailbox;
  const reason = withoutNul(bounceReasonOf(bounce));
  return db.transaction(async (tx) => {
    const stored = await insertReply(tx, {
      organizationId,
      userId: mailbox.userId,
      leadId: email.leadId,
      sentEmailId: email.id,
      fromAddress: message.from?.address ?? '',
      fromName: message.from?.name ?? '',
      toAddress: message.to,
      subject: message.subject,
      messageId: stableMessageId(mailbox, message),
      kind: 'bounce',
      ...headersOf(mailbox, message),
      // A delivery report is read by the system, not waited on by anyone.
      readAt: new Date(),
      detail: reason,
      snippet: `${bounce.kind === 'hard' ? 'Hard' : 'Soft'} bounce for ${failed}: ${reason}`,
      receivedAt: message.date,
    });
    if (!stored) return false;
    await recordBounce(tx, {
      organizationId,
      userId: mailbox.userId,
      leadId: email.leadId,
      sentEmailId: email.id,
      address: failed,
      kind: bounce.kind,
      reason,
      source: 'report',
    });
    return true;
  });
};

/**
 * Stores an answer to a lead's email: a reply marks the lead Replied; an automatic answer
 * (out of office...) is kept as an auto-reply and changes nothing else, except that a return
 * date it names holds the lead's next campaign step until the day after.
 */
const recordAnswer = async (
  mailbox: Mailbox,
  message: InboxMessage,
  answered: { leadId: string; sentEmailId: string | null },
  whole: Awaited<ReturnType<typeof readWhole>>,
): Promise<boolean> => {
  const from = message.from!.address;
  // A message that could not be read was not fetched again: it is kept without a snippet.
  const body = whole?.body ?? { text: '', html: '' };
  const auto = whole?.incoming.kind === 'auto-reply' ? whole.incoming : null;
  const { db, organizationId } = mailbox;
  return db.transaction(async (tx) => {
    const reply = await insertReply(tx, {
      organizationId,
      userId: mailbox.userId,
      leadId: answered.leadId,
      sentEmailId: answered.sentEmailId,
      fromAddress: from,
      fromName: message.from?.name ?? '',
      toAddress: message.to,
      subject: message.subject,
      messageId: stableMessageId(mailbox, message),
      kind: auto ? 'auto-reply' : 'reply',
      ...headersOf(mailbox, message),
      bodyText: bodyTextOf(body),
      // An automatic answer needs none: only a person's reply waits to be read.
      readAt: auto ? new Date() : null,
      returnsOn: auto?.returnsOn ?? null,
      snippet: snippetOf(body),
      receivedAt: message.date,
    });
    if (!reply) return false;
    if (auto) {
      if (auto.returnsOn)
        await returnDateNoted(tx, {
          organizationId,
          leadId: answered.leadId,
          returnsOn: auto.returnsOn,
        });
      await logActivity(tx, {
        organizationId,
        userId: mailbox.userId,
        type: 'Email',
        entityId: answered.leadId,
        action: 'auto-reply received',
        createdAt: message.date,
        details: `Automatic reply "${message.subject}" received from <${from}>${auto.returnsOn ? `: away until ${auto.returnsOn}` : ''}`,
      });
      return true;
    }
    const lead = await markLeadReplied(tx, organizationId, answered.leadId, message.date);
    await logActivity(tx, {
      organizationId,
      userId: mailbox.userId,
      type: 'Email',
      entityId: answered.leadId,
      action: 'reply received',
      // Stamped with the email's own date, like the reply itself.
      createdAt: message.date,
      details: `Reply "${message.subject}" received from ${lead ? `${lead.personFirstName} ${lead.personLastName}`.trim() : from} <${from}>`,
    });
    await recordIncomingEmailEvent(tx, {
      type: 'email.replied',
      organizationId,
      leadId: answered.leadId,
      sentEmailId: answered.sentEmailId,
      subjectId: reply.id,
      extra: { reply: toReplyEmail(reply) },
    });
    return true;
  });
};

/**
 * Stores the message if it concerns a lead's email: a bounce (from a mail system, naming an
 * email this user sent: believeBounce), an automatic answer, or a reply. Only messages that
 * may be bounces or that answer a lead are read whole (at most 256 kB); one that cannot be
 * read is skipped as a bounce and taken as a reply when it answers a lead. A bounce that is
 * not believed stays an ordinary message of the inbox: nothing is recorded from it, unless
 * its sender is a lead's address (then it is that lead's reply like any other message).
 */
const recordIfReply = async (mailbox: Mailbox, message: InboxMessage): Promise<boolean> => {
  const from = message.from?.address;
  if (!from || mailbox.own.has(from)) return false;
  const bounceLike = mayBeBounce(message.from, message.subject);
  let answered = await leadAnswered(mailbox, message, from);
  if (!answered && !bounceLike) return false;
  const whole = await readWhole(mailbox, message);
  if (whole?.incoming.kind === 'bounce') {
    const bounce = whole.incoming.bounce;
    const believed = await believeBounce(mailbox.db, mailbox, bounce);
    if (believed) return recordBounceMessage(mailbox, message, bounce, believed);
    // Its threading headers are the forger's to choose: only a lead's own address counts.
    answered = await leadWriting(mailbox, from);
  }
  // A mail system's message that is no bounce (a delivery notice) is nobody's reply.
  if (!answered || bounceLike) return false;
  return recordAnswer(mailbox, message, answered, whole);
};

/** The outcome of checking several inboxes: checked when any was, with the sums. */
const combined = (results: readonly ReplyCheckResult[]): ReplyCheckResult => {
  const checked = results.filter((result) => result.status === 'checked');
  if (checked.length > 0)
    return {
      status: 'checked',
      scanned: checked.reduce((sum, result) => sum + result.scanned, 0),
      found: checked.reduce((sum, result) => sum + result.found, 0),
    };
  return (
    results.find((result) => result.status === 'failed') ??
    results.find((result) => result.status === 'busy') ?? { status: 'not-configured' }
  );
};

/**
 * Checks a user's inboxes for replies (every mailbox of theirs with IMAP settings, or only
 * `mailboxId`): see checkMailboxReplies.
 */
export const checkReplies = async (
  db: Db,
  box: SecretBox,
  userId: string,
  mailboxId?: string,
): Promise<ReplyCheckResult> => {
  const mailboxes = (await listMailboxes(db, userId)).filter(
    (row) => imapOf(row) && (!mailboxId || row.id === mailboxId),
  );
  const results: ReplyCheckResult[] = [];
  for (const mailbox of mailboxes) results.push(await checkMailboxReplies(db, box, mailbox));
  return combined(results);
};

/**
 * Checks one mailbox's IMAP inbox for replies to its organisation's emails to leads: the
 * messages after the last UID seen (all of the last 30 days on a first check, or when the
 * mailbox's UIDVALIDITY changed). A message answering a lead's email (In-Reply-To /
 * References naming a sent email, else sent from the address of a lead that was emailed)
 * marks the lead as replied, is stored in its history and logged. One check per inbox runs
 * at a time (a lease); the inbox is opened read-only. Called by the scheduled check and on
 * demand (when the user reads their inbox).
 */
const checkMailboxReplies = async (
  db: Db,
  box: SecretBox,
  account: MailAccountRow,
): Promise<ReplyCheckResult> => {
  const { userId, id: mailboxId } = account;
  const user = await findUserById(db, userId);
  const imap = imapOf(account);
  if (!user?.organizationId || !imap) return { status: 'not-configured' };
  const cursor = await claimReplyCursor(db, mailboxId, LEASE_SECONDS);
  if (!cursor) return { status: 'busy' };
  let secret;
  try {
    secret = await mailSecretOf(db, box, imap);
  } catch (error) {
    // The OAuth grant gives no token (reconnect needed, provider down): said on the cursor.
    if (!(error instanceof HttpError)) throw error;
    await saveReplyCursor(db, mailboxId, { lastError: error.message });
    return { status: 'failed', error: error.message };
  }
  if (!secret) {
    const error = 'The stored IMAP password can no longer be read. Save your IMAP settings again.';
    await saveReplyCursor(db, mailboxId, { lastError: error });
    return { status: 'failed', error };
  }
  const own = new Set(
    [user.email, imap.user, smtpOf(account)?.user].filter(Boolean).map((a) => a!.toLowerCase()),
  );
  try {
    const { host, port, secure, user: login } = imap;
    const account = { host, port, secure, user: login, ...secret };
    const result = await withInboxSession(account, async (inbox) => {
      const sameMailbox = cursor.uidValidity === inbox.uidValidity;
      const since = new Date(
        cursor.checkedAt && cursor.uidValidity !== null
          ? cursor.checkedAt.getTime() - DAY_MS
          : Date.now() - FIRST_CHECK_DAYS * DAY_MS,
      );
      const messages = sameMailbox
        ? await inbox.listAfter(cursor.lastUid, REPLY_SCAN_MAX)
        : await inbox.listSince(since, REPLY_SCAN_MAX);
      const mailbox = {
        db,
        inbox,
        userId,
        mailboxId,
        organizationId: user.organizationId!,
        own,
      };
      let found = 0;
      for (const message of messages) {
        if (await recordIfReply(mailbox, message)) found += 1;
      }
      // A first look that read everything since the date has seen the whole mailbox.
      const seenAll = !sameMailbox && messages.length < REPLY_SCAN_MAX;
      const lastUid = Math.max(
        messages.at(-1)?.uid ?? 0,
        sameMailbox ? cursor.lastUid : 0,
        seenAll ? (inbox.uidNext || 1) - 1 : 0,
      );
      await saveReplyCursor(db, mailboxId, {
        uidValidity: inbox.uidValidity,
        lastUid,
        lastError: null,
      });
      return { status: 'checked' as const, scanned: messages.length, found };
    });
    return result;
  } catch (error) {
    const message = error instanceof MailLoginError ? error.message : explainReadFailure(error);
    await saveReplyCursor(db, mailboxId, { lastError: message }).catch(() => undefined);
    return { status: 'failed', error: message };
  }
};

/** Inboxes one scheduled pass looks at. */
const DUE_PER_PASS = 20;
/** Inboxes checked at once, and at most per organisation. */
export const REPLY_CHECKS_AT_ONCE = 4;
export const REPLY_CHECKS_PER_ORGANIZATION = 2;

/**
 * The scheduled check: the inboxes not checked for `minutes`, taken round-robin across
 * organisations and checked several at once (at most REPLY_CHECKS_PER_ORGANIZATION of one
 * organisation), each check starting as soon as a slot is free: an organisation whose mail
 * server is silent or slow holds its own slots, never another organisation's checks.
 */
export const checkDueInboxes = async (db: Db, box: SecretBox, minutes: number): Promise<number> => {
  const due = await findInboxesDue(db, minutes, DUE_PER_PASS);
  const waiting = [...due];
  const pool = createWorkPool({
    size: REPLY_CHECKS_AT_ONCE,
    perKey: { organization: REPLY_CHECKS_PER_ORGANIZATION },
    // checkReplies records its own failures on the inbox's cursor.
    onError: () => undefined,
  });
  while (waiting.length > 0 || pool.running() > 0) {
    const busy = pool.inFlight('organization');
    const next = waiting.findIndex(
      (inbox) => (busy.get(inbox.organizationId) ?? 0) < REPLY_CHECKS_PER_ORGANIZATION,
    );
    if (pool.room() > 0 && next >= 0) {
      const [inbox] = waiting.splice(next, 1);
      pool.start({ organization: inbox!.organizationId }, async () => {
        await checkReplies(db, box, inbox!.userId, inbox!.mailboxId);
      });
    } else await pool.settled(60_000);
  }
  return due.length;
};
