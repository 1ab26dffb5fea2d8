import { ImapFlow } from 'imapflow';
import type { FetchMessageObject, FetchQueryObject } from 'imapflow';
import { simpleParser } from 'mailparser';
import type { ParsedMail } from 'mailparser';
import { withMailDeadline } from './deadline.ts';
import { MAIL_TIMEOUT_SECONDS, MailLoginError, explainLoginFailure } from './errors.ts';
import type { MailDeadlineStep } from './errors.ts';
import { withoutNul } from '../lib/text.ts';
import { resolveMailHost } from './host.ts';
import { secretOf } from './secret.ts';
import type { MailSecret } from './secret.ts';
import type { OutboundTarget } from './host.ts';

/** An IMAP account with its password or OAuth access token in clear (only ever held in memory). */
export type ImapAccount = {
  host: string;
  port: number;
  secure: boolean;
  user: string;
} & MailSecret;

/**
 * How long one step with a user's IMAP server may take in all, whatever it sends meanwhile:
 * connecting and logging in, opening INBOX, each read of a reply check (a list, a search, one
 * message), logging out. imapflow's idle timer only notices a server that sends nothing; one
 * that trickles untagged lines and never completes a command costs at most this, then the
 * connection is destroyed and the caller gets MailDeadlineError (or MailLoginError) in words.
 */
export const IMAP_COMMAND_DEADLINE_MS = 30_000;

/** How long one IMAP session (an inbox page, one email, a reply check) may take in all. */
export const IMAP_SESSION_DEADLINE_MS = 5 * 60_000;

/** The deadlines of a session; tests shorten them (the defaults are the constants above). */
export type ImapDeadlines = { commandMs: number; sessionMs: number };

const DEADLINES: ImapDeadlines = {
  commandMs: IMAP_COMMAND_DEADLINE_MS,
  sessionMs: IMAP_SESSION_DEADLINE_MS,
};

/** Runs one step within `ms`; past it `expire` closes the client (its socket destroyed). */
const within = <T>(
  expire: () => void,
  ms: number,
  step: MailDeadlineStep,
  work: () => Promise<T>,
): Promise<T> => withMailDeadline({ protocol: 'IMAP', step, ms }, expire, work);

/**
 * An imapflow client for the account, at the address its host was checked to resolve to (never
 * the name again), with TLS for the host name as entered; it never logs (its log would carry
 * the password).
 */
const createImapClient = (
  account: ImapAccount,
  target: OutboundTarget,
  timeoutSeconds = MAIL_TIMEOUT_SECONDS,
) =>
  new ImapFlow({
    host: target.address,
    ...(target.servername ? { servername: target.servername } : {}),
    port: account.port,
    secure: account.secure,
    // XOAUTH2 (imapflow's `accessToken`) for an OAuth mailbox, else LOGIN with the password.
    auth:
      account.accessToken !== undefined
        ? { user: account.user, accessToken: account.accessToken }
        : { user: account.user, pass: account.pass },
    logger: false,
    connectionTimeout: timeoutSeconds * 1000,
    greetingTimeout: timeoutSeconds * 1000,
    socketTimeout: 3 * timeoutSeconds * 1000,
  });

/**
 * A connected, logged-in client, within the step's deadline; a host that is refused
 * (resolveMailHost), a failed login or the deadline throws MailLoginError saying why. `hold`
 * gets the client as soon as it exists, so that a session's deadline can close it.
 */
const connectImap = async (
  account: ImapAccount,
  deadlines: ImapDeadlines,
  hold: (client: ImapFlow) => void = () => undefined,
): Promise<ImapFlow> => {
  let client: ImapFlow | undefined;
  try {
    return await within(
      () => client?.close(),
      deadlines.commandMs,
      'login',
      async () => {
        const target = await resolveMailHost(account.host);
        client = createImapClient(account, target);
        // Errors also arrive as events; without a listener they would crash the process.
        client.on('error', () => undefined);
        hold(client);
        await client.connect();
        return client;
      },
    );
  } catch (error) {
    client?.close();
    throw new MailLoginError(
      explainLoginFailure({ protocol: 'IMAP', ...account, pass: secretOf(account) }, error),
    );
  }
};

/** Logs out within the step's deadline, or just hangs up. */
const logout = (client: ImapFlow, deadlines: ImapDeadlines): Promise<void> =>
  within(
    () => client.close(),
    deadlines.commandMs,
    'read',
    () => client.logout(),
  ).catch(() => client.close());

