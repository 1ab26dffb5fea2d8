// Campaign sending: a 10,000-lead email campaign with no throttle, sent by the engine to an
// SMTP server on loopback (smtp-server, every message drained and counted by recipient),
// timed from POST /api/campaigns/:id/send until the campaign answers completed, while the
// server's memory is sampled from /proc.
import type { Campaign } from '@leadline/shared/campaigns';
import type { RunningServer } from '../e2e/support/server.ts';
import { countCpu } from './support/cpu.ts';
import { generateLeads, organizationOfUser } from './support/leads-data.ts';
import { createBenchDatabase, postgresFacts } from './support/postgres.ts';
import {
  api,
  createAdmin,
  memoryOf,
  sampleRss,
  serverPid,
  startProduct,
} from './support/product.ts';
import { round, runBenchmark, target } from './support/run.ts';
import { listenSmtpSink } from './support/smtp-sink.ts';

// BENCH_CAMPAIGN_LEADS shrinks a trial run; the recorded figures use the default.
const LEADS = Number(process.env.BENCH_CAMPAIGN_LEADS ?? 10_000);
const TARGET_PER_SECOND = 100;
const TARGET_MB = 512;
const POLL_MS = 500;
const SMTP = { user: 'bench@mail.test', pass: 'bench-smtp-password' };

/** An SMTP sink: accepts everything, keeps only a count per recipient and the timings. */
const startSink = async () => {
  const perRecipient = new Map<string, number>();
  const times: number[] = [];
  const sink = await listenSmtpSink(SMTP, (recipients) => {
    for (const address of recipients)
      perRecipient.set(address, (perRecipient.get(address) ?? 0) + 1);
    times.push(performance.now());
  });
  return { ...sink, perRecipient, times };
};

const call = <T>(
  server: RunningServer,
  token: string,
  method: string,
  path: string,
  body?: unknown,
) => api<T>(server, path, { method, token, body });

await runBenchmark('campaign', 15 * 60_000, async ({ defer, log }) => {
  const sink = await startSink();
  defer(sink.stop);
  const database = await createBenchDatabase('campaign');
  defer(database.drop);
  const server = await startProduct(database.url);
  defer(server.stop);
  const pid = serverPid(server);
  const admin = await createAdmin(server, 'bench-campaign');
  await call(server, admin.token, 'POST', '/api/email/config', {
    smtp: { host: '127.0.0.1', port: sink.port, secure: false, user: SMTP.user, pass: SMTP.pass },
  });
  log(`generating ${LEADS.toLocaleString('en')} leads in SQL`);
  await generateLeads(database.url, {
    organizationId: await organizationOfUser(database.url, admin.userId),
    createdBy: admin.userId,
    count: LEADS,
    log,
  });
  const campaign = await call<Campaign>(server, admin.token, 'POST', '/api/campaigns', {
    name: 'Benchmark campaign',
    emailSubject: 'Hello {{firstName}}',
    emailBody: '<p>Hi {{firstName}},</p><p>A benchmark email from the campaign engine.</p>',
    targetFilters: { region: 'Global' },
    // Any day, any hour, no gap between emails: the benchmark times the engine itself.
    sendingWindow: null,
    gapSeconds: { min: 0, max: 0 },
  });
  if (campaign.leadCount !== LEADS)
    throw new Error(`the campaign reaches ${campaign.leadCount} leads, not ${LEADS}`);

  const before = memoryOf(pid);
  const rss = sampleRss(pid, 100);
  const cpu = countCpu(pid);
  const started = performance.now();
  await call(server, admin.token, 'POST', `/api/campaigns/${campaign._id}/send`);
  let status = campaign;
  let lastLog = started;
  for (;;) {
    // The list (its counts come from indexes), not the detail view (per-lead states).
    const list = await call<Campaign[]>(server, admin.token, 'GET', '/api/campaigns');
    status = list.find((c) => c._id === campaign._id)!;
    if (status.status !== 'active') break;
    if (performance.now() - lastLog > 10_000) {
      lastLog = performance.now();
      log(`${status.sentCount.toLocaleString('en')} sent`);
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  const seconds = (performance.now() - started) / 1000;
  const cpuUse = cpu.stop();
  const { maxRssMb } = rss.stop();
  const after = memoryOf(pid);
  if (status.status !== 'completed') throw new Error(`the campaign ended ${status.status}`);

  const counts = [...sink.perRecipient.values()];
  const exactlyOnce = sink.perRecipient.size === LEADS && counts.every((n) => n === 1);
  const first = sink.times[0] ?? started;
  const last = sink.times.at(-1) ?? started;
  const perSecond = round(LEADS / seconds);
  const figures = {
    leads: LEADS,
    method: {
      timing: `from just before POST /api/campaigns/:id/send until GET /api/campaigns (polled every ${POLL_MS} ms) shows it completed; one server process, PostgreSQL on loopback, no throttle, no daily limit`,
      smtp: 'smtp-server on loopback in the benchmark process: every message read to its end and counted per recipient',
      memory:
        'server process found in /proc by its DATA_DIR; VmHWM (peak RSS since start) and VmRSS sampled every 100 ms',
    },
    secondsToCompleted: round(seconds, 2),
    messagesPerSecond: perSecond,
    smtp: {
      received: counts.reduce((sum, n) => sum + n, 0),
      distinctRecipients: sink.perRecipient.size,
      exactlyOncePerLead: exactlyOnce,
      secondsFirstToLast: round((last - first) / 1000, 2),
      secondsToFirstMessage: round((first - started) / 1000, 2),
    },
    campaign: { sentCount: status.sentCount, leadCount: status.leadCount },
    serverMemoryMb: {
      rssBefore: round(before.rssMb),
      peakRssSampled: round(maxRssMb),
      vmHwm: round(after.peakMb),
    },
    cpu: cpuUse,
  };
  log(
    `${LEADS.toLocaleString('en')} emails in ${round(seconds, 1)} s (${perSecond} messages/s); exactly once per lead: ${exactlyOnce}; server peak RSS ${figures.serverMemoryMb.vmHwm} MB (${figures.serverMemoryMb.rssBefore} MB before)`,
  );
  return {
    machine: await postgresFacts(),
    figures,
    targets: [
      target(
        'campaign throughput',
        'messages per second, send to completed',
        `at least ${TARGET_PER_SECOND}`,
        perSecond,
        perSecond >= TARGET_PER_SECOND,
      ),
      target(
        'one email per lead',
        'every lead received exactly one message (1 = yes)',
        '1',
        exactlyOnce ? 1 : 0,
        exactlyOnce,
      ),
      target(
        'server memory while sending',
        'peak RSS (VmHWM, MB)',
        `at most ${TARGET_MB}`,
        figures.serverMemoryMb.vmHwm,
        figures.serverMemoryMb.vmHwm <= TARGET_MB,
      ),
    ],
  };
});
