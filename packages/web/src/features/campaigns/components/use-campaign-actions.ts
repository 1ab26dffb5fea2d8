import { createElement, useState } from 'react';
import type { ReactNode } from 'react';
import { Stack } from '@mantine/core';
import { modals } from '@mantine/modals';
import { CAMPAIGN_TEXTS } from '@leadline/shared/campaigns';
import type { Campaign } from '@leadline/shared/campaigns';
import { confirmDanger } from '../../../components/confirm.tsx';
import { errorMessage, isSessionExpired } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useSendCampaign, useSetCampaignStatus } from '../api/campaign-actions.ts';
import { useDeleteCampaign } from '../api/delete-campaign.ts';

/**
 * Send (after 'Send this campaign now?'), pause, resume and delete (after 'Delete this
 * campaign? This cannot be undone.'), each with its toast. A failure also fills the API
 * error box with the server's reason. `sendNotice`: what the send confirmation shows above its
 * question (the sender domain's warning, composed in by app/).
 */
export const useCampaignActions = (
  onDeleted?: (id: string) => void,
  sendNotice?: (campaign: Campaign) => ReactNode,
) => {
  const send = useSendCampaign();
  const status = useSetCampaignStatus();
  const remove = useDeleteCampaign();
  const [apiError, setApiError] = useState<string | null | undefined>(undefined);
  const [busyId, setBusyId] = useState<string | null>(null);

  const failed = (text: string) => (error: unknown) => {
    if (isSessionExpired(error)) return;
    notifyError(text, error);
    setApiError(errorMessage(error, '') || null);
  };
  const settle = () => setBusyId(null);

  return {
    /** undefined: no failure to show; null: one without a server message. */
    apiError,
    clearApiError: () => setApiError(undefined),
    busyId,
    onSend: (campaign: Campaign) =>
      modals.openConfirmModal({
        title: campaign.name,
        centered: true,
        children: sendNotice
          ? createElement(
              Stack,
              { gap: 'sm' },
              sendNotice(campaign),
              createElement('div', null, CAMPAIGN_TEXTS.sendConfirm),
            )
          : CAMPAIGN_TEXTS.sendConfirm,
        labels: { confirm: 'Send', cancel: 'Cancel' },
        onConfirm: () => {
          setBusyId(campaign._id);
          send.mutate(campaign._id, {
            onSuccess: () => notifySuccess(CAMPAIGN_TEXTS.sent),
            onError: failed(CAMPAIGN_TEXTS.sendError),
            onSettled: settle,
          });
        },
      }),
    onPause: (campaign: Campaign) => {
      setBusyId(campaign._id);
      status.mutate(
        { id: campaign._id, status: 'paused' },
        {
          onSuccess: ({ message }) => notifySuccess(message),
          onError: failed('Failed to pause campaign.'),
          onSettled: settle,
        },
      );
    },
    onResume: (campaign: Campaign) => {
      setBusyId(campaign._id);
      status.mutate(
        { id: campaign._id, status: 'active' },
        {
          onSuccess: ({ message }) => notifySuccess(message),
          onError: failed('Failed to resume campaign.'),
          onSettled: settle,
        },
      );
    },
    onDelete: (campaign: Campaign) =>
      confirmDanger({
        title: campaign.name,
        message: CAMPAIGN_TEXTS.deleteConfirm,
        confirmLabel: 'Delete',
        onConfirm: () => {
          setBusyId(campaign._id);
          remove.mutate(campaign._id, {
            onSuccess: ({ message }) => {
              notifySuccess(message);
              onDeleted?.(campaign._id);
            },
            onError: failed(CAMPAIGN_TEXTS.deleteError),
            onSettled: settle,
          });
        },
      }),
  };
};
