import { memo } from 'react';
import {
  IconBrandBehance,
  IconBrandFacebook,
  IconBrandInstagram,
  IconBrandLinkedin,
  IconBrandTwitter,
  IconBrandUpwork,
  IconCalendarEvent,
  IconDots,
  IconMailForward,
  IconUserShare,
  IconWorld,
} from '@tabler/icons-react';
import type { Icon } from '@tabler/icons-react';
import type { LeadSource } from '@leadline/shared/leads';

/** An icon and colour per lead source. */
export const SOURCE_ICONS: Record<LeadSource, { icon: Icon; color: string }> = {
  LinkedIn: { icon: IconBrandLinkedin, color: '#0a66c2' },
  Twitter: { icon: IconBrandTwitter, color: '#1d9bf0' },
  Instagram: { icon: IconBrandInstagram, color: '#d62976' },
  Facebook: { icon: IconBrandFacebook, color: '#1877f2' },
  Upwork: { icon: IconBrandUpwork, color: '#14a800' },
  Behance: { icon: IconBrandBehance, color: '#1769ff' },
  'Cold Email': { icon: IconMailForward, color: 'var(--mantine-color-indigo-6)' },
  Referral: { icon: IconUserShare, color: 'var(--mantine-color-teal-6)' },
  Website: { icon: IconWorld, color: 'var(--mantine-color-cyan-6)' },
  Event: { icon: IconCalendarEvent, color: 'var(--mantine-color-grape-6)' },
  Other: { icon: IconDots, color: 'var(--mantine-color-gray-6)' },
};

const iconFor = (source: string) => SOURCE_ICONS[source as LeadSource] ?? SOURCE_ICONS.Other;

const sourceStyle = {
  display: 'inline-flex',
  alignItems: 'center',
  gap: 6,
  whiteSpace: 'nowrap',
  fontSize: 'var(--mantine-font-size-sm)',
} as const;

/** The source's icon followed by its name. */
export const LeadSourceLabel = memo(({ source }: { source: string }) => {
  const { icon: SourceIcon, color } = iconFor(source);
  return (
    <span style={sourceStyle}>
      <SourceIcon size={18} stroke={1.6} color={color} aria-hidden />
      <span>{source || 'Not specified'}</span>
    </span>
  );
});
LeadSourceLabel.displayName = 'LeadSourceLabel';
