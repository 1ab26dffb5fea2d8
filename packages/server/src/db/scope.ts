import { eq } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/** Rows of one organisation, by the table's organisation column; null: every organisation (Super Admin). */
export const inOrganization = (column: PgColumn, organizationId: string | null) =>
  organizationId === null ? undefined : eq(column, organizationId);
