import type { FetchMessageObject, ImapFlow } from 'imapflow';
import { snippetOf, snippetPart } from './structure.ts';
import type { SnippetPart } from './structure.ts';

/*
 * Reading the INBOX over IMAP: opened read-only (EXAMINE), so reading never marks an email
 * as seen or changes anything in the mailbox. Only the page asked for is fetched.
 */

/** Bytes of each listed email's text part fetched for its preview line. */
const SNIPPET_BYTES = { text: 1024, html: 4096 };

export type ListedMessage = {
  uid: number;
  envelope: FetchMessageObject['envelope'];
  bodyStructure: FetchMessageObject['bodyStructure'];
  internalDate: Date | null;
  snippet: string;
};

export type InboxPage = { total: number; messages: ListedMessage[] };

const mailboxSize = (client: ImapFlow): number =>
  typeof client.mailbox === 'object' ? client.mailbox.exists : 0;

/**
 * The sequence numbers of one page, newest first: the last `limit` of the whole mailbox, or,
 * with `before` (a UID), the last `limit` of those that arrived before it. The messages
 * newer than `before` are few (the pages already shown), so counting them is cheap.
 */
const pageRange = async (
  client: ImapFlow,
  limit: number,
  before: number | undefined,
): Promise<{ first: number; last: number } | null> => {
  const total = mailboxSize(client);
  let older = total;
  if (before !== undefined && total > 0) {
    const newer = (await client.search({ uid: `${before}:*` }, { uid: true })) || [];
    older = total - newer.filter((uid) => uid >= before).length;
  }
  if (older < 1) return null;
  return { first: Math.max(1, older - limit + 1), last: older };
};

/** The preview line of each message, one FETCH per distinct text part key. */
const fetchSnippets = async (
  client: ImapFlow,
  parts: Map<number, SnippetPart>,
): Promise<Map<number, string>> => {
  const byKey = new Map<string, number[]>();
  for (const [uid, part] of parts) byKey.set(part.key, [...(byKey.get(part.key) ?? []), uid]);
  const snippets = new Map<number, string>();
  for (const [key, uids] of byKey) {
    const maxLength = Math.max(
      ...uids.map((uid) => SNIPPET_BYTES[parts.get(uid)!.html ? 'html' : 'text']),
    );
    const fetched = await client.fetchAll(
      uids.join(','),
      { uid: true, bodyParts: [{ key, maxLength }] },
      { uid: true },
    );
    for (const message of fetched) {
      const raw = message.bodyParts?.get(key);
      const part = parts.get(message.uid);
      if (raw && part) snippets.set(message.uid, snippetOf(raw, part));
    }
  }
  return snippets;
};

const asDate = (value: Date | string | undefined): Date | null => {
  if (!value) return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
};

/** One page of the INBOX, newest first, with envelope, structure and a preview line each. */
export const readInboxPage = async (
  client: ImapFlow,
  limit: number,
  before: number | undefined,
): Promise<InboxPage> => {
  const total = mailboxSize(client);
  const range = await pageRange(client, limit, before);
  if (!range) return { total, messages: [] };
  const fetched = await client.fetchAll(`${range.first}:${range.last}`, {
    uid: true,
    envelope: true,
    bodyStructure: true,
    internalDate: true,
  });
  // Mail may be expunged between the search and the fetch: keep strictly older ones.
  const page = fetched
    .filter((message) => before === undefined || message.uid < before)
    .sort((a, b) => b.uid - a.uid)
    .slice(0, limit);
  const parts = new Map<number, SnippetPart>();
  for (const message of page) {
    const part = snippetPart(message.bodyStructure);
    if (part) parts.set(message.uid, part);
  }
  const snippets = await fetchSnippets(client, parts);
  return {
    total,
    messages: page.map((message) => ({
      uid: message.uid,
      envelope: message.envelope,
      bodyStructure: message.bodyStructure,
      internalDate: asDate(message.internalDate),
      snippet: snippets.get(message.uid) ?? '',
    })),
  };
};

export type MessageSource =
  | { found: false }
  | { found: true; tooLarge: true; size: number }
  | { found: true; tooLarge: false; source: Buffer; internalDate: Date | null };

/** The whole message by UID, unless it is larger than `maxBytes`. */
export const readMessageSource = async (
  client: ImapFlow,
  uid: number,
  maxBytes: number,
): Promise<MessageSource> => {
  const head = await client.fetchOne(String(uid), { uid: true, size: true }, { uid: true });
  if (!head) return { found: false };
  const size = head.size ?? 0;
  if (size > maxBytes) return { found: true, tooLarge: true, size };
  const message = await client.fetchOne(
    String(uid),
    { uid: true, source: true, internalDate: true },
    { uid: true },
  );
  if (!message || !message.source) return { found: false };
  return {
    found: true,
    tooLarge: false,
    source: message.source,
    internalDate: asDate(message.internalDate),
  };
};
