// Bulk email throughput: bulk runs of BENCH_EMAILS leads (POST /api/email/bulk, pause 0)
// through the product to a local SMTP server, taking turns with nodemailer sending as many
// messages (same size, same headers, one pooled connection, one after another) straight to
// that server. Throughput is counted at the SMTP server, first to last message, for both.
// Target: the bulk job reaches at least 80% of nodemailer's rate (median of the rounds).
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import nodemailer from 'nodemailer';
import { countCpu } from './support/cpu.ts';
import { createBenchDatabase, postgresFacts } from './support/postgres.ts';
import { api, createAdmin, serverPid, startProduct } from './support/product.ts';
import { round, runBenchmark, target } from './support/run.ts';
import { listenSmtpSink } from './support/smtp-sink.ts';
import { BODY_TEXT, insertLeads, median, runJob } from './support/bulk-run.ts';

// BENCH_EMAILS shrinks a trial run; the recorded figures use the default.
const EMAILS = Number(process.env.BENCH_EMAILS ?? 2000);
const ROUNDS = 5;
const TARGET_RATIO = 0.8;
const SMTP_USER = 'bench@mail.bench';
const SMTP_PASS = 'bench-smtp-password';

/**
 * The SMTP sink, run as a child process (`--sink`): logs in, accepts every message, keeps
 * when the first and the last arrived. Its own process, so that nodemailer alone (in this
 * process) and the bulk job (in the server's) both talk to it across processes alike.
 */
const runSink = async () => {
  let first = 0;
  let last = 0;
  let count = 0;
  const sink = await listenSmtpSink({ user: SMTP_USER, pass: SMTP_PASS }, () => {
    last = performance.timeOrigin + performance.now();
    if (count === 0) first = last;
    count += 1;
  });
  process.on('message', (request: string) => {
    if (request === 'reset') {
      count = 0;
      process.send!({ reset: true });
    } else process.send!({ count, first, last });
  });
  process.send!({ port: sink.port });
};

type SinkReport = { count: number; first: number; last: number };

