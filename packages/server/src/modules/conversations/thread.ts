/*
 * Threads within one lead's conversation: by Message-ID, In-Reply-To and References; a
 * message whose headers name nothing known joins the thread of the same subject (without
 * "Re:", "Fwd:"…), else starts its own. Only ever over one lead's messages.
 */

export type Threadable = {
  id: string;
  messageId: string;
  inReplyTo: string | null;
  /** Message-IDs separated by spaces, oldest first. */
  references: string;
  subject: string;
  at: Date;
  /** The sent email an answer names (answers stored before headers were kept). */
  sentEmailId?: string | null;
};

const PREFIX = /^(?:re|aw|sv|fw|fwd|wg|tr)\s*:\s*/i;

/** The subject without reply and forward prefixes, lower-cased and trimmed. */
export const baseSubject = (subject: string): string => {
  let rest = subject.trim();
  // One prefix at a time: a bounded loop, no backtracking over the whole subject.
  for (let i = 0; i < 20; i += 1) {
    const match = PREFIX.exec(rest);
    if (!match) break;
    rest = rest.slice(match[0].length);
  }
  return rest.toLowerCase().replace(/\s+/g, ' ');
};

/** Each message's thread id (the id of the thread's first message), oldest message first. */
export const threadIdsOf = (messages: readonly Threadable[]): Map<string, string> => {
  const ordered = [...messages].sort(
    (a, b) => a.at.getTime() - b.at.getTime() || a.id.localeCompare(b.id),
  );
  const byMessageId = new Map<string, string>();
  const byId = new Map<string, string>();
  const bySubject = new Map<string, string>();
  const threads = new Map<string, string>();
  for (const message of ordered) {
    const named = [
      message.inReplyTo,
      ...message.references.split(' ').filter(Boolean).reverse(),
    ].filter((id): id is string => Boolean(id));
    const subject = baseSubject(message.subject);
    const thread =
      named.map((id) => byMessageId.get(id)).find(Boolean) ??
      (message.sentEmailId ? byId.get(message.sentEmailId) : undefined) ??
      (subject ? bySubject.get(subject) : undefined) ??
      message.id;
    threads.set(message.id, thread);
    byId.set(message.id, thread);
    if (message.messageId && !byMessageId.has(message.messageId))
      byMessageId.set(message.messageId, thread);
    if (subject && !bySubject.has(subject)) bySubject.set(subject, thread);
  }
  return threads;
};
