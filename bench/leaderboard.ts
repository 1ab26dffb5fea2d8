// Leaderboard: GET /api/leaderboard over a year of activity of one organisation on PostgreSQL:
// BENCH_LEADS leads created over the year, BENCH_USERS users, and (in SQL) a year of sent
// emails, replies, status changes, calls and notes, and meetings spread over the users. The
// statements of one view are read off the wire and run bare; then views under load, whose p95
// is printed next to the bare SQL's.
import { connect } from './support/postgres.ts';
import { productWithLeads } from './support/leads-server.ts';
import { httpLoad } from './support/load.ts';
import { postgresFacts } from './support/postgres.ts';
import { round, runBenchmark, target } from './support/run.ts';
import { bareTimings, captureStatements } from './support/statements.ts';

// Smaller values make a trial run; the recorded figures say which were used.
const LEADS = Number(process.env.BENCH_LEADS ?? 1_000_000);
const USERS = Number(process.env.BENCH_USERS ?? 20);
const EMAILS = Number(process.env.BENCH_EMAILS ?? 300_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 4;
const LIMIT_MS = 500;

const day = (offset: number) =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const PATH = `/api/leaderboard?from=${day(-364)}&to=${day(0)}&sort=emailsSent`;

/** The year's activity in SQL: users, then emails, replies, status changes, notes and meetings. */
const seedActivity = async (url: string, organizationId: string) => {
  const client = await connect(url);
  const started = Date.now();
  try {
    await client.query(
      `INSERT INTO users (organization_id, name, email, password_hash, role, permissions)
       SELECT $1, 'Rep ' || i, 'rep' || i || '@bench.example', 'x', 'Sales Rep', '{}'::jsonb
       FROM generate_series(1, $2::int - 1) AS i`,
      [organizationId, USERS],
    );
    // Every figure's rows: spread over the users (by number) and the 365 days before now.
    const users = `(SELECT id, row_number() OVER (ORDER BY id) - 1 AS k FROM users WHERE organization_id = $1)`;
    const spread = (i: string) => `now() - ((${i} * 7919) % 31536000) * interval '1 second'`;
    await client.query(
      `WITH l AS (SELECT id, row_number() OVER () AS i FROM leads WHERE organization_id = $1 LIMIT $2)
       INSERT INTO sent_emails (organization_id, user_id, lead_id, kind, status, from_address, to_address, subject, message_id, sent_at)
       SELECT $1, u.id, l.id, 'single', CASE WHEN l.i % 50 = 0 THEN 'failed' ELSE 'sent' END,
         'rep@bench.example', 'lead@bench.example', 'Hello', '<' || l.i || '@bench.example>', ${spread('l.i')}
       FROM l JOIN ${users} u ON u.k = l.i % $3`,
      [organizationId, EMAILS, USERS],
    );
    await client.query(
      `INSERT INTO email_replies (organization_id, user_id, lead_id, sent_email_id, from_address, message_id, kind, received_at)
       SELECT organization_id, user_id, lead_id, id, 'lead@bench.example', 'r' || message_id,
         CASE WHEN random() < 0.1 THEN 'auto-reply' ELSE 'reply' END, sent_at + interval '3 hours'
       FROM sent_emails WHERE organization_id = $1 AND random() < 0.12`,
      [organizationId],
    );
    await client.query(
      `WITH l AS (SELECT id, row_number() OVER () AS i FROM leads WHERE organization_id = $1 LIMIT $2)
       INSERT INTO lead_status_changes (organization_id, lead_id, user_id, from_status, to_status, changed_at)
       SELECT $1, l.id, u.id, 'Cold Lead', (ARRAY['Hot Lead','Warm Lead','Qualified'])[1 + l.i % 3], ${spread('l.i')}
       FROM l JOIN ${users} u ON u.k = l.i % $3`,
      [organizationId, Math.round(EMAILS / 2), USERS],
    );
    await client.query(
      `WITH l AS (SELECT id, row_number() OVER () AS i FROM leads WHERE organization_id = $1 LIMIT $2)
       INSERT INTO lead_notes (organization_id, lead_id, user_id, kind, body, created_at)
       SELECT $1, l.id, u.id, CASE WHEN l.i % 3 = 0 THEN 'call' ELSE 'note' END, 'Talked', ${spread('l.i')}
       FROM l JOIN ${users} u ON u.k = l.i % $3`,
      [organizationId, Math.round(EMAILS / 2), USERS],
    );
    await client.query(
      `INSERT INTO meetings (organization_id, organizer_id, topic, starts_at, ends_at, time_zone, uid)
       SELECT $1, u.id, 'Demo', ${spread('i')}, ${spread('i')} + interval '1 hour', 'UTC', 'bench-' || i
       FROM generate_series(1, $2::int) AS i JOIN ${users} u ON u.k = i % $3`,
      [organizationId, Math.round(EMAILS / 50), USERS],
    );
    await client.query('VACUUM (ANALYZE)');
    const { rows } = await client.query<Record<string, string>>(
      `SELECT (SELECT count(*) FROM sent_emails) AS emails, (SELECT count(*) FROM email_replies) AS replies,
         (SELECT count(*) FROM lead_status_changes) AS status_changes, (SELECT count(*) FROM lead_notes) AS notes,
         (SELECT count(*) FROM meetings) AS meetings`,
    );
    return {
      seconds: round((Date.now() - started) / 1000),
      ...Object.fromEntries(Object.entries(rows[0]!).map(([key, value]) => [key, Number(value)])),
    };
  } finally {
    await client.end();
  }
};

await runBenchmark('leaderboard', 40 * 60_000, async (context) => {
  const { log } = context;
  const { database, server, pid, admin, organizationId, generated } = await productWithLeads(
    context,
    'leaderboard',
    LEADS,
  );
  log(`seeding a year of activity for ${USERS} users`);
  const activity = await seedActivity(database.url, organizationId);
  log(`activity: ${JSON.stringify(activity)}`);
  // The leaderboard's own statement (the guard's read of the signed-in user and the job
  // queue's polling are left out).
  const ours = (s: { sql: string }) => s.sql.includes('"lead_notes"');
  const statements = (
    await captureStatements(context, database.name, admin.email, [PATH], ours)
  ).get(PATH)!;
  const bare = await bareTimings(database.url, statements, 20);
  log(
    `bare SQL of a view: ${statements.length} statement(s), p50 ${bare.p50} ms, p95 ${bare.p95} ms`,
  );
  const load = await httpLoad({
    url: `${server.url}${PATH}`,
    token: admin.token,
    connections: CONNECTIONS,
    seconds: SECONDS,
    warmupSeconds: 2,
    serverPid: pid,
  });
  log(
    `${CONNECTIONS} connections: ${load.requestsPerSecond} views/s, p50 ${load.latencyMs.p50} ms, p95 ${load.latencyMs.p95} ms (bare SQL p95 ${bare.p95} ms)`,
  );
  return {
    machine: await postgresFacts(),
    summary: {
      leads: LEADS,
      users: USERS,
      bareSqlP95: bare.p95,
      httpP95: load.latencyMs.p95,
      viewsPerSecond: load.requestsPerSecond,
    },
    figures: {
      leads: LEADS,
      users: USERS,
      generation: generated,
      activity,
      path: PATH,
      method: {
        bare: 'the statements of one view read off the wire, run bare one after another on one connection, 20 runs',
        load: `autocannon, ${CONNECTIONS} connections, ${SECONDS} s after 2 s warm-up`,
      },
      bare: { statements: statements.length, ...bare },
      load: {
        viewsPerSecond: load.requestsPerSecond,
        latencyMs: load.latencyMs,
        non2xx: load.non2xx,
      },
    },
    targets: [
      target(
        'a year of the leaderboard',
        'ms, p95 of a view under load',
        `at most ${LIMIT_MS}`,
        load.latencyMs.p95,
        load.latencyMs.p95 <= LIMIT_MS,
      ),
    ],
  };
});
