import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CampaignActionResponse } from '@leadline/shared/campaigns';
import { apiRequest } from '../../../lib/api-client.ts';
import { campaignKeys } from './campaign-keys.ts';

const path = (id: string) => `/api/campaigns/${encodeURIComponent(id)}`;

/** POST /api/campaigns/:id/send (empty body). */
export const sendCampaign = (id: string) =>
  apiRequest<CampaignActionResponse>(`${path(id)}/send`, { method: 'POST' });

/** PATCH /api/campaigns/:id/status: pause or resume. */
export const setCampaignStatus = ({ id, status }: { id: string; status: 'active' | 'paused' }) =>
  apiRequest<CampaignActionResponse>(`${path(id)}/status`, {
    method: 'PATCH',
    body: { status },
  });

/** PATCH /api/campaigns/:id/tasks/:leadId: tick a LinkedIn or call task off or on. */
export const setTask = ({ id, leadId, done }: { id: string; leadId: string; done: boolean }) =>
  apiRequest<CampaignActionResponse>(`${path(id)}/tasks/${encodeURIComponent(leadId)}`, {
    method: 'PATCH',
    body: { done },
  });

/** POST /api/campaigns/:id/mailboxes/:mailboxId/resume: send from a held mailbox again. */
export const resumeCampaignMailbox = ({ id, mailboxId }: { id: string; mailboxId: string }) =>
  apiRequest<CampaignActionResponse>(
    `${path(id)}/mailboxes/${encodeURIComponent(mailboxId)}/resume`,
    { method: 'POST' },
  );

/** A campaign action; the list, the campaign and its leads are read again afterwards. */
const useCampaignAction = <T>(action: (input: T) => Promise<CampaignActionResponse>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: action,
    onSuccess: ({ campaign }) => {
      queryClient.setQueryData(campaignKeys.detail(campaign._id), (old: object | undefined) =>
        old ? { ...old, ...campaign } : old,
      );
      return queryClient.invalidateQueries({ queryKey: campaignKeys.all });
    },
  });
};

export const useSendCampaign = () => useCampaignAction(sendCampaign);
export const useSetCampaignStatus = () => useCampaignAction(setCampaignStatus);
export const useSetTask = () => useCampaignAction(setTask);
export const useResumeCampaignMailbox = () => useCampaignAction(resumeCampaignMailbox);
