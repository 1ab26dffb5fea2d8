import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConversationReplyAnswer } from '@leadline/shared/conversations';
import type { EmailPriority } from '@leadline/shared/email';
import { apiFetch, apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { conversationKeys } from './conversation-keys.ts';

/** A reply as the composer sends it: the server checks every field again (shared schema). */
export type OutgoingReply = {
  /** The _id of the message answered. */
  inReplyTo: string;
  subject: string;
  body: string;
  /** Comma-separated addresses, as typed. */
  cc: string;
  priority?: EmailPriority;
  attachments: File[];
};

const replyFormData = (reply: OutgoingReply) => {
  const form = new FormData();
  form.append('inReplyTo', reply.inReplyTo);
  form.append('subject', reply.subject);
  form.append('body', reply.body);
  form.append('cc', reply.cc);
  if (reply.priority) form.append('priority', reply.priority);
  for (const file of reply.attachments) form.append('attachments', file, file.name);
  return form;
};

/** POST /api/leads/:id/reply: JSON, or multipart when files are attached. */
export const sendReply = async ({ leadId, reply }: { leadId: string; reply: OutgoingReply }) => {
  const path = `/api/leads/${encodeURIComponent(leadId)}/reply`;
  const { attachments, ...fields } = reply;
  if (attachments.length === 0) {
    return apiRequest<ConversationReplyAnswer>(path, { method: 'POST', body: fields });
  }
  const response = await apiFetch(path, { method: 'POST', body: replyFormData(reply) });
  return (await response.json()) as ConversationReplyAnswer;
};

/** Sending a reply changes the conversation, what waits for an answer and the lead's history. */
export const useSendReply = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendReply,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: conversationKeys.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.leads }),
      ]),
  });
};
