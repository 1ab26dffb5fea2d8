// Event throughput, on PostgreSQL:
// - written: leads created through POST /api/leads (each writes its lead.created event in the
//   same transaction), against the same lead INSERTs without an event, and with one, straight
//   through pg, at the same concurrency;
// - delivered: BENCH_EVENTS events written at once, dispatched and POSTed (signed) by the
//   server to a receiver on loopback, against raw http POSTs of the same bodies to the same
//   receiver at the same concurrency as the server's delivery batch;
// - Automation: BENCH_RUNS events for a rule whose action is a webhook to the same receiver,
//   timed from the commit to the last arrival (dispatch, one run per event, claim, POST, record);
// - fairness: while organisation A has BENCH_BACKLOG_DELIVERIES pending deliveries and
//   BENCH_BACKLOG_RUNS pending rule runs to a receiver that never answers, how long organisation
//   B's delivery and B's rule webhook take after B creates a lead (the bound: 5 s).
// Figures only, no target beyond the fairness bound.
import { once } from 'node:events';
import { createServer, request } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import type { AddressInfo, Socket } from 'node:net';
import { connect, createBenchDatabase, postgresFacts } from './support/postgres.ts';
import { api, createAdmin, startProduct } from './support/product.ts';
import { round, runBenchmark, target } from './support/run.ts';

// BENCH_LEADS / BENCH_EVENTS shrink a trial run.
const LEADS = Number(process.env.BENCH_LEADS ?? 1000);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 3000);
const RUNS = Number(process.env.BENCH_RUNS ?? 2000);
const BACKLOG_DELIVERIES = Number(process.env.BENCH_BACKLOG_DELIVERIES ?? 10_000);
const BACKLOG_RUNS = Number(process.env.BENCH_BACKLOG_RUNS ?? 20_000);
/** How long B's delivery is waited for before it is recorded as not arrived. */
const FAIRNESS_WAIT_MS = 60_000;
/** Requests in flight at once when writing. */
const WRITERS = 8;
/** The server's delivery batch (webhooks/deliver.ts DELIVERY_BATCH). */
const SENDERS = 32;

/** Runs `count` tasks on `width` workers; answers the seconds it took. */
const timed = async (
  count: number,
  width: number,
  task: (i: number, worker: number) => Promise<unknown>,
) => {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: width }, async (_, worker) => {
      while (next < count) await task(next++, worker);
    }),
  );
  return (performance.now() - started) / 1000;
};