/** Connects, logs in and out; throws MailLoginError saying why it could not. */
export const verifyImapLogin = async (
  account: ImapAccount,
  deadlines: ImapDeadlines = DEADLINES,
): Promise<void> => {
  const client = await connectImap(account, deadlines);
  await logout(client, deadlines);
};

/** What a check for replies reads of a message: its headers (no body). */
export type InboxMessage = {
  uid: number;
  messageId: string | null;
  inReplyTo: string | null;
  /** Message-IDs of the References header, oldest first. */
  references: string[];
  from: { address: string; name: string } | null;
  to: string;
  /** Its Cc addresses, comma-separated. */
  cc: string;
  subject: string;
  date: Date;
};

/** INBOX opened read-only (EXAMINE): nothing is marked as read. */
export type InboxSession = {
  uidValidity: number;
  uidNext: number;
  /** Messages with a UID above `lastUid`, oldest first, at most `max`. */
  listAfter: (lastUid: number, max: number) => Promise<InboxMessage[]>;
  /** Messages that arrived on or after `since`, oldest first, at most `max`. */
  listSince: (since: Date, max: number) => Promise<InboxMessage[]>;
  /**
   * The message's start (up to `maxBytes`) parsed whole, headers and parts (a bounce's report,
   * an auto-reply's headers); null when it cannot be fetched or read (hostile mail is skipped).
   */
  parse: (uid: number, maxBytes?: number) => Promise<ParsedMail | null>;
};

/** How much of a message the inbox check reads at most. */
export const MESSAGE_READ_MAX = 256 * 1024;

const MESSAGE_IDS = /<[^<>\s]+>/g;
const HOUR = 3_600_000;

/** An envelope's address list as one comma-separated string (NUL dropped). */
const addressList = (entries: readonly { address?: string }[] | undefined): string =>
  (entries ?? [])
    .map((entry) => withoutNul(entry.address ?? ''))
    .filter(Boolean)
    .join(', ');

const toInboxMessage = (message: FetchMessageObject): InboxMessage => {
  const envelope = message.envelope ?? {};
  const sender = envelope.from?.[0];
  const arrived = new Date(message.internalDate ?? envelope.date ?? Date.now());
  const written = envelope.date ? new Date(envelope.date) : null;
  // The email's own date (its Date header), not when a check happened to find it; its arrival
  // at the server when it has none, or when the sender's clock claims a time well after that.
  const date =
    written && !Number.isNaN(written.getTime()) && written.getTime() <= arrived.getTime() + HOUR
      ? written
      : arrived;
  // Header text is stored and searched for: a NUL smuggled into a header is dropped.
  const ids = (header: string | undefined) => withoutNul(header ?? '').match(MESSAGE_IDS) ?? [];
  return {
    uid: message.uid,
    messageId: ids(envelope.messageId)[0] ?? null,
    inReplyTo: ids(envelope.inReplyTo)[0] ?? null,
    references: ids(message.headers?.toString('utf8')),
    from: sender?.address
      ? {
          address: withoutNul(sender.address).toLowerCase(),
          name: withoutNul(sender.name ?? ''),
        }
      : null,
    to: addressList(envelope.to),
    cc: addressList(envelope.cc),
    subject: withoutNul(envelope.subject ?? ''),
    date: Number.isNaN(date.getTime()) ? new Date() : date,
  };
};

const HEADERS_QUERY: FetchQueryObject = {
  uid: true,
  envelope: true,
  internalDate: true,
  headers: ['references'],
};

/**
 * Logs in, runs `work` with the client, and logs out whatever happens, within the session's
 * deadline (IMAP_SESSION_DEADLINE_MS; each step within IMAP_COMMAND_DEADLINE_MS): past either
 * the connection is destroyed and MailDeadlineError (or MailLoginError) says so. A failed
 * login throws MailLoginError saying why.
 */
const withImapSession = <T>(
  account: ImapAccount,
  work: (client: ImapFlow) => Promise<T>,
  deadlines: ImapDeadlines,
): Promise<T> => {
  let held: ImapFlow | undefined;
  let expired = false;
  return within(
    () => {
      expired = true;
      held?.close();
    },
    deadlines.sessionMs,
    'session',
    async () => {
      const client = await connectImap(account, deadlines, (created) => {
        held = created;
        // Created after the session's deadline passed (a slow lookup): closed at once.
        if (expired) created.close();
      });
      try {
        return await work(client);
      } finally {
        await logout(client, deadlines);
      }
    },
  );
};

