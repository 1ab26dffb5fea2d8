// Leads list: GET /api/leads over a million leads of one organisation on PostgreSQL, under 50
// concurrent connections (autocannon), beside the same SQL run bare through node-postgres.
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
import type { Context } from './support/run.ts';
import { SEARCH_TERM } from './support/vocabulary.ts';

// BENCH_LEADS and BENCH_SECONDS shrink a trial run; the recorded figures use the defaults.
const LEADS = Number(process.env.BENCH_LEADS ?? 1_000_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const CONNECTIONS = 50;
const WARMUP_SECONDS = 3;
/** One connection, no queueing: the time a request takes by itself. */
const ALONE_SECONDS = 5;
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
];

type Captured = { page: Statement; count: Statement; total: number };

/**
 * The page query and the count query the server sends for each scenario, read off the wire:
 * a second server process, pointed at a recording proxy in front of PostgreSQL, answers one
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
        const { total } = await api<{ total: number }>(server, `/api/leads?${scenario.query}`, {
          token,
        });
        const leads = capture.statements.filter((s) => /\bfrom "leads"/i.test(s.sql));
        const count = leads.find((s) => /^select count\(/i.test(s.sql));
        const page = leads.find((s) => s !== count && /\blimit \$\d+/i.test(s.sql));
        if (!page || !count)
          throw new Error(`the leads queries of ${scenario.name} were not seen on the wire`);
        found.set(scenario.name, { page, count, total });
      }
      return found;
    } finally {
      await stopServer();
    }
  } finally {
    await closeCapture();
  }
};

const explain = async (url: string, statement: Statement): Promise<string[]> => {
  const client = await connect(url);
  try {
    const { rows } = await client.query<{ 'QUERY PLAN': string }>(
      `EXPLAIN (ANALYZE, BUFFERS) ${statement.sql}`,
      statement.params,
    );
    return rows.map((row) => row['QUERY PLAN']);
  } finally {
    await client.end();
  }
};

const executionMs = (plan: string[]) =>
  Number(/Execution Time: ([\d.]+) ms/.exec(plan.join('\n'))?.[1] ?? Number.NaN);

/** One statement alone on one connection, `runs` times: its own cost, without queueing. */
const aloneTimings = async (url: string, statement: Statement, runs: number) => {
  const client = await connect(url);
  try {
    const latencies: number[] = [];
    for (let i = 0; i < runs; i += 1) {
      const started = performance.now();
      await client.query({ text: statement.sql, values: statement.params, rowMode: 'array' });
      latencies.push(performance.now() - started);
    }
    return latencySummary(latencies);
  } finally {
    await client.end();
  }
};

await runBenchmark('leads-list', 12 * 60_000, async (context) => {
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
  log(`captured the page and count statements the server sends`);
  const client = await connect(database.url);
  const { rows } = await client.query<{ n: string }>(
    'SELECT count(*) AS n FROM leads WHERE search_text LIKE $1',
    [`%${SEARCH_TERM.toLowerCase()}%`],
  );
  const leadsMatchingTerm = Number(rows[0]!.n);
  await client.end();

  const scenarios: Record<string, unknown> = {};
  const measured: Record<string, { http: HttpLoad; sql: SqlLoad }> = {};
  for (const scenario of SCENARIOS) {
    const { page, count, total } = statements.get(scenario.name)!;
    const url = `${server.url}/api/leads?${scenario.query}`;
    log(`${scenario.name}: ${scenario.description}; ${total} matching leads`);
    const alone = await httpLoad({
      url,
      token: admin.token,
      connections: 1,
      seconds: ALONE_SECONDS,
      warmupSeconds: 1,
      serverPid: pid,
    });
    log(`  HTTP, 1 connection: p50 ${alone.latencyMs.p50} ms, p95 ${alone.latencyMs.p95} ms`);
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
      statements: [page, count],
      workers: CONNECTIONS,
      poolSize: SERVER_POOL,
      seconds: SECONDS,
      serverPid: pid,
    });
    log(
      `  bare SQL, ${CONNECTIONS} workers: ${sql.pairsPerSecond} pairs/s, p50 ${sql.latencyMs.p50} ms, p95 ${sql.latencyMs.p95} ms; PostgreSQL CPU per pair ${sql.cpu.perRequest.postgresMs} ms`,
    );
    const statementsAlone = {
      page: await aloneTimings(database.url, page, 30),
      count: await aloneTimings(database.url, count, 30),
    };
    log(
      `  statements alone: page p50 ${statementsAlone.page.p50} ms, count p50 ${statementsAlone.count.p50} ms`,
    );
    const plans = {
      page: await explain(database.url, page),
      count: await explain(database.url, count),
    };
    measured[scenario.name] = { http, sql };
    scenarios[scenario.name] = {
      description: scenario.description,
      request: `GET /api/leads?${scenario.query}`,
      matchingLeads: total,
      http,
      httpOneConnection: alone,
      bareSql: {
        ...sql,
        note: `the page and count statements captured from the server, run side by side (as findLeads does) by ${CONNECTIONS} concurrent workers through a pool of ${SERVER_POOL} connections (the server's pool size)`,
      },
      p95RatioToBareSql: round(http.latencyMs.p95 / sql.latencyMs.p95, 2),
      statementsAlone: {
        note: 'each statement alone on one connection, 30 runs',
        ...statementsAlone,
      },
      statements: { page, count },
      explainAnalyze: {
        pageExecutionMs: executionMs(plans.page),
        countExecutionMs: executionMs(plans.count),
        page: plans.page,
        count: plans.count,
      },
    };
  }

  const search = measured.search!;
  const clean = search.http.non2xx === 0 && search.http.errors === 0;
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
    },
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
