// Duplicates: GET /api/duplicates?entity=lead over the leads of one organisation on PostgreSQL,
// a tenth of them copies of another lead under a new address (same phone, profile URL, name and
// company), as an import of a list that overlaps the CRM leaves them (target: found in at most
// 5 s for 10,000 rows, issue 28). Beside it the statements the server sent for it, read off the
// wire and run bare on one connection: the ratio is the product's time over the database's own.
import { productWithLeads } from './support/leads-server.ts';
import { connect, postgresFacts } from './support/postgres.ts';
import { api } from './support/product.ts';
import { latencySummary, round, runBenchmark, target } from './support/run.ts';
import { bareTimings, captureStatements } from './support/statements.ts';

// BENCH_LEADS and BENCH_RUNS shrink a trial run; the recorded figures use the defaults.
const LEADS = Number(process.env.BENCH_LEADS ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const LIMIT_MS = 5_000;

type Pairs = { total: number; pairs: unknown[] };

await runBenchmark('duplicates', 20 * 60_000, async (context) => {
  const { log } = context;
  const originals = Math.round(LEADS * 0.9);
  const { database, server, admin, organizationId } = await productWithLeads(
    context,
    'duplicates',
    originals,
  );
  const client = await connect(database.url);
  try {
    // Every ninth lead comes again under another address, its phone and profile URL as written
    // by someone else (spaces, "www.", a trailing slash).
    await client.query(
      `UPDATE leads SET phone = '+1 555 ' || lpad((abs(hashtext(id::text)) % 10000000)::text, 7, '0'),
         person_linkedin = 'https://linkedin.com/in/' || md5(id::text)
       WHERE organization_id = $1`,
      [organizationId],
    );
    await client.query(
      `INSERT INTO leads (organization_id, created_by, owner_id, company_name, company_site,
         person_first_name, person_last_name, person_email, person_linkedin, phone, source, status)
       SELECT organization_id, created_by, owner_id, company_name, company_site, person_first_name,
         person_last_name, 'again.' || person_email, replace(person_linkedin, 'https://', 'www.') || '/',
         '001 555 ' || right(phone, 7), source, status
       FROM leads WHERE organization_id = $1 ORDER BY created_at LIMIT $2`,
      [organizationId, LEADS - originals],
    );
    await client.query('ANALYZE leads');
  } finally {
    await client.end();
  }
  const path = '/api/duplicates?entity=lead';
  const check = await api<Pairs>(server, path, { token: admin.token });
  log(`${LEADS.toLocaleString('en')} leads: ${check.total} candidate pairs`);

  const notTheGuard = (s: { sql: string }) => !/from "users"|pgboss|user_sessions/i.test(s.sql);
  const statements = (
    await captureStatements(context, database.name, admin.email, [path], notTheGuard, 2)
  ).get(path)!;
  const bare = await bareTimings(database.url, statements, 10);
  log(`${statements.length} statements, bare p50 ${bare.p50} ms, p95 ${bare.p95} ms`);

  const latencies: number[] = [];
  for (let i = 0; i < RUNS + 2; i += 1) {
    const started = performance.now();
    await api<Pairs>(server, path, { token: admin.token });
    if (i >= 2) latencies.push(performance.now() - started);
  }
  const found = latencySummary(latencies);
  log(`finding the duplicates: p50 ${found.p50} ms, p95 ${found.p95} ms`);
  return {
    machine: await postgresFacts(),
    summary: { leads: LEADS, pairs: check.total, p95: found.p95, bareP95: bare.p95 },
    figures: {
      leads: LEADS,
      copies: LEADS - originals,
      pairs: check.total,
      method: {
        find: `GET ${path} one after another (${RUNS} timed after 2 warm-up), over HTTP on loopback, whole answer read`,
        bare: 'the statements of one request read off the wire, run bare one after another on one connection (10 runs)',
      },
      findMs: found,
      bareMs: bare,
      ratioToBare: round(found.p50 / Math.max(bare.p50, 0.01), 2),
      ratioToLimit: round(found.p95 / LIMIT_MS, 3),
    },
    targets: [
      target(
        `the duplicates among ${LEADS.toLocaleString('en')} leads are found`,
        'ms, p95 of GET /api/duplicates?entity=lead',
        `at most ${LIMIT_MS}`,
        found.p95,
        found.p95 <= LIMIT_MS,
      ),
    ],
  };
});
