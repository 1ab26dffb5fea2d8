import type { CampaignFormValues } from './campaign-form-values.ts';

/**
 * The campaign being written, kept in this browser (per user, per campaign) so that a page
 * closed or reloaded mid-edit loses nothing: the form offers it back when it opens again.
 */
const keyOf = (userId: string, campaignId: string | null) =>
  `leadline.unsavedCampaign.${userId}.${campaignId ?? 'new'}`;

export type StoredCampaign = { key: string };

export const storedCampaignKey = (userId: string | null, campaignId: string | null) =>
  userId ? keyOf(userId, campaignId) : null;

export const readStoredCampaign = (key: string | null): CampaignFormValues | null => {
  if (!key) return null;
  try {
    const text = window.localStorage.getItem(key);
    return text ? (JSON.parse(text) as CampaignFormValues) : null;
  } catch {
    return null;
  }
};

export const writeStoredCampaign = (key: string | null, values: CampaignFormValues): void => {
  if (!key) return;
  try {
    window.localStorage.setItem(key, JSON.stringify(values));
  } catch {
    // Storage full or blocked: the form still works, only the local copy is missing.
  }
};

export const forgetStoredCampaign = (key: string | null): void => {
  if (key) window.localStorage.removeItem(key);
};