/**
 * Logs in, opens INBOX read-only (EXAMINE: nothing is marked as read), runs `read` with the
 * client, and logs out whatever happens (see withImapSession for the deadlines).
 */
export const openInbox = async <T>(
  account: ImapAccount,
  read: (client: ImapFlow) => Promise<T>,
  deadlines: ImapDeadlines = DEADLINES,
): Promise<T> =>
  withImapSession(
    account,
    async (client) => {
      const lock = await within(
        () => client.close(),
        deadlines.commandMs,
        'read',
        () => client.getMailboxLock('INBOX', { readOnly: true }),
      );
      try {
        return await read(client);
      } finally {
        lock.release();
      }
    },
    deadlines,
  );

/** Folder names a Sent folder goes by when the server does not mark it (RFC 6154 \Sent). */
const SENT_NAMES = ['sent', 'sent items', 'sent messages', 'sent mail', 'inbox.sent', 'inbox/sent'];

/** The mailbox has no folder for sent mail that Leadline could find. */
export class NoSentFolderError extends Error {}

/**
 * Puts a message the user sent into their Sent folder (IMAP APPEND, marked \Seen), so their
 * own mail client shows it: the folder the server marks \Sent, else one of the usual names.
 * Answers the folder's name; NoSentFolderError when there is none.
 */
export const appendToSent = (
  account: ImapAccount,
  raw: Buffer,
  deadlines: ImapDeadlines = DEADLINES,
): Promise<string> =>
  withImapSession(
    account,
    async (client) => {
      const step = <T>(work: () => Promise<T>) =>
        within(() => client.close(), deadlines.commandMs, 'read', work);
      const folders = await step(() => client.list());
      const sent =
        folders.find((folder) => folder.specialUse === '\\Sent') ??
        folders.find((folder) => SENT_NAMES.includes(folder.path.toLowerCase()));
      if (!sent) throw new NoSentFolderError('The mailbox has no Sent folder');
      await step(() => client.append(sent.path, raw, ['\\Seen']));
      return sent.path;
    },
    deadlines,
  );

const sessionOf = (client: ImapFlow, commandMs: number): InboxSession => {
  const step = <T>(work: () => Promise<T>) => within(() => client.close(), commandMs, 'read', work);
  const mailbox = client.mailbox;
  if (!mailbox) throw new Error('INBOX could not be opened');
  const list = async (range: string | number[]) => {
    const messages: InboxMessage[] = [];
    if (Array.isArray(range) && range.length === 0) return messages;
    for await (const message of client.fetch(range, HEADERS_QUERY, { uid: true })) {
      messages.push(toInboxMessage(message));
    }
    return messages.sort((a, b) => a.uid - b.uid);
  };
  return {
    uidValidity: Number(mailbox.uidValidity),
    uidNext: mailbox.uidNext,
    listAfter: async (lastUid, max) => {
      if (mailbox.uidNext <= lastUid + 1) return [];
      // "n:*" also answers the last message when none is newer: keep only newer ones.
      const found = await step(() => list(`${lastUid + 1}:*`));
      return found.filter((message) => message.uid > lastUid).slice(0, max);
    },
    listSince: async (since, max) => {
      const uids = (await step(() => client.search({ since }, { uid: true }))) || [];
      return step(() => list(uids.sort((a, b) => a - b).slice(0, max)));
    },
    // The deadline is outside the catch: a message that cannot be read is skipped, a server that
    // stops answering ends the check.
    parse: (uid, maxBytes = MESSAGE_READ_MAX) => step(() => parseMessage(client, uid, maxBytes)),
  };
};

/** The message's start parsed, or null when it cannot be fetched or read. */
const parseMessage = async (
  client: ImapFlow,
  uid: number,
  maxBytes: number,
): Promise<ParsedMail | null> => {
  try {
    const message = await client.fetchOne(
      String(uid),
      { source: { maxLength: maxBytes } },
      { uid: true },
    );
    if (!message || !message.source) return null;
    return await simpleParser(message.source, { skipImageLinks: true, skipTextToHtml: true });
  } catch {
    // Bad encodings, broken parts: the message is not read, the check goes on.
    return null;
  }
};

/**
 * openInbox, with the reads a check for replies makes (headers by UID, a message's text), each
 * within IMAP_COMMAND_DEADLINE_MS.
 */
export const withInboxSession = <T>(
  account: ImapAccount,
  work: (inbox: InboxSession) => Promise<T>,
  deadlines: ImapDeadlines = DEADLINES,
): Promise<T> =>
  openInbox(account, (client) => work(sessionOf(client, deadlines.commandMs)), deadlines);
