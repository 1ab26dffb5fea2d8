import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pg-proxy';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/connection.ts';
import { SENT_EMAILS, indexMatchIds } from './repo.ts';

describe('the text index statement', () => {
  it('keeps its matches in a subquery of their own (OFFSET 0), so the planner cannot walk the time index instead', () => {
    // A database that is never called: the statement is only written.
    const db = drizzle(async () => ({ rows: [] })) as unknown as Db;
    const statement = indexMatchIds(db, SENT_EMAILS, 'org', sql`true`, 5).toSQL().sql;
    expect(statement).toMatch(/\) offset 0\) "matched" order by "at" DESC limit \$\d+$/);
  });
});
