import { Switch } from '@mantine/core';
import type { Lead } from '@leadline/shared/leads';
import { errorMessage } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useUpdateLead } from '../api/update-lead.ts';

/**
 * The lead's "Do not track": its emails are then never tracked (opens and clicks), whatever
 * the organisation or the sender chose. Saved as soon as it is switched.
 */
export const DoNotTrackSwitch = ({ lead }: { lead: Pick<Lead, '_id' | 'doNotTrack'> }) => {
  const update = useUpdateLead();
  const change = (doNotTrack: boolean) =>
    update.mutate(
      { id: lead._id, changes: { doNotTrack } },
      {
        onSuccess: () =>
          notifySuccess(
            doNotTrack
              ? "This lead's emails will not be tracked"
              : "This lead's emails may be tracked again",
          ),
        onError: (error) => notifyError(errorMessage(error, 'Failed to update lead'), error),
      },
    );
  return (
    <Switch
      label="Do not track"
      description="Never track opens or clicks of emails to this lead."
      checked={
        update.isPending
          ? (update.variables.changes.doNotTrack ?? lead.doNotTrack)
          : lead.doNotTrack
      }
      disabled={update.isPending}
      onChange={(event) => change(event.currentTarget.checked)}
    />
  );
};
