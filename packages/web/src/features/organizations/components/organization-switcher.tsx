import { useEffect } from 'react';
import { Select } from '@mantine/core';
import { IconBuilding } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { setOrganizationChoice, useOrganizationChoice } from '../../../lib/organization-choice.ts';
import { organizationsQueryKey, useOrganizations } from '../api/get-organizations.ts';

/** The choice that means "no organisation chosen": a Super Admin sees every one. */
const ALL = '*all';

type OrganizationSwitcherProps = { compact: boolean };

/**
 * The header's organisation switcher for a Super Admin: the per-organisation screens work in
 * the chosen one. With a single organisation it is chosen by itself; the choice is remembered
 * in this browser, and changing it reloads every screen's data.
 */
export const OrganizationSwitcher = ({ compact }: OrganizationSwitcherProps) => {
  const queryClient = useQueryClient();
  const organizations = useOrganizations(true);
  const chosen = useOrganizationChoice();
  const names = organizations.data?.map((organization) => organization.name);

  const choose = (name: string | null) => {
    if (name === chosen) return;
    setOrganizationChoice(name);
    void queryClient.resetQueries({
      predicate: (query) => query.queryKey[0] !== organizationsQueryKey[0],
    });
  };

  // A remembered name that no longer exists is dropped; a single organisation is chosen.
  useEffect(() => {
    if (!names) return;
    if (chosen !== null && names.includes(chosen)) return;
    const fallback = names.length === 1 ? names[0]! : null;
    if (fallback !== chosen) choose(fallback);
  });

  if (!names || names.length === 0) return null;
  const data = [
    ...(names.length > 1 ? [{ value: ALL, label: 'All organisations' }] : []),
    ...(organizations.data ?? []).map((organization) => ({
      value: organization.name,
      label: organization.name,
    })),
  ];
  return (
    <Select
      aria-label="Organisation"
      data={data}
      value={chosen ?? ALL}
      onChange={(value) => choose(value === null || value === ALL ? null : value)}
      allowDeselect={false}
      // An organisation created since (by creating or approving a user) shows up on opening.
      onDropdownOpen={() => void organizations.refetch()}
      searchable={names.length > 8}
      leftSection={<IconBuilding size={16} aria-hidden />}
      size={compact ? 'xs' : 'sm'}
      w={compact ? 164 : 220}
      comboboxProps={{ width: compact ? 220 : undefined, position: 'bottom-end' }}
    />
  );
};
