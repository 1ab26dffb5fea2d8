import { personName } from '@leadline/shared/leads';
import type { LeadStatus } from '@leadline/shared/leads';

/** Badge-like colours per status: Hot, Warm, Cold, Qualified and other. */
export const STATUS_COLORS: Record<LeadStatus, string> = {
  'Hot Lead': 'red',
  'Warm Lead': 'orange',
  'Cold Lead': 'blue',
  Qualified: 'green',
};

export const statusColor = (status: string): string =>
  STATUS_COLORS[status as LeadStatus] ?? 'gray';

/** Light badge colours that follow the colour scheme (Mantine's `-light` variables). */
export const statusStyle = (status: string) => {
  const color = statusColor(status);
  return {
    backgroundColor: `var(--mantine-color-${color}-light)`,
    color: `var(--mantine-color-${color}-light-color)`,
    borderColor: 'transparent',
    fontWeight: 600,
  };
};

export const fullName = personName;

/** Initials from first and last name. */
export const leadInitials = (lead: { personFirstName: string; personLastName: string }): string =>
  `${lead.personFirstName.trim().charAt(0)}${lead.personLastName.trim().charAt(0)}`.toUpperCase() ||
  '?';
