// A lead's conversation: GET /api/leads/:id/conversation for a lead with 500 messages (250
// emails sent from two mailboxes, 250 answers), among 100,000 leads of one organisation on
// PostgreSQL (target: opens in at most 300 ms, issue 27). Beside it the statements the server
// sent for it, read off the wire and run bare on one connection: the ratio is the product's
// time over the database's own.
import { productWithLeads } from './support/leads-server.ts';
import { connect } from './support/postgres.ts';
import { postgresFacts } from './support/postgres.ts';
import { api } from './support/product.ts';
import { latencySummary, round, runBenchmark, target } from './support/run.ts';
import { bareTimings, captureStatements } from './support/statements.ts';

// BENCH_LEADS and BENCH_RUNS shrink a trial run; the recorded figures use the defaults.
const LEADS = Number(process.env.BENCH_LEADS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 60);
const MESSAGES = 500;
const LIMIT_MS = 300;

type Conversation = { messages: { _id: string; threadId: string }[] };

await runBenchmark('conversation', 20 * 60_000, async (context) => {
  const { log } = context;
  const { database, server, admin, organizationId } = await productWithLeads(
    context,
    'conversation',
    LEADS,
  );
  const client = await connect(database.url);
  let leadId: string;
  try {
    const lead = await client.query<{ id: string }>(
      'SELECT id FROM leads WHERE organization_id = $1 ORDER BY created_at LIMIT 1',
      [organizationId],
    );
    leadId = lead.rows[0]!.id;
    // Two mailboxes of the admin; 25 threads of 10 emails and 10 answers each, a real body.
    const boxes = await client.query<{ id: string }>(
      `INSERT INTO mail_accounts (user_id, is_default, smtp_host, smtp_port, smtp_user)
       VALUES ($1, true, 'smtp.example.com', 587, 'rep@example.com'),
              ($1, false, 'smtp.example.com', 587, 'rep2@example.com') RETURNING id`,
      [admin.userId],
    );
    const [first, second] = boxes.rows.map((row) => row.id);
    const body = `<p>${'We could shorten your delivery routes by a third. '.repeat(40)}</p>`;
    await client.query(
      `INSERT INTO sent_emails (organization_id, user_id, mailbox_id, lead_id, kind, status,
         from_address, to_address, subject, message_id, in_reply_to, "references", body_html, sent_at)
       SELECT $1, $2, CASE WHEN i % 2 = 0 THEN $3::uuid ELSE $4::uuid END, $5, 'single', 'sent',
         'rep@example.com', 'lead@example.com', 'Routes ' || (i / 10),
         '<out-' || i || '@example.com>',
         CASE WHEN i % 10 = 0 THEN NULL ELSE '<in-' || (i - 1) || '@example.com>' END,
         CASE WHEN i % 10 = 0 THEN '' ELSE '<out-' || (i - i % 10) || '@example.com>' END,
         $6, now() - make_interval(mins => ${MESSAGES} - 2 * i)
       FROM generate_series(0, ${MESSAGES / 2 - 1}) AS i`,
      [organizationId, admin.userId, first, second, leadId, body],
    );
    await client.query(
      `INSERT INTO email_replies (organization_id, user_id, lead_id, mailbox_id, from_address,
         to_address, subject, message_id, in_reply_to, "references", kind, snippet, body_text,
         received_at)
       SELECT $1, $2, $3, CASE WHEN i % 2 = 0 THEN $4::uuid ELSE $5::uuid END,
         'lead@example.com', 'rep@example.com', 'Re: Routes ' || (i / 10), '<in-' || i || '@example.com>',
         '<out-' || i || '@example.com>', '<out-' || (i - i % 10) || '@example.com> <out-' || i || '@example.com>',
         'reply', 'Thanks, that sounds good.', $6,
         now() - make_interval(mins => ${MESSAGES} - 2 * i - 1)
       FROM generate_series(0, ${MESSAGES / 2 - 1}) AS i`,
      [
        organizationId,
        admin.userId,
        leadId,
        first,
        second,
        'Thanks, that sounds good. '.repeat(80),
      ],
    );
    await client.query('ANALYZE sent_emails; ANALYZE email_replies');
  } finally {
    await client.end();
  }
  const path = `/api/leads/${leadId}/conversation`;
  const check = await api<Conversation>(server, path, { token: admin.token });
  const threads = new Set(check.messages.map((m) => m.threadId)).size;
  log(`the lead has ${check.messages.length} messages in ${threads} threads`);

  const notTheGuard = (s: { sql: string }) => !/from "users"|pgboss|user_sessions/i.test(s.sql);
  const statements = (
    await captureStatements(context, database.name, admin.email, [path], notTheGuard, 2)
  ).get(path)!;
  const bare = await bareTimings(database.url, statements, 50);
  log(`${statements.length} statements, bare p50 ${bare.p50} ms, p95 ${bare.p95} ms`);

  const latencies: number[] = [];
  for (let i = 0; i < RUNS + 5; i += 1) {
    const started = performance.now();
    await api<Conversation>(server, path, { token: admin.token });
    if (i >= 5) latencies.push(performance.now() - started);
  }
  const open = latencySummary(latencies);
  log(`opening the conversation: p50 ${open.p50} ms, p95 ${open.p95} ms`);
  return {
    machine: await postgresFacts(),
    summary: { messages: check.messages.length, p95: open.p95, bareP95: bare.p95 },
    figures: {
      leads: LEADS,
      messages: check.messages.length,
      threads,
      method: {
        open: `GET ${path.replace(leadId, ':id')} one after another (${RUNS} timed after 5 warm-up), over HTTP on loopback, whole answer read`,
        bare: 'the statements of one request read off the wire, run bare one after another on one connection (50 runs)',
      },
      openMs: open,
      bareMs: bare,
      ratioToBare: round(open.p50 / Math.max(bare.p50, 0.01), 2),
      ratioToLimit: round(open.p95 / LIMIT_MS, 3),
    },
    targets: [
      target(
        'a conversation of 500 messages opens',
        'ms, p95 of GET /api/leads/:id/conversation',
        `at most ${LIMIT_MS}`,
        open.p95,
        open.p95 <= LIMIT_MS,
      ),
    ],
  };
});
