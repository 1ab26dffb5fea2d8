import { eq } from 'drizzle-orm';
import type { AnyColumn } from 'drizzle-orm';

/** Rows of one organisation, by the table's organisation column; null: all (a Super Admin). */
export const inOrganization = (column: AnyColumn, organizationId: string | null) =>
  organizationId === null ? undefined : eq(column, organizationId);
