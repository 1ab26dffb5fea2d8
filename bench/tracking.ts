// Open and click tracking under load (issue 27): the pixel (GET /t/o/<token>) and a tracked
// link (GET /t/c/<token>, a 302) answered with 200 concurrent clients on the embedded database
// (PGlite), against a static file the same server serves (/favicon.svg). Targets: p95 <= 10 ms
// and at least half the static file's throughput. Every hit is queued and written in batches
// (one INSERT per batch); after the load the hits counted on the email are compared with the
// hits answered.
import type { EventEmitter } from 'node:events';
import autocannon from 'autocannon';
import { buildWeb } from '../scripts/build-web.mjs';
import { countCpu, perRequest } from './support/cpu.ts';
import { api, createAdmin, serverPid, startEmbeddedProduct } from './support/product.ts';
import { latencySummary, round, runBenchmark, target } from './support/run.ts';
import { listenSmtpSink } from './support/smtp-sink.ts';

// BENCH_SECONDS shrinks a trial run; the recorded figures use the default.
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = 3;
const CONNECTIONS = 200;
const P95_LIMIT_MS = 10;
/**
 * The paced runs: 200 clients sending this many requests a second in all (a large campaign's
 * opens arriving together), where latency is the server's own time; the runs at full speed
 * (closed loop: each client sends again as soon as answered) measure throughput, their latency
 * being mostly the queue of 200 clients on a two-core machine.
 */
const PACED_RATE = Number(process.env.BENCH_TRACKING_RATE ?? 1000);
const RATIO_LIMIT = 0.5;
const SMTP = { user: 'bench-smtp', pass: 'bench-smtp-password' };
const AGENT =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

type Load = {
  path: string;
  /** Requests a second asked for in all (paced), or null: as fast as answered. */
  rate: number | null;
  requests: number;
  requestsPerSecond: number;
  statuses: Record<string, number>;
  errors: number;
  latencyMs: ReturnType<typeof latencySummary>;
  cpu: ReturnType<typeof perRequest>;
};

/** `WARMUP_SECONDS` of the same load (discarded), then `SECONDS` measured; every answer timed. */
const load = async (
  url: string,
  pid: number,
  rate: number | null = null,
): Promise<Omit<Load, 'path'>> => {
  const options = {
    url,
    connections: CONNECTIONS,
    headers: { 'user-agent': AGENT },
    timeout: 30,
    ...(rate ? { overallRate: rate } : {}),
  };
  const fire = (duration: number, onAnswer?: (ms: number, status: number) => void) =>
    new Promise<autocannon.Result>((resolve, reject) => {
      const instance = autocannon({ ...options, duration }, (error: unknown, result) =>
        error ? reject(error as Error) : resolve(result),
      );
      if (onAnswer)
        (instance as unknown as EventEmitter).on(
          'response',
          (_client: unknown, status: number, _bytes: number, ms: number) => onAnswer(ms, status),
        );
    });
  await fire(WARMUP_SECONDS);
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  const counting = countCpu(pid);
  const result = await fire(SECONDS, (ms, status) => {
    latencies.push(ms);
    statuses[status] = (statuses[status] ?? 0) + 1;
  });
  const cpu = counting.stop();
  return {
    rate,
    requests: result.requests.total,
    requestsPerSecond: round(result.requests.total / SECONDS),
    statuses,
    errors: result.errors,
    latencyMs: latencySummary(latencies),
    cpu: perRequest(cpu, result.requests.total),
  };
};

/** The pixel's and the first link's paths in a raw message (quoted-printable lines joined). */
const trackingPaths = (raw: string) => {
  const text = raw.replace(/=\r?\n/g, '');
  const pixel = /\/t\/o\/[\w-]{43}/.exec(text)?.[0];
  const click = /\/t\/c\/[\w-]{46}/.exec(text)?.[0];
  if (!pixel || !click) throw new Error('the email carries no tracking (pixel or link)');
  return { pixel, click };
};

