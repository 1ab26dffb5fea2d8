import type { AuditKind } from '@leadline/shared/audit';

/** The Audit log page's filters as the URL keeps them: days are the viewer's local days. */
export type AuditFilters = { kind: string; userId: string; from: string; to: string };

export const NO_AUDIT_FILTERS: AuditFilters = { kind: '', userId: '', from: '', to: '' };

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The first instant of a local day, as the API takes it. */
const startOfDay = (day: string): string => new Date(`${day}T00:00:00`).toISOString();

/** The first instant after a local day (the API's `to` is exclusive for an instant). */
const endOfDay = (day: string): string => {
  const next = new Date(`${day}T00:00:00`);
  next.setDate(next.getDate() + 1);
  return next.toISOString();
};

/** The filters as query parameters; a day that is not one is left out (the inputs say so). */
export const auditParams = (filters: AuditFilters): URLSearchParams => {
  const params = new URLSearchParams();
  if (filters.kind) params.set('kind', filters.kind as AuditKind);
  if (filters.userId) params.set('userId', filters.userId);
  if (DAY.test(filters.from)) params.set('from', startOfDay(filters.from));
  if (DAY.test(filters.to)) params.set('to', endOfDay(filters.to));
  return params;
};

/** Why the period cannot be used, or null. */
export const periodError = ({ from, to }: AuditFilters): string | null =>
  DAY.test(from) && DAY.test(to) && from > to
    ? 'The end date must not be before the start date'
    : null;