/** A receiver on 127.0.0.1 answering 200 at once, counting arrivals and keeping the bodies. */
const startReceiver = async () => {
  const state = {
    count: 0,
    first: 0,
    last: 0,
    bodies: [] as string[],
    keep: true,
    /** When a body naming this text (a lead id) first arrived, by path. */
    watch: '',
    seen: new Map<string, number>(),
  };
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += String(chunk)));
    req.on('end', () => {
      state.last = performance.now();
      if (state.count === 0) state.first = state.last;
      state.count += 1;
      if (state.keep) state.bodies.push(body);
      if (state.watch && body.includes(state.watch) && !state.seen.has(req.url ?? ''))
        state.seen.set(req.url ?? '', state.last);
      res.writeHead(200).end('ok');
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const port = (server.address() as AddressInfo).port;
  return {
    state,
    port,
    url: `http://127.0.0.1:${port}/bench`,
    urlOf: (path: string) => `http://127.0.0.1:${port}${path}`,
    reset: () => Object.assign(state, { count: 0, first: 0, last: 0 }),
    stop: () => new Promise((resolve) => server.close(resolve)),
  };
};

/** A receiver on 127.0.0.1 that takes every connection and never answers. */
const startBlackHole = async () => {
  const sockets = new Set<Socket>();
  const server = createNetServer((socket) => {
    sockets.add(socket);
    socket.on('data', () => undefined);
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/never`,
    open: () => sockets.size,
    stop: async () => {
      server.close();
      for (const socket of sockets) socket.destroy();
    },
  };
};

/** One raw POST, as the server sends it (JSON, a fresh request per delivery). */
const post = (port: number, body: string) =>
  new Promise<void>((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path: '/bench',
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve());
      },
    );
    req.on('error', reject);
    req.end(body);
  });

const leadBody = (prefix: string, i: number) => ({
  companyName: 'Bench Co',
  personFirstName: `Lead${i}`,
  personLastName: 'Bench',
  personEmail: `${prefix}-${i}@leads.bench`,
  source: 'Referral',
});

const waitUntil = async (check: () => Promise<boolean> | boolean, timeoutMs: number) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not done within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

await runBenchmark('webhooks', 20 * 60_000, async ({ defer, log }) => {
  const database = await createBenchDatabase('webhooks');
  defer(database.drop);
  const server = await startProduct(database.url);
  defer(server.stop);
  const admin = await createAdmin(server, 'bench-webhooks');
  const pg = await connect(database.url);
  defer(() => pg.end());
  const organizationId = (
    await pg.query<{ id: string }>('SELECT id FROM organizations WHERE name = $1', [
      admin.organization,
    ])
  ).rows[0]!.id;

  // Written: warm-up, then the API (lead + event) and pg's INSERTs (lead alone, lead + event).
  const create = (prefix: string) => (i: number) =>
    api(server, '/api/leads', { method: 'POST', token: admin.token, body: leadBody(prefix, i) });
  await timed(100, WRITERS, create('warm'));
  const apiSeconds = await timed(LEADS, WRITERS, create('api'));
  const clients = await Promise.all(Array.from({ length: WRITERS }, () => connect(database.url)));
  defer(() => Promise.all(clients.map((client) => client.end())));
  const insertLead = `INSERT INTO leads (organization_id, company_name, person_first_name,
      person_last_name, person_email, source, status)
    VALUES ($1, 'Bench Co', $2, 'Bench', $3, 'Referral', 'Cold Lead') RETURNING id`;
  // Each worker its own connection.
  const raw = (prefix: string, withEvent: boolean) => async (i: number, worker: number) => {
    const db = clients[worker]!;
    const values = [organizationId, `Lead${i}`, `${prefix}-${i}@leads.bench`];
    if (!withEvent) return db.query(insertLead, values);
    // The same pair of rows the service writes, in one transaction (no lead presentation).
    await db.query('BEGIN');
    const { rows } = await db.query<{ id: string }>(insertLead, values);
    await db.query(
      `INSERT INTO events (organization_id, type, subject_id, lead_id, data)
         VALUES ($1, 'lead.created', $2, $2, $3)`,
      [
        organizationId,
        rows[0]!.id,
        JSON.stringify({ lead: { _id: rows[0]!.id, ...leadBody(prefix, i) } }),
      ],
    );
    await db.query('COMMIT');
  };
  const insertSeconds = await timed(LEADS, WRITERS, raw('raw', false));
  const insertEventSeconds = await timed(LEADS, WRITERS, raw('rawevent', true));
  const written = {
    apiLeadsWithEventsPerSecond: round(LEADS / apiSeconds),
    rawInsertsPerSecond: round(LEADS / insertSeconds),
    rawInsertsWithEventPerSecond: round(LEADS / insertEventSeconds),
  };
  log(
    `written: API ${written.apiLeadsWithEventsPerSecond} events/s; pg INSERT lead ${written.rawInsertsPerSecond}/s, lead + event ${written.rawInsertsWithEventPerSecond}/s`,
  );

  // Everything written so far is dispatched (no webhook yet: no delivery) before the hook.
  await waitUntil(
    async () =>
      (
        await pg.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM events WHERE dispatched_at IS NULL',
        )
      ).rows[0]!.n === 0,
    120_000,
  );
  const receiver = await startReceiver();
  defer(receiver.stop);
  await api(server, '/api/webhooks', {
    method: 'POST',
    token: admin.token,
    body: { url: receiver.url, events: ['lead.created'] },
  });

  // Delivered: EVENTS events of a real event's size written in one statement, then timed from
  // that commit to the last arrival.
  const deliver = async (count: number) => {
    receiver.reset();
    receiver.state.bodies = [];
    const started = performance.now();
    await pg.query(
      `INSERT INTO events (organization_id, type, subject_id, lead_id, data)
       SELECT $1, 'lead.created', s.id, s.id, jsonb_set(t.data, '{lead,_id}', to_jsonb(s.id::text))
       FROM (SELECT gen_random_uuid() AS id FROM generate_series(1, $2)) s,
            (SELECT data FROM events WHERE type = 'lead.created' AND data ? 'lead' LIMIT 1) t`,
      [organizationId, count],
    );
    await waitUntil(() => receiver.state.count >= count, 10 * 60_000);
    return {
      seconds: (receiver.state.last - started) / 1000,
      firstToLast: (receiver.state.last - receiver.state.first) / 1000,
    };
  };
  await deliver(200);
  const product = await deliver(EVENTS);
  const bodies = [...receiver.state.bodies];
  receiver.state.keep = false;
  receiver.reset();
  const rawPostSeconds = await timed(bodies.length, SENDERS, (i) =>
    post(receiver.port, bodies[i]!),
  );
  const delivered = {
    events: EVENTS,
    deliveredPerSecond: round(EVENTS / product.seconds),
    deliveredPerSecondFirstToLast: round((EVENTS - 1) / product.firstToLast),
    rawPostsPerSecond: round(EVENTS / rawPostSeconds),
  };
  log(
    `delivered: ${delivered.deliveredPerSecond} events/s (first to last ${delivered.deliveredPerSecondFirstToLast}/s); raw POSTs ${delivered.rawPostsPerSecond}/s`,
  );

  // Automation: the webhook goes, a rule whose action is a webhook to the receiver comes, and
  // RUNS events are written at once; timed from the commit to the last arrival.
  const hooks = await api<{ webhooks: { _id: string }[] }>(server, '/api/webhooks', {
    token: admin.token,
  });
  for (const hook of hooks.webhooks)
    await api(server, `/api/webhooks/${hook._id}`, { method: 'DELETE', token: admin.token });
  const { automation: benchRule } = await api<{ automation: { _id: string } }>(
    server,
    '/api/automations',
    {
      method: 'POST',
      token: admin.token,
      body: {
        name: 'Bench rule',
        trigger: 'lead.created',
        actions: [{ type: 'webhook', url: receiver.urlOf('/rule') }],
      },
    },
  );
  receiver.state.keep = false;
  await deliver(200);
  const ruleRun = await deliver(RUNS);
  const automation = {
    runs: RUNS,
    runsPerSecond: round(RUNS / ruleRun.seconds),
    runsPerSecondFirstToLast: round((RUNS - 1) / ruleRun.firstToLast),
  };
  log(
    `automation: ${automation.runsPerSecond} runs/s (first to last ${automation.runsPerSecondFirstToLast}/s), each a webhook action`,
  );
  await api(server, `/api/automations/${benchRule._id}`, { method: 'DELETE', token: admin.token });

  // Fairness: A (the bench organisation) gets a webhook and a rule to a receiver that never
  // answers, and a backlog of pending deliveries and runs written straight into the tables (as
  // a big import leaves them); B, a second organisation, creates one lead.
  const hole = await startBlackHole();
  defer(hole.stop);
  const { webhook: aHook } = await api<{ webhook: { _id: string } }>(server, '/api/webhooks', {
    method: 'POST',
    token: admin.token,
    body: { url: hole.url, events: ['lead.created'] },
  });
  const { automation: aRule } = await api<{ automation: { _id: string } }>(
    server,
    '/api/automations',
    {
      method: 'POST',
      token: admin.token,
      body: {
        name: 'Black hole',
        trigger: 'lead.created',
        actions: [{ type: 'webhook', url: hole.url }],
      },
    },
  );
  const backlogSize = Math.max(BACKLOG_DELIVERIES, BACKLOG_RUNS);
  await pg.query(
    `INSERT INTO events (organization_id, type, subject_id, data, dispatched_at)
     SELECT $1, 'lead.created', gen_random_uuid(), jsonb_build_object('n', n), now()
     FROM generate_series(1, $2::int) AS n`,
    [organizationId, backlogSize],
  );
  await pg.query(
    `INSERT INTO webhook_deliveries (organization_id, webhook_id, event_id, event_seq, subject_id)
     SELECT organization_id, $2, id, seq, subject_id FROM events
     WHERE organization_id = $1 AND data ? 'n' ORDER BY seq LIMIT $3::int`,
    [organizationId, aHook._id, BACKLOG_DELIVERIES],
  );
  await pg.query(
    `INSERT INTO automation_runs (organization_id, automation_id, event_id, cascade_id)
     SELECT organization_id, $2, id, cascade_id FROM events
     WHERE organization_id = $1 AND data ? 'n' ORDER BY seq LIMIT $3::int`,
    [organizationId, aRule._id, BACKLOG_RUNS],
  );
  await waitUntil(() => hole.open() >= 10, 60_000);
  const b = await createAdmin(server, 'bench-webhooks-b');
  await api(server, '/api/webhooks', {
    method: 'POST',
    token: b.token,
    body: { url: receiver.urlOf('/b-hook'), events: ['lead.created'] },
  });
  await api(server, '/api/automations', {
    method: 'POST',
    token: b.token,
    body: {
      name: 'B rule',
      trigger: 'lead.created',
      actions: [{ type: 'webhook', url: receiver.urlOf('/b-rule') }],
    },
  });
  const bLead = await api<{ _id: string }>(server, '/api/leads', {
    method: 'POST',
    token: b.token,
    body: leadBody('fair', 1),
  });
  const created = performance.now();
  receiver.state.watch = bLead._id;
  // The lead may have arrived while its id was not known yet: its events are looked for too.
  await waitUntil(
    () => receiver.state.seen.has('/b-hook') && receiver.state.seen.has('/b-rule'),
    FAIRNESS_WAIT_MS,
  ).catch(() => undefined);
  const after = (path: string) => {
    const at = receiver.state.seen.get(path);
    return at === undefined ? null : round(Math.max(0, at - created));
  };
  const fairness = {
    backlogDeliveries: BACKLOG_DELIVERIES,
    backlogRuns: BACKLOG_RUNS,
    bDeliveryMs: after('/b-hook'),
    bRuleWebhookMs: after('/b-rule'),
    connectionsHeldByA: hole.open(),
  };
  const shown = (ms: number | null) =>
    ms === null ? `not within ${FAIRNESS_WAIT_MS / 1000} s` : `${ms} ms`;
  log(
    `fairness: B's delivery ${shown(fairness.bDeliveryMs)}, B's rule ${shown(fairness.bRuleWebhookMs)}, with A's ${BACKLOG_DELIVERIES} deliveries and ${BACKLOG_RUNS} runs to a receiver that never answers`,
  );
  const slowest =
    fairness.bDeliveryMs === null || fairness.bRuleWebhookMs === null
      ? null
      : Math.max(fairness.bDeliveryMs, fairness.bRuleWebhookMs);
  await pg.query(
    `UPDATE webhook_deliveries SET status = 'failed' WHERE organization_id = $1 AND status = 'pending'`,
    [organizationId],
  );
  await pg.query(
    `UPDATE automation_runs SET status = 'skipped' WHERE organization_id = $1 AND status = 'pending'`,
    [organizationId],
  );
  const ratios = {
    writtenApiVsInsert: round(written.apiLeadsWithEventsPerSecond / written.rawInsertsPerSecond, 3),
    writtenInsertWithEventVsInsert: round(
      written.rawInsertsWithEventPerSecond / written.rawInsertsPerSecond,
      3,
    ),
    deliveredVsRawPosts: round(delivered.deliveredPerSecond / delivered.rawPostsPerSecond, 3),
  };
  log(`ratios: ${JSON.stringify(ratios)}`);
  return {
    machine: await postgresFacts(),
    figures: {
      method: {
        written: `${LEADS} leads through POST /api/leads (${WRITERS} at a time, after 100 for warm-up), each with its lead.created event in the same transaction; against the same lead INSERT through pg (${WRITERS} connections), alone and with an event row in one transaction`,
        automation: `${RUNS} lead.created events for one rule whose action is a webhook to the same receiver (after a 200-event warm-up), timed from the commit to the last arrival: dispatch, one run per event, claim, the rule's POST, record`,
        fairness: `organisation A: ${BACKLOG_DELIVERIES} pending deliveries and ${BACKLOG_RUNS} pending rule runs (webhook action) to a loopback receiver that takes the connection and never answers (each costs the POST's 10 s), written in bulk; organisation B: one lead created through the API, timed to the arrival of its delivery and of its rule's webhook (not arrived after ${FAIRNESS_WAIT_MS / 1000} s: null)`,
        delivered: `${EVENTS} lead.created events inserted in one statement (after a 200-event warm-up), timed from the commit to the last arrival at a loopback receiver answering 200 at once: dispatch (polled every 500 ms), one delivery row per event, claim, signed POST, record. Raw: the same bodies POSTed by this process with node:http, ${SENDERS} at a time (the server's delivery batch)`,
      },
      written,
      delivered,
      automation,
      fairness,
      ratios,
    },
    targets: [
      target(
        "B's delivery and rule webhook beside A's backlog",
        'ms from the lead created to the later of the two arrivals',
        '<= 5000',
        slowest,
        slowest !== null && slowest <= 5000,
      ),
    ],
    summary: { ...written, ...delivered, ...automation, ...fairness, ...ratios },
  };
});