await runBenchmark('tracking', 15 * 60_000, async ({ defer, log }) => {
  log('building the web app (the static file is one of its files)');
  buildWeb();
  let received: string | undefined;
  const sink = await listenSmtpSink(SMTP, (_to, raw) => (received = raw), true);
  defer(sink.stop);
  const server = await startEmbeddedProduct({ MAIL_ALLOW_PRIVATE_HOSTS: '1' });
  defer(server.stop);
  const pid = serverPid(server);
  const admin = await createAdmin(server, 'bench-tracking');
  const token = admin.token;
  await api(server, '/api/organizations/settings', {
    method: 'PUT',
    token,
    body: { tracking: true },
  });
  await api(server, '/api/email/config', {
    method: 'POST',
    token,
    body: { smtp: { host: '127.0.0.1', port: sink.port, user: SMTP.user, pass: SMTP.pass } },
  });
  const lead = await api<{ _id: string }>(server, '/api/leads', {
    method: 'POST',
    token,
    body: {
      companyName: 'Acme',
      personFirstName: 'Ada',
      personLastName: 'Lovelace',
      personEmail: 'ada@acme.example',
      source: 'Referral',
      status: 'Cold Lead',
    },
  });
  await api(server, `/api/leads/${lead._id}/send-mail`, {
    method: 'POST',
    token,
    body: {
      subject: 'Our prices',
      body: '<p>Dear Ada,</p><p>Here are <a href="https://example.com/prices">our prices</a>.</p>',
    },
  });
  const { pixel, click } = trackingPaths(received!);
  log(`tracked email sent; pixel ${pixel.slice(0, 12)}…, link ${click.slice(0, 12)}…`);

  const runs: Load[] = [];
  // Paced first: the full-speed runs leave the writer a backlog of hits for seconds after.
  const plan: [string, number | null][] = [
    ['/favicon.svg', PACED_RATE],
    [pixel, PACED_RATE],
    [click, PACED_RATE],
    ['/favicon.svg', null],
    [pixel, null],
    [click, null],
    ['/favicon.svg', null],
    [pixel, null],
  ];
  for (const [path, rate] of plan) {
    // Whatever the run before left to write is written first.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const measured = { path, ...(await load(`${server.url}${path}`, pid, rate)) };
    log(
      `${path.slice(0, 16)}${rate ? ` at ${rate} req/s` : ''}: ${measured.requestsPerSecond} req/s, p95 ${measured.latencyMs.p95} ms, statuses ${JSON.stringify(measured.statuses)}`,
    );
    runs.push(measured);
  }
  // Let the writer drain, then read what the email counts.
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const emails = await api<
    { _id: string; opens: Record<string, number>; clicks: Record<string, number> }[]
  >(server, `/api/leads/${lead._id}/emails`, { token });
  const counted = emails[0]!;
  const sum = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);
  const answeredOpens = runs
    .filter((run) => run.path === pixel)
    .reduce((total, run) => total + run.requests, 0);
  const answeredClicks = runs
    .filter((run) => run.path === click)
    .reduce((total, run) => total + run.requests, 0);

  const best = (path: string) =>
    runs
      .filter((run) => run.path === path && run.rate === null)
      .sort((a, b) => b.requestsPerSecond - a.requestsPerSecond)[0]!;
  const staticRun = best('/favicon.svg');
  const pixelRun = best(pixel);
  const clickRun = runs.find((run) => run.path === click && run.rate === null)!;
  const paced = (path: string) => runs.find((run) => run.path === path && run.rate !== null)!;
  const [pacedStatic, pacedPixel, pacedClick] = [paced('/favicon.svg'), paced(pixel), paced(click)];
  const ratio = (run: Load) => round(run.requestsPerSecond / staticRun.requestsPerSecond, 2);
  return {
    figures: {
      connections: CONNECTIONS,
      seconds: SECONDS,
      runs: runs.map((run) => ({
        ...run,
        path:
          run.path.slice(0, 5) === '/t/o/'
            ? '/t/o/<token>'
            : run.path.slice(0, 5) === '/t/c/'
              ? '/t/c/<token>'
              : run.path,
      })),
      hits: {
        opensAnswered: answeredOpens,
        opensCounted: sum(counted.opens),
        clicksAnswered: answeredClicks,
        clicksCounted: sum(counted.clicks),
        note: 'warm-up hits are answered and counted too; counted includes them (answered counts the measured seconds only)',
      },
    },
    targets: [
      target(
        'pixel p95',
        `p95 latency (ms), 200 clients, ${PACED_RATE} req/s in all`,
        `<= ${P95_LIMIT_MS}`,
        pacedPixel.latencyMs.p95,
        pacedPixel.latencyMs.p95 <= P95_LIMIT_MS,
      ),
      target(
        'click p95',
        `p95 latency (ms), 200 clients, ${PACED_RATE} req/s in all`,
        `<= ${P95_LIMIT_MS}`,
        pacedClick.latencyMs.p95,
        pacedClick.latencyMs.p95 <= P95_LIMIT_MS,
      ),
      target(
        'pixel throughput',
        'requests/s against /favicon.svg',
        `>= ${RATIO_LIMIT}`,
        ratio(pixelRun),
        ratio(pixelRun) >= RATIO_LIMIT,
      ),
      target(
        'click throughput',
        'requests/s against /favicon.svg',
        `>= ${RATIO_LIMIT}`,
        ratio(clickRun),
        ratio(clickRun) >= RATIO_LIMIT,
      ),
    ],
    summary: {
      staticRps: staticRun.requestsPerSecond,
      pixelRps: pixelRun.requestsPerSecond,
      clickRps: clickRun.requestsPerSecond,
      pixelP95: pixelRun.latencyMs.p95,
      clickP95: clickRun.latencyMs.p95,
      staticP95: staticRun.latencyMs.p95,
      pacedRate: PACED_RATE,
      pacedStaticP95: pacedStatic.latencyMs.p95,
      pacedPixelP95: pacedPixel.latencyMs.p95,
      pacedClickP95: pacedClick.latencyMs.p95,
    },
  };
});
