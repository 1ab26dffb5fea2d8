import { useState } from 'react';
import { Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { CAMPAIGN_TEXTS } from '@leadline/shared/campaigns';
import type { CampaignInput } from '@leadline/shared/campaigns';
import { CenteredLoader } from '../../../components/centered-loader.tsx';
import { errorMessage, isSessionExpired } from '../../../lib/api-client.ts';
import { MOBILE_QUERY } from '../../../lib/constants.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useCampaign } from '../api/get-campaign.ts';
import { useSaveCampaign } from '../api/save-campaign.ts';
import { CampaignForm } from './campaign-form.tsx';
import type { CampaignTemplatePicker } from './template-slot.ts';

type CampaignFormModalProps = {
  /** null: closed; 'new': creating; an id: editing that campaign. */
  target: string | null;
  onClose: () => void;
  /** The form's "Start from template" control (see CampaignForm). */
  templatePicker?: CampaignTemplatePicker;
};

/** 'Create New Campaign' or 'Edit Campaign'; a click on the backdrop closes it. */
export const CampaignFormModal = ({ target, onClose, templatePicker }: CampaignFormModalProps) => {
  const mobile = useMediaQuery(MOBILE_QUERY);
  const editingId = target && target !== 'new' ? target : null;
  const campaign = useCampaign(editingId);
  const save = useSaveCampaign();
  const [saveError, setSaveError] = useState<string | null>(null);

  const close = () => {
    setSaveError(null);
    save.reset();
    onClose();
  };
  const submit = (body: CampaignInput) =>
    save.mutate(
      { id: editingId, body },
      {
        onSuccess: () => {
          notifySuccess(editingId ? 'Campaign updated' : 'Campaign created');
          close();
        },
        onError: (error) => {
          // The alert says to look at the console: the details are there.
          console.error('Saving the campaign failed', error);
          if (!isSessionExpired(error))
            setSaveError(errorMessage(error, 'The server did not answer. Please try again.'));
        },
      },
    );

  const loading = editingId !== null && !campaign.data;
  return (
    <Modal
      opened={target !== null}
      onClose={close}
      title={editingId ? CAMPAIGN_TEXTS.editTitle : CAMPAIGN_TEXTS.createTitle}
      size="lg"
      fullScreen={mobile}
      closeOnClickOutside
    >
      {target === null ? null : loading ? (
        campaign.isError ? (
          <span role="alert">{errorMessage(campaign.error, 'Failed to load the campaign')}</span>
        ) : (
          <CenteredLoader />
        )
      ) : (
        <CampaignForm
          key={editingId ?? 'new'}
          campaign={editingId ? campaign.data! : null}
          saving={save.isPending}
          saveError={saveError}
          onSubmit={submit}
          onCancel={close}
          templatePicker={templatePicker}
        />
      )}
    </Modal>
  );
};
