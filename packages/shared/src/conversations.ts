import { z } from 'zod';
import { SUBJECT_MAX, addressListField, messageBodyField, priorityField } from './email.ts';
import { uuidSchema } from './ids.ts';
import { hasPermission } from './permissions.ts';
import type { Actor } from './permissions.ts';

/*
 * A lead's conversation: every email sent to it from any mailbox of the organisation and every
 * answer (replies, automatic answers, bounces) in one timeline, threaded; replies written from
 * Leadline; what waits for an answer.
 */

export type ConversationDirection = 'out' | 'in';
export type ConversationKind = 'email' | 'reply' | 'auto_reply' | 'bounce';

export type ConversationMessage = {
  _id: string;
  direction: ConversationDirection;
  kind: ConversationKind;
  /** The thread it belongs to (by Message-ID, In-Reply-To and References; else the subject). */
  threadId: string;
  subject: string;
  from: string;
  /** The sender's name when known ('' otherwise). */
  fromName: string;
  to: string;
  cc: string;
  at: string;
  /** An answer no one has opened the conversation since; emails sent are never unread. */
  unread: boolean;
  /** The mailbox it went from or arrived in (null once that mailbox is gone). */
  mailboxId: string | null;
  /** The start of its text. */
  snippet: string;
  /** For emails sent: 'sent', 'failed', 'sending' or 'unconfirmed'. */
  status: string | null;
};

export type ConversationAnswer = { messages: ConversationMessage[] };

/** A message of a company's conversations: whose lead's conversation it is part of. */
export type CompanyConversationMessage = ConversationMessage & { leadId: string; leadName: string };

/**
 * GET /api/companies/:key/conversation: the conversations of the company's leads in one
 * timeline, oldest first; `truncated`: only the newest messages are there.
 */
export type CompanyConversationAnswer = {
  messages: CompanyConversationMessage[];
  truncated: boolean;
};

/** GET /api/leads/:id/conversation/messages/:messageId: one message's whole text. */
export type ConversationBody = { _id: string; html: string | null; text: string };

export const INVALID_MESSAGE_ID = 'Invalid message ID';
export const REPLY_TO_REQUIRED = 'Choose the message you are answering';

/** POST /api/leads/:id/reply (JSON or multipart with attachments). */
export const conversationReplySchema = z.object({
  body: messageBodyField,
  /** Absent: "Re: " and the subject of the message answered. */
  subject: z
    .string()
    .transform((value) => value.replace(/[\r\n]+/g, ' ').trim())
    .pipe(z.string().max(SUBJECT_MAX, 'Subject is too long'))
    .optional(),
  cc: addressListField('CC'),
  priority: priorityField,
  inReplyTo: z.string({ error: REPLY_TO_REQUIRED }).pipe(uuidSchema(INVALID_MESSAGE_ID)),
});
export type ConversationReplyInput = z.input<typeof conversationReplySchema>;
export type ConversationReplyData = z.output<typeof conversationReplySchema>;

export type ConversationReplyAnswer = {
  message: string;
  /** Whether the reply was also put in the mailbox's Sent folder (IMAP APPEND). */
  savedToSent: boolean;
  /** Why not, when it was not (no IMAP settings, the server refused...). */
  sentFolderError: string | null;
};

export const REPLY_SENT = 'Reply sent';

/** Who sees the team's conversations (scope=team): administrators and sales managers with Inbox. */
export const canSeeTeamConversations = (actor: Actor): boolean =>
  ['Super Admin', 'Admin', 'Sales Manager'].includes(actor.role) && hasPermission(actor, 'inbox');

/** GET /api/conversations: whose conversations (the team's needs the Inbox permission). */
export const conversationsQuerySchema = z.object({
  needsReply: z
    .enum(['true', 'false'], { error: 'needsReply must be true or false' })
    .optional()
    .transform((value) => value !== 'false'),
  scope: z
    .enum(['mine', 'team'], { error: 'scope must be mine or team' })
    .optional()
    .default('mine'),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(500, 'limit must be at most 500')
    .optional()
    .default(100),
});

export type ConversationSummary = {
  leadId: string;
  leadName: string;
  leadEmail: string;
  companyName: string;
  /** When the lead's last answer came. */
  lastMessageAt: string;
  subject: string;
  snippet: string;
  /** The lead's answers not opened yet. */
  unread: number;
};

export type ConversationsAnswer = { conversations: ConversationSummary[] };

/** GET /api/conversations/counts: for the navigation. */
export type ConversationCounts = { needsReply: number; unread: number };