const startSink = async () => {
  const child = fork(fileURLToPath(import.meta.url), ['--sink'], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ask = <T>(request?: string) =>
    new Promise<T>((resolve) => {
      child.once('message', (answer) => resolve(answer as T));
      if (request) child.send(request);
    });
  const { port } = await ask<{ port: number }>();
  return {
    port,
    reset: () => ask<unknown>('reset'),
    report: () => ask<SinkReport>('report'),
    stop: () => {
      child.kill('SIGTERM');
    },
  };
};

/** The messages a bulk run sends: first name filled, the 600 px wrapper, an unsubscribe link. */
const message = (i: number) => {
  const url = `http://localhost:3000/unsubscribe/${'x'.repeat(64)}.${'y'.repeat(22)}`;
  return {
    from: { name: 'Bench Admin', address: SMTP_USER },
    to: `lead-${i}@leads.bench`,
    subject: `Hello Lead${i}`,
    html: `<div style="max-width:600px;margin:0 auto;font-family:Arial, Helvetica, sans-serif;font-size:14px;line-height:1.5"><p>Hi Lead${i},</p><p>${BODY_TEXT}</p><p style="margin-top:24px;font-size:12px;color:#6b7280">Don't want these emails? <a href="${url}">Unsubscribe</a></p></div>`,
    text: `Hi Lead${i},\n${BODY_TEXT}\nDon't want these emails? Unsubscribe`,
    messageId: `<${crypto.randomUUID()}@mail.bench>`,
    headers: {
      'X-Priority': '3 (Normal)',
      'X-MSMail-Priority': 'Normal',
      Importance: 'Normal',
      'List-Unsubscribe': `<${url}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
};

/** nodemailer alone: one pooled connection, each message awaited before the next. */
const sendDirect = async (port: number) => {
  const transport = nodemailer.createTransport({
    pool: true,
    maxConnections: 1,
    maxMessages: Infinity,
    host: '127.0.0.1',
    port,
    secure: false,
    auth: { user: SMTP_USER, pass: SMTP_PASS },
  });
  const started = performance.now();
  for (let i = 0; i < EMAILS; i += 1) await transport.sendMail(message(i));
  const seconds = (performance.now() - started) / 1000;
  transport.close();
  return seconds;
};

const benchmark = () =>
  runBenchmark('bulk-email', 20 * 60_000, async ({ defer, log }) => {
    const sink = await startSink();
    defer(sink.stop);
    const database = await createBenchDatabase('bulk_email');
    defer(database.drop);
    process.env.BULK_PAUSE_MS = '0';
    process.env.REPLY_CHECK_MINUTES = '0';
    const server = await startProduct(database.url);
    defer(server.stop);
    const admin = await createAdmin(server, 'bench-bulk');
    await api(server, '/api/email/config', {
      method: 'POST',
      token: admin.token,
      body: {
        smtp: { host: '127.0.0.1', port: sink.port, user: SMTP_USER, pass: SMTP_PASS },
      },
    });

    // Warm-up for both (JIT, first connections, first statements).
    await sendDirect(sink.port);
    await runJob(
      server,
      admin.token,
      await insertLeads(database.url, admin.organization, 'warm', 200),
    );

    // The machine is shared: nodemailer and the job take turns, and each round compares the
    // two measured side by side.
    const rounds = [];
    const pid = serverPid(server);
    const rateOf = (arrivals: SinkReport) => {
      if (arrivals.count !== EMAILS)
        throw new Error(`the SMTP server received ${arrivals.count} of ${EMAILS} emails`);
      return (EMAILS - 1) / ((arrivals.last - arrivals.first) / 1000);
    };
    for (let turn = 1; turn <= ROUNDS; turn += 1) {
      await sink.reset();
      const directSeconds = await sendDirect(sink.port);
      const nodemailerRate = rateOf(await sink.report());
      const leadIds = await insertLeads(database.url, admin.organization, `r${turn}`, EMAILS);
      await sink.reset();
      const cpu = countCpu(pid);
      const job = await runJob(server, admin.token, leadIds);
      const cpuUse = cpu.stop();
      const arrivals = await sink.report();
      const jobRate = rateOf(arrivals);
      log(
        `round ${turn}: nodemailer ${round(nodemailerRate)} emails/s, bulk job ${round(jobRate)} emails/s (${round(jobRate / nodemailerRate, 2)})`,
      );
      rounds.push({
        nodemailerEmailsPerSecond: round(nodemailerRate),
        bulkJobEmailsPerSecond: round(jobRate),
        ratio: round(jobRate / nodemailerRate, 3),
        endToEnd: {
          nodemailerSeconds: round(directSeconds, 2),
          bulkJobSeconds: round(job.seconds, 2),
          bulkJobSecondsUntilFirstEmail: round((arrivals.first - job.startedAt) / 1000, 2),
          ratio: round(directSeconds / job.seconds, 3),
        },
        serverCpu: cpuUse,
        serverCpuMsPerEmail: round((cpuUse.serverSeconds * 1000) / EMAILS, 2),
      });
    }
    const ratio = median(rounds.map((r) => r.ratio));
    return {
      machine: await postgresFacts(),
      figures: {
        emails: EMAILS,
        rounds: ROUNDS,
        method: {
          nodemailer:
            'one pooled SMTP connection, each message awaited before the next; same size, same headers (priority, List-Unsubscribe); after a warm-up pass',
          bulkJob:
            'POST /api/email/bulk (type initial, pause 0) until GET /api/email/bulk/:id (polled every 100 ms) answers completed, after a warm-up run of 200 leads; every email reserved against the daily limit, sent, recorded on its lead and counted in the run',
          comparison: `${ROUNDS} rounds of nodemailer then the bulk job, fresh leads each round. Throughput = messages per second between the first and the last arrival at the SMTP server, for both; the target is the median of the rounds' ratios. endToEnd adds each side's start: nodemailer's connection and login, the job's queueing (pg-boss polls every second) and its completion poll`,
          smtpServer:
            'smtp-server on loopback in a child process of its own (both senders talk to it across processes), discarding message bodies',
          database: 'PostgreSQL on 127.0.0.1, a database of its own',
        },
        ratio,
        endToEndRatio: median(rounds.map((r) => r.endToEnd.ratio)),
        nodemailerEmailsPerSecond: median(rounds.map((r) => r.nodemailerEmailsPerSecond)),
        bulkJobEmailsPerSecond: median(rounds.map((r) => r.bulkJobEmailsPerSecond)),
        perRound: rounds,
      },
      targets: [
        target(
          'bulk job throughput',
          'bulk job emails/s ÷ nodemailer emails/s, first to last email at the SMTP server (median of rounds)',
          `>= ${TARGET_RATIO}`,
          ratio,
          ratio >= TARGET_RATIO,
        ),
      ],
    };
  });

if (process.argv.includes('--sink')) await runSink();
else await benchmark();
