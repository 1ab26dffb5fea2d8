import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DEFAULT_CURRENCY, formatMoney } from '@leadline/shared/organization';
import type {
  OrganizationSettings,
  OrganizationSettingsInput,
} from '@leadline/shared/organization';
import { apiRequest } from './api-client.ts';

const settingsKey = ['organization', 'settings'] as const;
const PATH = '/api/organizations/settings';

/**
 * The organisation's settings (its currency, open and click tracking), read by every screen that shows deal values and
 * changed on the settings panel; shared here because several features need them.
 */
export const useOrganizationSettings = (enabled = true) =>
  useQuery({
    queryKey: settingsKey,
    queryFn: ({ signal }) => apiRequest<OrganizationSettings>(PATH, { signal }),
    staleTime: 5 * 60_000,
    enabled,
  });

export const useSaveOrganizationSettings = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OrganizationSettingsInput) =>
      apiRequest<OrganizationSettings>(PATH, { method: 'PUT', body }),
    onSuccess: (settings) => queryClient.setQueryData(settingsKey, settings),
  });
};

/** The organisation's currency (USD until it is known). */
export const useCurrency = (): string =>
  useOrganizationSettings().data?.currency ?? DEFAULT_CURRENCY;

/** A deal value in the organisation's currency. */
export const useMoney = () => {
  const currency = useCurrency();
  return (value: number) => formatMoney(value, currency);
};

/** The organisation's open and click tracking switch (off until it is known). */
export const useTrackingSwitch = (): boolean => useOrganizationSettings().data?.tracking ?? false;
