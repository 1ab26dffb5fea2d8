// Search over everything: GET /api/search?q= for the words a rep types (a surname, a company
// word, a city and "call", a common subject word, a word no record has), among 1,000,000 leads
// and 3,000,000 emails sent of one organisation on PostgreSQL (target: p95 at most 50 ms on one
// connection, issue 28). Beside it the statements the server sent for each query, read off the
// wire and run bare on one connection: the ratio is the product's time over the database's own.
import { FIRST_NAMES, LAST_NAMES, LOCATIONS, NOTES } from './support/vocabulary.ts';
import { productOnKeptDatabase, productWithLeads } from './support/leads-server.ts';
import { connect, postgresFacts } from './support/postgres.ts';
import { api } from './support/product.ts';
import { latencySummary, round, runBenchmark, target } from './support/run.ts';
import { bareTimings, captureStatements } from './support/statements.ts';

// BENCH_LEADS, BENCH_EMAILS and BENCH_RUNS shrink a trial run; the recorded figures use the defaults.
// BENCH_KEEP_DATABASE=1 keeps the generated database; BENCH_REUSE_DATABASE=1 then runs on it again.
const LEADS = Number(process.env.BENCH_LEADS ?? 1_000_000);
const EMAILS = Number(process.env.BENCH_EMAILS ?? 3_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const LIMIT_MS = 50;
const CHUNK = 250_000;

const literal = (value: string) => `'${value.replace(/'/g, "''")}'`;
const textArray = (values: readonly string[]) => `ARRAY[${values.map(literal).join(', ')}]::text[]`;
const hash = (salt: number, n: number) => `((hashint8extended(i, ${salt}) % ${n} + ${n}) % ${n})`;
const pick = (values: readonly string[], salt: number) =>
  `(${textArray(values)})[1 + ${hash(salt, values.length)}]`;

const SUBJECTS = [
  'Quick question about your pipeline',
  'Following up on our call',
  'Proposal for the rollout',
  'Pricing for your team',
  'Next steps after the demo',
  'Invitation to the spring webinar',
];
const SENTENCES = NOTES.filter((note) => note !== '');
const CITIES = LOCATIONS.map((location) => location[0]);

/** Emails sent to the organisation's leads: a subject and three sentences naming a person and a city. */
const emailsSql = (from: number, to: number) => `
INSERT INTO sent_emails (organization_id, user_id, lead_id, kind, status, from_address,
  to_address, subject, message_id, body_html, sent_at)
SELECT $1::uuid, $2::uuid, NULL, 'single', 'sent', 'rep@bench.example', 'lead@bench.example',
  ${pick(SUBJECTS, 31)},
  '<bench-' || i || '@bench.example>',
  '<p>Hello ' || ${pick(FIRST_NAMES, 32)} || ' ' || ${pick(LAST_NAMES, 33)} || ',</p><p>' ||
    ${pick(SENTENCES, 34)} || '. ' || ${pick(SENTENCES, 35)} || ' in ' || ${pick(CITIES, 36)} ||
    '. ' || ${pick(SENTENCES, 37)} || '.</p>',
  now() - make_interval(secs => ${hash(38, 3 * 365 * 24 * 3600)})
FROM generate_series(${from}, ${to}) AS i`;

/** EMAILS emails sent, inserted in SQL on two connections. */
const generateEmails = async (
  url: string,
  organizationId: string,
  userId: string,
  log: (line: string) => void,
) => {
  const started = Date.now();
  const clients = [await connect(url), await connect(url)];
  try {
    const chunks: [number, number][] = [];
    for (let from = 1; from <= EMAILS; from += CHUNK)
      chunks.push([from, Math.min(EMAILS, from + CHUNK - 1)]);
    let done = 0;
    await Promise.all(
      clients.map(async (client) => {
        for (let chunk = chunks.shift(); chunk; chunk = chunks.shift()) {
          await client.query(emailsSql(...chunk), [organizationId, userId]);
          done += chunk[1] - chunk[0] + 1;
          log(`  ${done.toLocaleString('en')} emails`);
        }
      }),
    );
    // The state autovacuum reaches after such an insert: hint bits set, visibility map, statistics.
    await clients[0]!.query('VACUUM (ANALYZE) sent_emails');
  } finally {
    await Promise.all(clients.map((client) => client.end()));
  }
  log(`${EMAILS.toLocaleString('en')} emails in ${round((Date.now() - started) / 1000)} s`);
};

const QUERIES = [
  ['a surname', LAST_NAMES[7]!.toLowerCase()],
  ['a first name and surname', `${FIRST_NAMES[3]!.toLowerCase()} ${LAST_NAMES[11]!.toLowerCase()}`],
  ['a city and "call"', `${CITIES[2]!.toLowerCase()} call`],
  ['a common subject word', 'proposal'],
  ['a word nothing has', 'zyzzogeton'],
] as const;

await runBenchmark('search', 90 * 60_000, async (context) => {
  const { log } = context;
  const reuse = process.env.BENCH_REUSE_DATABASE === '1';
  const { database, server, admin, organizationId } = reuse
    ? await productOnKeptDatabase(context, 'search')
    : await productWithLeads(context, 'search', LEADS);
  if (!reuse) await generateEmails(database.url, organizationId, admin.userId, log);

  const paths = QUERIES.map(([, q]) => `/api/search?${new URLSearchParams({ q }).toString()}`);
  const notTheGuard = (s: { sql: string }) =>
    !/from "users" where|pgboss|user_sessions/i.test(s.sql);
  const captured = await captureStatements(
    context,
    database.name,
    admin.email,
    paths,
    notTheGuard,
    2,
  );

  const perQuery = [];
  const all: number[] = [];
  for (const [index, [what, q]] of QUERIES.entries()) {
    const path = paths[index]!;
    const bare = await bareTimings(database.url, captured.get(path)!, 20);
    const latencies: number[] = [];
    let results = 0;
    for (let i = 0; i < RUNS + 3; i += 1) {
      const begun = performance.now();
      const answer = await api<{ results: unknown[] }>(server, path, { token: admin.token });
      if (i >= 3) latencies.push(performance.now() - begun);
      results = answer.results.length;
    }
    all.push(...latencies);
    const measured = latencySummary(latencies);
    log(
      `${what} ("${q}"): ${results} results, p50 ${measured.p50} ms, p95 ${measured.p95} ms; bare p95 ${bare.p95} ms`,
    );
    perQuery.push({
      what,
      q,
      results,
      ms: measured,
      bareMs: bare,
      ratioToBare: round(measured.p50 / Math.max(bare.p50, 0.01), 2),
    });
  }
  const overall = latencySummary(all);
  return {
    machine: await postgresFacts(),
    summary: { leads: LEADS, emails: EMAILS, p95: overall.p95 },
    figures: {
      leads: LEADS,
      emails: EMAILS,
      method: {
        search: `GET /api/search?q= one after another per query (${RUNS} timed after 3 warm-up), over HTTP on loopback, whole answer read`,
        bare: 'the statements of one request read off the wire, run bare one after another on one connection (20 runs)',
      },
      queries: perQuery,
      overallMs: overall,
      ratioToLimit: round(overall.p95 / LIMIT_MS, 3),
    },
    targets: [
      target(
        `search among ${LEADS.toLocaleString('en')} leads and ${EMAILS.toLocaleString('en')} emails`,
        'ms, p95 of GET /api/search over the five queries',
        `at most ${LIMIT_MS}`,
        overall.p95,
        overall.p95 <= LIMIT_MS,
      ),
    ],
  };
});
