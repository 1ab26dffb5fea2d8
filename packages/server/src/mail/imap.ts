import { ImapFlow } from 'imapflow';
import type { FetchMessageObject, FetchQueryObject } from 'imapflow';
import { simpleParser } from 'mailparser';
import type { ParsedMail } from 'mailparser';
import { MAIL_TIMEOUT_SECONDS, MailLoginError, explainLoginFailure } from './errors.ts';
import { withoutNul } from '../lib/text.ts';
import { resolveMailHost } from './host.ts';
import type { OutboundTarget } from './host.ts';

/** An IMAP account with its password in clear (only ever held in memory). */
export type ImapAccount = {
  host: string;
  port: number;
  secure: boolean;
  user: string;
  pass: string;
};

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
    auth: { user: account.user, pass: account.pass },
    logger: false,
    connectionTimeout: timeoutSeconds * 1000,
    greetingTimeout: timeoutSeconds * 1000,
    socketTimeout: 3 * timeoutSeconds * 1000,
  });

/**
 * A connected, logged-in client; a host that is refused (resolveMailHost) or a failed login
 * throws MailLoginError saying why.
 */
const connectImap = async (account: ImapAccount): Promise<ImapFlow> => {
  const failed = (error: unknown) =>
    new MailLoginError(explainLoginFailure({ protocol: 'IMAP', ...account }, error));
  let target: OutboundTarget;
  try {
    target = await resolveMailHost(account.host);
  } catch (error) {
    throw failed(error);
  }
  const client = createImapClient(account, target);
  // Errors also arrive as events; without a listener they would crash the process.
  client.on('error', () => undefined);
  try {
    await client.connect();
  } catch (error) {
    client.close();
    throw failed(error);
  }
  return client;
};

/** Connects, logs in and out; throws MailLoginError saying why it could not. */
export const verifyImapLogin = async (account: ImapAccount): Promise<void> => {
  const client = await connectImap(account);
  await client.logout().catch(() => client.close());
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
    to: (envelope.to ?? [])
      .map((entry) => withoutNul(entry.address ?? ''))
      .filter(Boolean)
      .join(', '),
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
 * Logs in, opens INBOX read-only (EXAMINE: nothing is marked as read), runs `read` with the
 * client, and logs out whatever happens. A failed login throws MailLoginError saying why.
 */
export const openInbox = async <T>(
  account: ImapAccount,
  read: (client: ImapFlow) => Promise<T>,
): Promise<T> => {
  const client = await connectImap(account);
  try {
    const lock = await client.getMailboxLock('INBOX', { readOnly: true });
    try {
      return await read(client);
    } finally {
      lock.release();
    }
  } finally {
    await client.logout().catch(() => client.close());
  }
};

const sessionOf = (client: ImapFlow): InboxSession => {
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
      const found = await list(`${lastUid + 1}:*`);
      return found.filter((message) => message.uid > lastUid).slice(0, max);
    },
    listSince: async (since, max) => {
      const uids = (await client.search({ since }, { uid: true })) || [];
      return list(uids.sort((a, b) => a - b).slice(0, max));
    },
    parse: async (uid, maxBytes = MESSAGE_READ_MAX) => {
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
    },
  };
};

/** openInbox, with the reads a check for replies makes (headers by UID, a message's text). */
export const withInboxSession = <T>(
  account: ImapAccount,
  work: (inbox: InboxSession) => Promise<T>,
): Promise<T> => openInbox(account, (client) => work(sessionOf(client)));
