import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { SENT_EMAILS, matchIds } from './repo.ts';

describe('the text index statement', () => {
  it('keeps its matches in a MATERIALIZED common table expression, so the planner cannot walk the time index instead', () => {
    const statement = new PgDialect().sqlToQuery(
      matchIds(SENT_EMAILS, 'org', sql`true`, [{ limit: 5 }], 'all'),
    ).sql;
    expect(statement).toMatch(/^WITH "matched" AS MATERIALIZED \(/);
    expect(statement).toMatch(/FROM "matched" WHERE "want_0" ORDER BY "at" DESC LIMIT \$\d+\)$/);
  });
});
