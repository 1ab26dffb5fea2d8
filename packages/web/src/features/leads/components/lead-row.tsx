import { memo } from 'react';
import { ActionIcon, Anchor, Avatar, Badge, Button, NativeSelect, Table } from '@mantine/core';
import { IconCheck, IconEye, IconSend, IconTrash } from '@tabler/icons-react';
import { LEAD_STATUSES, formatLocation } from '@leadline/shared/leads';
import type { Lead, LeadStatus } from '@leadline/shared/leads';
import { formatDate } from '../../../lib/format.ts';
import { displayLink, externalHref } from '../../../lib/links.ts';
import { LeadSourceLabel } from './lead-source-icon.tsx';
import classes from './lead-row.module.css';
import { SelectBox } from './select-box.tsx';
import { fullName, leadInitials, statusColor, statusStyle } from './lead-status.ts';

export type LeadRowHandlers = {
  onToggle: (lead: Lead, selected: boolean) => void;
  onStatusChange: (lead: Lead, status: LeadStatus) => void;
  onView: (id: string) => void;
  onDelete: (lead: Lead) => void;
  onSend: (lead: Lead) => void;
};

type LeadRowProps = LeadRowHandlers & { lead: Lead; selected: boolean; canSend: boolean };

const STATUS_OPTIONS: string[] = [...LEAD_STATUSES];

// Plain elements where a Mantine component adds nothing: 250 rows render ~4,000 fewer components.
const dimmed = { color: 'var(--mantine-color-dimmed)' };
const row = { display: 'flex', alignItems: 'center', flexWrap: 'nowrap' } as const;

const Dash = () => <span style={dimmed}>—</span>;

const ExternalLink = ({ value, label }: { value: string; label?: string }) => {
  const href = externalHref(value);
  if (!href) return value ? <>{value}</> : <Dash />;
  return (
    <Anchor href={href} target="_blank" rel="noopener noreferrer" size="sm" title={href}>
      {label ?? displayLink(href)}
    </Anchor>
  );
};

const SendControl = ({
  lead,
  canSend,
  onSend,
}: Pick<LeadRowProps, 'lead' | 'canSend' | 'onSend'>) => {
  if (lead.mailSent) {
    return (
      <Badge
        color="green"
        variant="light"
        leftSection={<IconCheck size={12} />}
        title={lead.mailSentDate ? `Last sent ${formatDate(lead.mailSentDate)}` : undefined}
      >
        Sent
      </Badge>
    );
  }
  if (!canSend) return null;
  return (
    <Button
      size="compact-xs"
      variant="light"
      leftSection={<IconSend size={12} />}
      rightSection={
        lead.sentCount > 0 ? (
          <Badge size="xs" circle variant="filled" aria-label={`Sent ${lead.sentCount} times`}>
            {lead.sentCount}
          </Badge>
        ) : null
      }
      aria-label={`Send email to ${fullName(lead)}`}
      onClick={() => onSend(lead)}
    >
      Send
    </Button>
  );
};

type LeadCellsProps = Omit<LeadRowProps, 'selected' | 'onToggle'>;

/**
 * Every cell of a row but its checkbox. Memoised apart from the row: selecting a row (or all
 * 250) re-renders its checkbox and its background, not these thirteen cells.
 */
const LeadCells = memo(
  ({ lead, canSend, onStatusChange, onView, onDelete, onSend }: LeadCellsProps) => {
    const name = fullName(lead);
    return (
      <>
        <Table.Td>
          <div style={{ ...row, gap: 10 }}>
            <Avatar size={30} radius="xl" color={statusColor(lead.status)} aria-hidden>
              {leadInitials(lead)}
            </Avatar>
            <Anchor
              component="button"
              type="button"
              size="sm"
              fw={600}
              c="var(--mantine-color-text)"
              onClick={() => onView(lead._id)}
            >
              {name}
            </Anchor>
          </div>
        </Table.Td>
        <Table.Td>
          <Anchor href={`mailto:${lead.personEmail}`} size="sm">
            {lead.personEmail}
          </Anchor>
        </Table.Td>
        <Table.Td>
          <div>
            <div style={{ fontWeight: 600 }}>{lead.companyName}</div>
            {lead.companyLinkedin ? (
              <ExternalLink value={lead.companyLinkedin} label="Company LinkedIn" />
            ) : null}
          </div>
        </Table.Td>
        <Table.Td>{lead.industry || <Dash />}</Table.Td>
        <Table.Td>{lead.size || <Dash />}</Table.Td>
        <Table.Td>
          <ExternalLink value={lead.companySite} />
        </Table.Td>
        <Table.Td>{lead.personDesignation || <Dash />}</Table.Td>
        <Table.Td>
          <ExternalLink value={lead.personLinkedin} label="View profile" />
        </Table.Td>
        <Table.Td>{formatLocation(lead)}</Table.Td>
        <Table.Td>
          <LeadSourceLabel source={lead.source} />
        </Table.Td>
        <Table.Td>
          <NativeSelect
            size="xs"
            w={120}
            aria-label={`Status of ${name}`}
            value={lead.status}
            data={STATUS_OPTIONS}
            styles={{ input: statusStyle(lead.status) }}
            onChange={(event) => onStatusChange(lead, event.currentTarget.value as LeadStatus)}
          />
        </Table.Td>
        <Table.Td>{formatDate(lead.createdAt)}</Table.Td>
        <Table.Td>
          <div style={{ ...row, gap: 6 }}>
            <SendControl lead={lead} canSend={canSend} onSend={onSend} />
            <ActionIcon
              variant="subtle"
              aria-label={`View ${name}`}
              title="View details"
              onClick={() => onView(lead._id)}
            >
              <IconEye size={18} />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Delete ${name}`}
              title="Delete lead"
              onClick={() => onDelete(lead)}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </div>
        </Table.Td>
      </>
    );
  },
);
LeadCells.displayName = 'LeadCells';

/**
 * One lead in the table: light on purpose (native select, no tooltips) so 250 rows stay
 * smooth. Only the checkbox and the selected background depend on `selected`.
 */
export const LeadRow = memo(({ lead, selected, onToggle, ...cells }: LeadRowProps) => (
  <Table.Tr className={classes.row} mod={{ selected }}>
    <Table.Td>
      <SelectBox
        label={`Select ${fullName(lead)}`}
        checked={selected}
        onChange={(event) => onToggle(lead, event.currentTarget.checked)}
      />
    </Table.Td>
    <LeadCells lead={lead} {...cells} />
  </Table.Tr>
));
LeadRow.displayName = 'LeadRow';
