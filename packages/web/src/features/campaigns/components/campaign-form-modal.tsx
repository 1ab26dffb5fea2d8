import { useRef, useState } from 'react';
import { useMediaQuery } from '@mantine/hooks';
import { CAMPAIGN_TEXTS } from '@leadline/shared/campaigns';
import type { CampaignInput } from '@leadline/shared/campaigns';
import { CenteredLoader } from '../../../components/centered-loader.tsx';
import { useDiscardGuard } from '../../../components/discard-guard.tsx';
import { GuardedModal } from '../../../components/discard-guard-modal.tsx';
import { errorMessage, isSessionExpired } from '../../../lib/api-client.ts';
import { MOBILE_QUERY } from '../../../lib/constants.ts';
import { useSession } from '../../../lib/session.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useCampaign } from '../api/get-campaign.ts';
import { useSaveCampaign } from '../api/save-campaign.ts';
import { forgetStoredCampaign, storedCampaignKey } from './campaign-draft-store.ts';
import { CampaignForm } from './campaign-form.tsx';
import { toDraftPayload } from './campaign-form-values.ts';
import type { CampaignFormValues } from './campaign-form-values.ts';
import type { CampaignTemplatePicker } from './template-slot.ts';

type CampaignFormModalProps = {
  /** null: closed; 'new': creating; an id: editing that campaign. */
  target: string | null;
  onClose: () => void;
  /** The form's "Start from template" control (see CampaignForm). */
  templatePicker?: CampaignTemplatePicker;
};

/**
 * 'Create New Campaign' or 'Edit Campaign'; Esc or a click on the backdrop closes it, asking
 * first when something is unsaved ("Save as draft" keeps a new or draft campaign unfinished).
 */
export const CampaignFormModal = ({ target, onClose, templatePicker }: CampaignFormModalProps) => {
  const mobile = useMediaQuery(MOBILE_QUERY);
  const editingId = target && target !== 'new' ? target : null;
  const campaign = useCampaign(editingId);
  const save = useSaveCampaign();
  const [saveError, setSaveError] = useState<string | null>(null);
  const userId = useSession().user?._id ?? null;
  const storageKey = target === null ? null : storedCampaignKey(userId, editingId);
  const values = useRef<(() => CampaignFormValues) | null>(null);

  const close = () => {
    setSaveError(null);
    save.reset();
    onClose();
  };
  // Closed on purpose (saved, or its changes discarded): the local copy goes too.
  const done = () => {
    forgetStoredCampaign(storageKey);
    close();
  };
  const submit = (body: CampaignInput, draft = false) =>
    save.mutate(
      { id: editingId, body, draft },
      {
        onSuccess: () => {
          notifySuccess(
            draft
              ? 'Campaign saved as a draft'
              : editingId
                ? 'Campaign updated'
                : 'Campaign created',
          );
          done();
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
  const draftable = editingId === null || campaign.data?.status === 'draft';
  const guard = useDiscardGuard({
    onClose: done,
    onSaveDraft: draftable
      ? () => {
          const current = values.current?.();
          if (current) submit(toDraftPayload(current), true);
        }
      : undefined,
    savingDraft: save.isPending,
  });
  return (
    <GuardedModal
      guard={guard}
      opened={target !== null}
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
        <guard.Scope>
          <CampaignForm
            key={editingId ?? 'new'}
            campaign={editingId ? campaign.data! : null}
            saving={save.isPending}
            saveError={saveError}
            onSubmit={(body) => submit(body)}
            onCancel={guard.close}
            templatePicker={templatePicker}
            storageKey={storageKey}
            valuesRef={values}
          />
        </guard.Scope>
      )}
    </GuardedModal>
  );
};
