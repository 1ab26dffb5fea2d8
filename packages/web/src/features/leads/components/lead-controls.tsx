import { IconEye, IconMailOff, IconSend, IconTrash } from '@tabler/icons-react';
import { LEAD_STATUSES, telLink } from '@leadline/shared/leads';
import type { Lead, LeadStatus } from '@leadline/shared/leads';
import { IconButton, tableClasses as t, toneStyle } from '../../../components/data-table.tsx';
import { formatDate } from '../../../lib/format.ts';
import { displayLink, externalHref } from '../../../lib/links.ts';
import { useMoney } from '../../../lib/organization-settings.ts';
import { LeadSentState } from './lead-sent-state.tsx';
import { fullName, leadInitials, statusColor } from './lead-status.ts';

/** What a row or card of a lead can do. */
export type LeadRowHandlers = {
  onToggle: (lead: Lead, selected: boolean) => void;
  onStatusChange: (lead: Lead, status: LeadStatus) => void;
  onView: (id: string) => void;
  onDelete: (lead: Lead) => void;
  onSend: (lead: Lead) => void;
};

const STATUS_OPTIONS: readonly string[] = LEAD_STATUSES;

export const Dash = () => <span className={t.dim}>—</span>;

/** A link to an outside page, or the stored text (or a dash) when it is not a safe link. */
export const ExternalLink = ({ value, label }: { value: string; label?: string }) => {
  const href = externalHref(value);
  if (!href) return value ? <>{value}</> : <Dash />;
  return (
    <a className={`${t.link} ${t.focus}`} href={href} target="_blank" rel="noopener noreferrer">
      {label ?? displayLink(href)}
    </a>
  );
};

/** The phone as a `tel:` link (a dash when there is none). */
export const PhoneLink = ({ phone }: { phone: string }) =>
  phone ? (
    <a className={`${t.link} ${t.focus}`} href={telLink(phone)}>
      {phone}
    </a>
  ) : (
    <Dash />
  );

/** The deal value in the organisation's currency. */
export const DealValue = ({ value }: { value: number | null }) => {
  const money = useMoney();
  return value === null ? <Dash /> : <>{money(value)}</>;
};

export const LeadAvatar = ({ lead }: { lead: Lead }) => (
  <span className={t.avatar} style={toneStyle(statusColor(lead.status))} aria-hidden>
    {leadInitials(lead)}
  </span>
);

/** The name, opening the lead's details. */
export const LeadName = ({ lead, onView }: { lead: Lead; onView: (id: string) => void }) => (
  <button type="button" className={`${t.name} ${t.focus}`} onClick={() => onView(lead._id)}>
    {fullName(lead)}
  </button>
);

/** Inline status edit: a native select in the status's colour. */
export const StatusSelect = ({
  lead,
  onStatusChange,
}: {
  lead: Lead;
  onStatusChange: LeadRowHandlers['onStatusChange'];
}) => (
  <span className={t.selectWrap} style={toneStyle(statusColor(lead.status))}>
    <select
      className={`${t.select} ${t.focus}`}
      aria-label={`Status of ${fullName(lead)}`}
      value={lead.status}
      onChange={(event) => onStatusChange(lead, event.currentTarget.value as LeadStatus)}
    >
      {STATUS_OPTIONS.includes(lead.status) ? null : (
        <option value={lead.status}>{lead.status}</option>
      )}
      {STATUS_OPTIONS.map((status) => (
        <option key={status} value={status}>
          {status}
        </option>
      ))}
    </select>
  </span>
);

/** A lead whose email bounced for good: the badge says so, its title why and when. */
export const BouncedBadge = ({ lead }: { lead: Lead }) =>
  lead.bouncedAt ? (
    <span
      className={t.badge}
      style={toneStyle('red')}
      title={`Bounced ${formatDate(lead.bouncedAt)}${lead.bounceReason ? `: ${lead.bounceReason}` : ''}`}
      data-testid="bounced-badge"
    >
      <IconMailOff size={12} aria-hidden />
      Bounced
    </span>
  ) : null;

/** The status select, with the Bounced badge under it when the lead's address bounced. */
export const StatusCell = ({
  lead,
  onStatusChange,
}: {
  lead: Lead;
  onStatusChange: LeadRowHandlers['onStatusChange'];
}) =>
  lead.bouncedAt ? (
    <span style={{ display: 'inline-flex', flexDirection: 'column', gap: 4 }}>
      <StatusSelect lead={lead} onStatusChange={onStatusChange} />
      <BouncedBadge lead={lead} />
    </span>
  ) : (
    <StatusSelect lead={lead} onStatusChange={onStatusChange} />
  );

/**
 * A Send button (a new email, however often the lead was emailed), and beside it for a lead
 * emailed how long ago (its title and screen-reader text: how often and when).
 */
export const SendControl = ({
  lead,
  canSend,
  onSend,
}: {
  lead: Lead;
  canSend: boolean;
  onSend: LeadRowHandlers['onSend'];
}) => (
  <span className={t.line} style={{ gap: 4 }}>
    {canSend ? (
      <button
        type="button"
        className={`${t.pillButton} ${t.focus}`}
        aria-label={`Send email to ${fullName(lead)}`}
        onClick={() => onSend(lead)}
      >
        <IconSend size={12} aria-hidden />
        Send
        {lead.sentCount > 0 && !lead.mailSent ? (
          <span className={t.count} title={`Sent ${lead.sentCount} times`}>
            {lead.sentCount}
          </span>
        ) : null}
      </button>
    ) : null}
    <LeadSentState lead={lead} />
  </span>
);

/** View and Delete. */
export const ViewDelete = ({
  lead,
  onView,
  onDelete,
}: {
  lead: Lead;
  onView: LeadRowHandlers['onView'];
  onDelete: LeadRowHandlers['onDelete'];
}) => {
  const name = fullName(lead);
  return (
    <span className={t.line} style={{ gap: 2 }}>
      <IconButton label={`View ${name}`} title="View details" onClick={() => onView(lead._id)}>
        <IconEye size={18} aria-hidden />
      </IconButton>
      <IconButton
        label={`Delete ${name}`}
        title="Delete lead"
        tone="red"
        onClick={() => onDelete(lead)}
      >
        <IconTrash size={18} aria-hidden />
      </IconButton>
    </span>
  );
};
