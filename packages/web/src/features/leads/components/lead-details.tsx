import type { ReactNode } from 'react';
import { Anchor, Badge, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { countryTimeZone } from '@leadline/shared/country-time-zones';
import { formatLocation } from '@leadline/shared/leads';
import type { Lead } from '@leadline/shared/leads';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { displayLink, externalHref } from '../../../lib/links.ts';
import { DealValue, PhoneLink } from './lead-controls.tsx';
import { DoNotTrackSwitch } from './do-not-track.tsx';
import { formatDay } from '../../../lib/format.ts';
import { LeadSourceLabel } from './lead-source-icon.tsx';
import { statusColor } from './lead-status.ts';

/** The lead's zone, or the one its country has, or what campaigns fall back to. */
const leadTimeZoneText = (lead: Pick<Lead, 'timeZone' | 'personCountry'>): string => {
  if (lead.timeZone) return lead.timeZone;
  const fromCountry = countryTimeZone(lead.personCountry);
  return fromCountry ? `${fromCountry} (from the country)` : "The campaign's time zone";
};

const NOT_SPECIFIED = 'Not specified';

const Item = ({ label, children }: { label: string; children: ReactNode }) => (
  <Stack gap={2} style={{ minWidth: 0 }}>
    <Text size="xs" c="dimmed" fw={600}>
      {label}
    </Text>
    {typeof children === 'string' ? (
      <Text size="sm" c={children === NOT_SPECIFIED ? 'dimmed' : undefined} style={wrap}>
        {children}
      </Text>
    ) : (
      children
    )}
  </Stack>
);

const wrap = { overflowWrap: 'anywhere' as const, whiteSpace: 'pre-wrap' as const };

const text = (value: string) => (value.trim() ? value : NOT_SPECIFIED);

const Link = ({ value }: { value: string }) => {
  const href = externalHref(value);
  if (!href) {
    return (
      <Text size="sm" c={value.trim() ? undefined : 'dimmed'} style={wrap}>
        {text(value)}
      </Text>
    );
  }
  return (
    <Anchor href={href} target="_blank" rel="noopener noreferrer" size="sm" style={wrap}>
      {displayLink(href)}
    </Anchor>
  );
};

export const DetailSection = ({ title, children }: { title: string; children: ReactNode }) => (
  <Stack gap="xs" component="section" aria-label={title}>
    <Title order={3} size="h6" tt="uppercase" c="dimmed">
      {title}
    </Title>
    {children}
  </Stack>
);

const grid = { cols: { base: 1, xs: 2 }, spacing: 'md', verticalSpacing: 'sm' } as const;

/** Every field of a lead, in the form's sections, plus its mail state. */
export const LeadDetails = ({ lead }: { lead: Lead }) => (
  <Stack gap="lg">
    <DetailSection title="Company">
      <SimpleGrid {...grid}>
        <Item label="Company Name">{text(lead.companyName)}</Item>
        <Item label="Industry">{text(lead.industry)}</Item>
        <Item label="Company Size">{text(lead.size)}</Item>
        <Item label="Company Website">
          <Link value={lead.companySite} />
        </Item>
        <Item label="Company LinkedIn">
          <Link value={lead.companyLinkedin} />
        </Item>
      </SimpleGrid>
    </DetailSection>
    <DetailSection title="Contact">
      <SimpleGrid {...grid}>
        <Item label="Name">{text(`${lead.personFirstName} ${lead.personLastName}`)}</Item>
        <Item label="Email">
          <Anchor href={`mailto:${lead.personEmail}`} size="sm" style={wrap}>
            {lead.personEmail}
          </Anchor>
        </Item>
        <Item label="Phone">
          <PhoneLink phone={lead.phone} />
        </Item>
        <Item label="Job Title">{text(lead.personDesignation)}</Item>
        <Item label="Personal LinkedIn">
          <Link value={lead.personLinkedin} />
        </Item>
        <Item label="Contact Profile Link">
          <Link value={lead.contactProfileLink} />
        </Item>
        <Item label="Location">{formatLocation(lead)}</Item>
        <Item label="Time zone">{leadTimeZoneText(lead)}</Item>
      </SimpleGrid>
    </DetailSection>
    <DetailSection title="Lead">
      <SimpleGrid {...grid}>
        <Item label="Source">
          <LeadSourceLabel source={lead.source} />
        </Item>
        <Item label="Status">
          <Group>
            <Badge color={statusColor(lead.status)} variant="light">
              {lead.status}
            </Badge>
          </Group>
        </Item>
        <Item label="Owner">{lead.owner?.name || 'Nobody'}</Item>
        <Item label="Deal value">
          <DealValue value={lead.dealValue} />
        </Item>
        <Item label="Expected close">
          {lead.expectedCloseDate ? formatDay(lead.expectedCloseDate) : NOT_SPECIFIED}
        </Item>
        <Item label="Created">{formatDateTime(lead.createdAt)}</Item>
        <Item label="Last updated">{formatDateTime(lead.updatedAt)}</Item>
      </SimpleGrid>
      <Item label="Notes">{text(lead.subject)}</Item>
    </DetailSection>
    <DetailSection title="Mail">
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
        <Item label="State">
          <Group gap={6}>
            <Badge color={lead.mailSent ? 'green' : 'gray'} variant="light">
              {lead.mailSent ? 'Sent' : 'Pending'}
            </Badge>
            {lead.repliedAt ? (
              <Badge color="grape" variant="light" title={formatDateTime(lead.repliedAt)}>
                Replied
              </Badge>
            ) : null}
            {lead.unsubscribedAt ? (
              <Badge color="red" variant="light" title={formatDateTime(lead.unsubscribedAt)}>
                Unsubscribed
              </Badge>
            ) : null}
            {lead.bouncedAt ? (
              <Badge color="red" variant="filled" title={formatDateTime(lead.bouncedAt)}>
                Bounced
              </Badge>
            ) : null}
          </Group>
        </Item>
        <Item label="Emails sent">{String(lead.sentCount)}</Item>
        <Item label="Last sent">{formatDate(lead.mailSentDate, 'Never')}</Item>
        {lead.repliedAt ? <Item label="Last reply">{formatDateTime(lead.repliedAt)}</Item> : null}
        {lead.unsubscribedAt ? (
          <Item label="Unsubscribed">{formatDateTime(lead.unsubscribedAt)}</Item>
        ) : null}
        {lead.bouncedAt ? (
          <Item label="Bounced">
            {`${formatDateTime(lead.bouncedAt)}${lead.bounceReason ? ` · ${lead.bounceReason}` : ''}`}
          </Item>
        ) : null}
      </SimpleGrid>
      <DoNotTrackSwitch lead={lead} />
    </DetailSection>
  </Stack>
);
