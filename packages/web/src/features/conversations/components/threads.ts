import type { ConversationMessage } from '@leadline/shared/conversations';

export type ConversationThread = {
  threadId: string;
  /** The subject of its first message. */
  subject: string;
  messages: ConversationMessage[];
};

/**
 * The messages (oldest first) in their threads, each thread oldest first; the thread with the
 * latest message comes last, next to the reply composer.
 */
export const threadsOf = (messages: readonly ConversationMessage[]): ConversationThread[] => {
  const threads = new Map<string, ConversationThread>();
  for (const message of messages) {
    const thread = threads.get(message.threadId);
    if (thread) thread.messages.push(message);
    else {
      threads.set(message.threadId, {
        threadId: message.threadId,
        subject: message.subject,
        messages: [message],
      });
    }
  }
  const lastAt = (thread: ConversationThread) => thread.messages.at(-1)!.at;
  return [...threads.values()].sort((a, b) => lastAt(a).localeCompare(lastAt(b)));
};

/** A bounce came from a mail server: there is no one to answer. */
export const canAnswer = (message: ConversationMessage): boolean => message.kind !== 'bounce';

/** What "Reply" answers by default: the latest reply from the lead's side, else the latest email sent. */
export const defaultReplyTarget = (
  messages: readonly ConversationMessage[],
): ConversationMessage | null =>
  messages.findLast((message) => message.kind === 'reply') ??
  messages.findLast((message) => message.direction === 'out') ??
  messages.findLast(canAnswer) ??
  null;

/** "Name <address>", or the address alone. */
export const senderOf = (message: Pick<ConversationMessage, 'from' | 'fromName'>): string =>
  message.fromName && message.fromName !== message.from
    ? `${message.fromName} <${message.from}>`
    : message.from;
