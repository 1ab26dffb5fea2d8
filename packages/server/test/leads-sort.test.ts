import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEAD_SORT_FIELDS } from '@leadline/shared/leads';
import type { LeadSortField } from '@leadline/shared/leads';
import { leads } from '../src/db/schema.ts';
import { rowsOf } from '../src/db/rows.ts';
import { leadConditions, leadOrder } from '../src/modules/leads/query.ts';
import { createTestContext } from './context.ts';
import type { TestContext } from './context.ts';
import { adminOf, insertLeads } from './fixtures.ts';

let t: TestContext;
let token: string;
let organizationId: string;

type Listed = { _id: string } & Record<LeadSortField, string>;

// Values that sort alike in every collation (lower-case ASCII letters), three leads each, so
// that every sort has ties for the id to break.
const WORDS = ['alpha', 'bravo', 'charlie', 'delta'];
const LEADS = 12;

beforeAll(async () => {
  t = await createTestContext();
  const admin = await adminOf(t, 'sort-all-org');
  token = admin.token;
  organizationId = admin.organizationId;
  const created = new Date('2024-03-01T00:00:00.000Z');
  await insertLeads(
    t.database.db,
    organizationId,
    Array.from({ length: LEADS }, (_, i) => {
      const word = WORDS[i % WORDS.length]!;
      return {
        companyName: word,
        personFirstName: WORDS[(i + 1) % WORDS.length]!,
        personEmail: `${word}.${String(i).padStart(2, '0')}@example.com`,
        industry: WORDS[(i + 2) % WORDS.length]!,
        size: (['1-10', '11-50', '51-200', ''] as const)[i % 4],
        source: (['Referral', 'Website', 'Other'] as const)[i % 3],
        status: (['Hot Lead', 'Cold Lead', 'Qualified'] as const)[i % 3],
        personCountry: WORDS[(i + 3) % WORDS.length]!,
        // Three leads per instant.
        createdAt: new Date(created.getTime() + Math.floor(i / 3) * 60_000),
      };
    }),
  );
  // Another organisation's leads never show.
  const other = await adminOf(t, 'sort-other-org');
  await insertLeads(t.database.db, other.organizationId, [{ companyName: 'aaa' }]);
});
afterAll(() => t.close());

const listAll = async (sort: string): Promise<Listed[]> => {
  const found: Listed[] = [];
  for (let page = 1; ; page += 1) {
    const response = await t.request({
      method: 'GET',
      url: `/api/leads?sort=${sort}&limit=10&page=${page}`,
      token,
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as { leads: Listed[]; hasMore: boolean };
    found.push(...body.leads);
    if (!body.hasMore) return found;
  }
};

/** The order the list promises: the field's value, then the id, both one way. */
const inOrder = (rows: Listed[], field: LeadSortField, descending: boolean): Listed[] =>
  [...rows].sort((a, b) => {
    const by = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
    const order = by(String(a[field]), String(b[field])) || by(a._id, b._id);
    return descending ? -order : order;
  });

describe('GET /api/leads sorted by each field it offers', () => {
  for (const field of LEAD_SORT_FIELDS) {
    it(`sorts by ${field} both ways, ties in id order, pages without gaps`, async () => {
      const ascending = await listAll(field);
      expect(ascending).toHaveLength(LEADS);
      expect(ascending.map((lead) => lead._id)).toEqual(
        inOrder(ascending, field, false).map((lead) => lead._id),
      );
      const descending = await listAll(`-${field}`);
      expect(descending.map((lead) => lead._id)).toEqual(
        [...ascending].reverse().map((lead) => lead._id),
      );
    });
  }

  it('refuses a sort the list does not offer with a 400', async () => {
    for (const sort of ['sentCount', '-mailSentDate', 'personLastName', 'searchText', 'id']) {
      const response = await t.request({ method: 'GET', url: `/api/leads?sort=${sort}`, token });
      expect(response.statusCode, sort).toBe(400);
      expect(response.json().message).toBe('sort must be a lead field, optionally prefixed with -');
    }
  });
});

describe('the sorts the list offers', () => {
  /**
   * With sorting disabled the planner still sorts when it must, so a plan without a Sort node
   * shows that an index gives the order: a million leads are then read a page at a time.
   */
  it('each reads an index in order, both ways, instead of sorting', async () => {
    const db = t.database.db;
    for (const field of LEAD_SORT_FIELDS) {
      for (const descending of [false, true]) {
        const query = db
          .select({ id: leads.id })
          .from(leads)
          .where(leadConditions(organizationId, {}))
          .orderBy(...leadOrder({ field, descending }))
          .limit(26)
          .offset(100)
          .toSQL();
        const plan = await db.transaction(async (tx) => {
          await tx.execute(sql`SET LOCAL enable_sort = off`);
          await tx.execute(sql`SET LOCAL enable_seqscan = off`);
          const explained = await tx.execute(
            sql.raw(
              `EXPLAIN ${query.sql.replace(/\$(\d+)/g, (_, n: string) => {
                const value = query.params[Number(n) - 1];
                return typeof value === 'number' ? String(value) : `'${String(value)}'`;
              })}`,
            ),
          );
          return rowsOf<{ 'QUERY PLAN': string }>(explained)
            .map((row) => row['QUERY PLAN'])
            .join('\n');
        });
        expect(plan, `${descending ? '-' : ''}${field}`).not.toMatch(/Sort/);
        expect(plan, `${descending ? '-' : ''}${field}`).toMatch(/Index/);
      }
    }
  });
});
