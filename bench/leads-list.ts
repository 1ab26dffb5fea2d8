// Leads list: GET /api/leads over a million leads of one organisation on PostgreSQL, under 50
// concurrent connections (autocannon) and alone on one, beside the same SQL run bare through
// node-postgres the same two ways. Every statement is also EXPLAINed (ANALYZE, BUFFERS).
import { LEAD_STATUSES } from '@leadline/shared/leads';
import { generateLeads, organizationOfUser } from './support/leads-data.ts';
import { httpLoad, sqlLoad } from './support/load.ts';
import type { HttpLoad, SqlLoad } from './support/load.ts';
import { startCapture } from './support/pg-capture.ts';
import type { Statement } from './support/pg-capture.ts';
import {
  connect,
  createBenchDatabase,
  databaseUrl,
  postgresFacts,
  serverUrl,
} from './support/postgres.ts';
import {
  ADMIN_PASSWORD,
  api,
  createAdmin,
  serverPid,
  signIn,
  startProduct,
} from './support/product.ts';
import { latencySummary, round, runBenchmark, target } from './support/run.ts';
import { executionMs, explain } from './support/statements.ts';
import type { Context } from './support/run.ts';
import { SEARCH_TERM } from './support/vocabulary.ts';

// BENCH_LEADS and BENCH_SECONDS shrink a trial run; the recorded figures use the defaults.
const LEADS = Number(process.env.BENCH_LEADS ?? 1_000_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const CONNECTIONS = 50;
const WARMUP_SECONDS = 3;
/** One connection, no queueing: the time a request takes by itself. */
const ALONE_SECONDS = 10;
/** The server's pool (openPostgres in packages/server/src/db/connection.ts). */
const SERVER_POOL = 10;

type Scenario = { name: string; query: string; description: string };

const HOT = LEAD_STATUSES[0];
const SCENARIOS: Scenario[] = [
  {
    name: 'search',
    query: `search=${SEARCH_TERM}&status=${encodeURIComponent(HOT)}&industry=Technology&limit=50`,
    description: `search "${SEARCH_TERM}", status ${HOT}, industry Technology, 50 per page`,
  },
  {
    name: 'firstPage',
    query: '',
    description: 'no search or filter: the default first page (10 newest) and the total',
  },
  {
    name: 'searchOnly',
    query: `search=${SEARCH_TERM}&limit=50`,
    description: `search "${SEARCH_TERM}" alone, 50 per page`,
  },
  {
    name: 'filterPair',
    query: `status=${encodeURIComponent(HOT)}&industry=Technology&limit=50`,
    description: `status ${HOT} and industry Technology without a search, 50 per page`,
  },
];

type Captured = { statements: Statement[]; total: number; totalCapped: boolean };

/**
 * The statements the server sends to answer each scenario's request, read off the wire: a
 * second server process, pointed at a recording proxy in front of PostgreSQL, answers one
 * request per scenario and is stopped.
 */
const captureStatements = async (
  { defer }: Context,
  database: string,
  email: string,
): Promise<Map<string, Captured>> => {
  const postgres = new URL(serverUrl());
  const capture = await startCapture({
    host: postgres.hostname,
    port: Number(postgres.port || 5432),
  });
  const closeCapture = defer(capture.close);
  try {
    const server = await startProduct(databaseUrl(database, capture.port));
    const stopServer = defer(server.stop);
    try {
      const token = await signIn(server, email, ADMIN_PASSWORD);
      const found = new Map<string, Captured>();
      for (const scenario of SCENARIOS) {
        capture.statements.length = 0;
        const { total, totalCapped } = await api<{ total: number; totalCapped: boolean }>(
          server,
          `/api/leads?${scenario.query}`,
          { token },
        );
        // The list's own statements; the guard's read of the signed-in user is left out.
        const statements = capture.statements.filter((s) => /\bfrom "leads"/i.test(s.sql));
        if (statements.length === 0)
          throw new Error(`the leads statements of ${scenario.name} were not seen on the wire`);
        found.set(scenario.name, { statements, total, totalCapped });
      }
      return found;
    } finally {
      await stopServer();
    }
  } finally {
    await closeCapture();
  }
};

/** The statements alone on one connection, `runs` times: their own cost, without queueing. */
const aloneTimings = async (url: string, statements: readonly Statement[], runs: number) => {
  const client = await connect(url);
  try {
    const latencies: number[] = [];
    for (let i = 0; i < runs; i += 1) {
      const started = performance.now();
      for (const statement of statements)
        await client.query({ text: statement.sql, values: statement.params, rowMode: 'array' });
      latencies.push(performance.now() - started);
    }
    return latencySummary(latencies);
  } finally {
    await client.end();
  }
};

await runBenchmark('leads-list', 25 * 60_000, async (context) => {
  const { defer, log } = context;
  const database = await createBenchDatabase('leads');
  defer(database.drop);
  const server = await startProduct(database.url);
  defer(server.stop);
  const pid = serverPid(server);
  const admin = await createAdmin(server, 'bench-leads');
  const organizationId = await organizationOfUser(database.url, admin.userId);
  log(`generating ${LEADS.toLocaleString('en')} leads in SQL`);
  const generated = await generateLeads(database.url, {
    organizationId,
    createdBy: admin.userId,
    count: LEADS,
    log,
  });
  log(
    `generated in ${round(generated.seconds)} s (table ${generated.tableMb} MB, with indexes ${generated.totalMb} MB)`,
  );
  const statements = await captureStatements(context, database.name, admin.email);
  log('captured the statements the server sends for each scenario');
  const client = await connect(database.url);
  const { rows } = await client.query<{ n: string }>(
    'SELECT count(*) AS n FROM leads WHERE search_text LIKE $1',
    [`%${SEARCH_TERM.toLowerCase()}%`],
  );
  const leadsMatchingTerm = Number(rows[0]!.n);
  await client.end();

  const scenarios: Record<string, unknown> = {};
  const measured: Record<string, { http: HttpLoad; sql: SqlLoad; httpAlone: HttpLoad }> = {};
  for (const scenario of SCENARIOS) {
    const { statements: captured, total, totalCapped } = statements.get(scenario.name)!;
    const url = `${server.url}/api/leads?${scenario.query}`;
    log(
      `${scenario.name}: ${scenario.description}; ${total}${totalCapped ? '+' : ''} matching leads, ${captured.length} statement(s)`,
    );
    const alone = await httpLoad({
      url,
      token: admin.token,
      connections: 1,
      seconds: ALONE_SECONDS,
      warmupSeconds: 1,
      serverPid: pid,
    });
    log(
      `  HTTP, 1 connection: ${alone.requestsPerSecond} req/s, p50 ${alone.latencyMs.p50} ms, p95 ${alone.latencyMs.p95} ms`,
    );
    const http = await httpLoad({
      url,
      token: admin.token,
      connections: CONNECTIONS,
      seconds: SECONDS,
      warmupSeconds: WARMUP_SECONDS,
      serverPid: pid,
    });
    log(
      `  HTTP, ${CONNECTIONS} connections: ${http.requestsPerSecond} req/s, p50 ${http.latencyMs.p50} ms, p95 ${http.latencyMs.p95} ms (${http.non2xx} non-2xx, ${http.errors} errors); CPU per request: PostgreSQL ${http.cpu.perRequest.postgresMs} ms, server ${http.cpu.perRequest.serverMs} ms, autocannon ${http.cpu.perRequest.loadGeneratorMs} ms`,
    );
    const sql = await sqlLoad({
      url: database.url,
      statements: captured,
      workers: CONNECTIONS,
      poolSize: SERVER_POOL,
      seconds: SECONDS,
      serverPid: pid,
    });
    log(
      `  bare SQL, ${CONNECTIONS} workers: ${sql.requestsPerSecond} req/s, p50 ${sql.latencyMs.p50} ms, p95 ${sql.latencyMs.p95} ms; PostgreSQL CPU per request ${sql.cpu.perRequest.postgresMs} ms`,
    );
    const sqlAlone = await aloneTimings(database.url, captured, 200);
    log(`  bare SQL, 1 connection: p50 ${sqlAlone.p50} ms, p95 ${sqlAlone.p95} ms`);
    const plans = await Promise.all(captured.map((statement) => explain(database.url, statement)));
    measured[scenario.name] = { http, sql, httpAlone: alone };
    scenarios[scenario.name] = {
      description: scenario.description,
      request: `GET /api/leads?${scenario.query}`,
      matchingLeads: totalCapped ? `more than ${total}` : total,
      http,
      httpOneConnection: alone,
      bareSql: {
        ...sql,
        note: `the statement(s) captured from the server, run by ${CONNECTIONS} concurrent workers through a pool of ${SERVER_POOL} connections (the server's pool size)`,
      },
      bareSqlOneConnection: {
        note: 'the same statement(s) alone on one connection, 200 runs',
        ...sqlAlone,
      },
      p95RatioToBareSql: round(http.latencyMs.p95 / sql.latencyMs.p95, 2),
      p95RatioToBareSqlOneConnection: round(alone.latencyMs.p95 / sqlAlone.p95, 2),
      statements: captured,
      explainAnalyze: plans.map((plan) => ({ executionMs: executionMs(plan), plan })),
    };
  }

  const search = measured.search!;
  const clean = search.http.non2xx === 0 && search.http.errors === 0;
  const searchAlone = scenarios.search as { bareSqlOneConnection: { p50: number; p95: number } };
  return {
    machine: await postgresFacts(),
    figures: {
      leads: LEADS,
      generation: generated,
      searchTerm: SEARCH_TERM,
      leadsMatchingSearchTerm: leadsMatchingTerm,
      method: {
        connections: CONNECTIONS,
        seconds: SECONDS,
        warmupSeconds: WARMUP_SECONDS,
        latency:
          'p50/p95 are exact (nearest-rank) percentiles over every 2xx response, taken from autocannon response events; autocannon histogram p90/p97.5 are kept beside them',
        cpu: 'CPU seconds from /proc: server process, all PostgreSQL processes (with reaped backends and parallel workers), the load generator, and other processes on the machine',
        note: 'autocannon, the server and PostgreSQL share the same cores',
      },
      scenarios,
      searchOneConnection: {
        note: 'the search scenario without queueing: one connection, beside the same statement alone on one connection (not an issue target)',
        httpP50: search.httpAlone.latencyMs.p50,
        httpP95: search.httpAlone.latencyMs.p95,
        bareSqlP50: searchAlone.bareSqlOneConnection.p50,
        bareSqlP95: searchAlone.bareSqlOneConnection.p95,
        p95RatioToBareSql: round(
          search.httpAlone.latencyMs.p95 / searchAlone.bareSqlOneConnection.p95,
          2,
        ),
      },
    },
    summary: Object.fromEntries(
      Object.entries(measured).map(([name, m]) => [
        name,
        {
          p50: m.http.latencyMs.p50,
          p95: m.http.latencyMs.p95,
          requestsPerSecond: m.http.requestsPerSecond,
          p95OneConnection: m.httpAlone.latencyMs.p95,
          p95RatioToBareSql: round(m.http.latencyMs.p95 / m.sql.latencyMs.p95, 2),
        },
      ]),
    ),
    targets: [
      target(
        'search p95',
        'HTTP p95 latency at 50 connections (ms)',
        'at most 30',
        search.http.latencyMs.p95,
        clean && search.http.latencyMs.p95 <= 30,
      ),
      target(
        'search p95 vs bare SQL',
        'HTTP p95 / bare SQL p95, same concurrency',
        'at most 1.5',
        round(search.http.latencyMs.p95 / search.sql.latencyMs.p95, 2),
        clean && search.http.latencyMs.p95 <= 1.5 * search.sql.latencyMs.p95,
      ),
    ],
  };
});
