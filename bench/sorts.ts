// Sorts: GET /api/leads sorted by each field the list offers, both ways, over a million leads of
// one organisation on PostgreSQL, one request at a time (target: p95 at most 30 ms on one
// connection). Beside each, the statement(s) the server sent, run bare on one connection.
import { LEAD_SORT_FIELDS } from '@leadline/shared/leads';
import { productWithLeads } from './support/leads-server.ts';
import { httpLoad } from './support/load.ts';
import { postgresFacts } from './support/postgres.ts';
import { round, runBenchmark, target } from './support/run.ts';
import { bareTimings, captureStatements } from './support/statements.ts';

// BENCH_LEADS and BENCH_SECONDS shrink a trial run; the recorded figures use the defaults.
const LEADS = Number(process.env.BENCH_LEADS ?? 1_000_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const LIMIT_MS = 30;
/** The first page, and one 40 pages in (1,000 leads to skip). */
const PAGES = [1, 41];

const pathOf = (sort: string, page: number) => `/api/leads?sort=${sort}&limit=25&page=${page}`;

await runBenchmark('sorts', 40 * 60_000, async (context) => {
  const { log } = context;
  const { database, server, pid, admin, generated } = await productWithLeads(
    context,
    'sorts',
    LEADS,
  );
  const sorts = LEAD_SORT_FIELDS.flatMap((field) => [field, `-${field}`]);
  const paths = sorts.flatMap((sort) => PAGES.map((page) => pathOf(sort, page)));
  const statements = await captureStatements(context, database.name, admin.email, paths, (s) =>
    /\bfrom "leads"/i.test(s.sql),
  );
  log(`captured the statements of ${paths.length} requests`);
  const results: Record<string, unknown> = {};
  let worstP95 = 0;
  let worstRatio = 0;
  for (const path of paths) {
    const http = await httpLoad({
      url: `${server.url}${path}`,
      token: admin.token,
      connections: 1,
      seconds: SECONDS,
      warmupSeconds: 1,
      serverPid: pid,
    });
    const bare = await bareTimings(database.url, statements.get(path)!, 50);
    const ratio = round(http.latencyMs.p95 / bare.p95, 2);
    worstP95 = Math.max(worstP95, http.latencyMs.p95);
    worstRatio = Math.max(worstRatio, ratio);
    log(
      `${path}: HTTP p50 ${http.latencyMs.p50} ms, p95 ${http.latencyMs.p95} ms (${http.requestsPerSecond} req/s); bare SQL p95 ${bare.p95} ms; ratio ${ratio}`,
    );
    results[path] = {
      http: {
        p50: http.latencyMs.p50,
        p95: http.latencyMs.p95,
        requestsPerSecond: http.requestsPerSecond,
        non2xx: http.non2xx,
      },
      bareSql: bare,
      p95RatioToBareSql: ratio,
      p95RatioToLimit: round(http.latencyMs.p95 / LIMIT_MS, 2),
    };
  }
  return {
    machine: await postgresFacts(),
    summary: { leads: LEADS, worstP95Ms: worstP95, worstRatioToBareSql: worstRatio },
    figures: {
      leads: LEADS,
      generation: generated,
      method: {
        http: `autocannon, 1 connection, 1 s warm-up then ${SECONDS} s measured, per sort and page`,
        bareSql:
          'the statement(s) the server sent for the request (read off the wire), alone on one connection, 50 runs',
      },
      requests: results,
      worstP95Ms: worstP95,
      worstP95RatioToLimit: round(worstP95 / LIMIT_MS, 2),
    },
    targets: [
      target(
        'slowest sort p95',
        'HTTP p95 (ms), one connection, worst of every offered sort, both ways, pages 1 and 41',
        `at most ${LIMIT_MS}`,
        worstP95,
        worstP95 <= LIMIT_MS,
      ),
    ],
  };
});
