// Export: GET /api/leads/download of a million leads (leads.xlsx, streamed by the server),
// read to the end and thrown away, while the server's memory is sampled from /proc.
import type { RunningServer } from '../e2e/support/server.ts';
import { countCpu } from './support/cpu.ts';
import { generateLeads, organizationOfUser } from './support/leads-data.ts';
import { createBenchDatabase, postgresFacts } from './support/postgres.ts';
import { createAdmin, memoryOf, sampleRss, serverPid, startProduct } from './support/product.ts';
import { round, runBenchmark, target } from './support/run.ts';

// BENCH_LEADS shrinks a trial run; the recorded figures use the default.
const LEADS = Number(process.env.BENCH_LEADS ?? 1_000_000);
const TARGET_MB = 256;
const ZIP_END = Buffer.from([0x50, 0x4b, 0x05, 0x06]);

/** Reads the download to its end, keeping only its size and its last bytes. */
const download = async (server: RunningServer, token: string, progress: { bytes: number }) => {
  const started = performance.now();
  const response = await fetch(`${server.url}/api/leads/download`, {
    headers: { authorization: `Bearer ${token}` },
    signal: AbortSignal.timeout(10 * 60_000),
  });
  if (!response.ok || !response.body)
    throw new Error(`GET /api/leads/download: ${response.status} ${await response.text()}`);
  let firstByte: number | null = null;
  let bytes = 0;
  let tail = Buffer.alloc(0);
  for await (const chunk of response.body) {
    firstByte ??= performance.now() - started;
    bytes += chunk.length;
    progress.bytes = bytes;
    tail = Buffer.concat([tail, chunk]).subarray(-64);
  }
  return {
    seconds: (performance.now() - started) / 1000,
    secondsToFirstByte: (firstByte ?? Number.NaN) / 1000,
    bytes,
    contentType: response.headers.get('content-type'),
    // A complete .xlsx (a zip) ends with the end-of-central-directory record.
    completeZip: tail.includes(ZIP_END),
  };
};

await runBenchmark('export', 12 * 60_000, async ({ defer, log }) => {
  const database = await createBenchDatabase('export');
  defer(database.drop);
  const server = await startProduct(database.url);
  defer(server.stop);
  const pid = serverPid(server);
  const admin = await createAdmin(server, 'bench-export');
  log(`generating ${LEADS.toLocaleString('en')} leads in SQL`);
  const generated = await generateLeads(database.url, {
    organizationId: await organizationOfUser(database.url, admin.userId),
    createdBy: admin.userId,
    count: LEADS,
    log,
  });
  log(`generated in ${round(generated.seconds)} s; exporting`);
  const before = memoryOf(pid);
  const rss = sampleRss(pid, 100);
  const cpu = countCpu(pid);
  // Every 10 s: how far the download is and the server's RSS (does memory follow the rows?).
  const progress = { bytes: 0 };
  const started = performance.now();
  const timeline: { seconds: number; downloadedMb: number; rssMb: number }[] = [];
  const every10s = setInterval(() => {
    timeline.push({
      seconds: Math.round((performance.now() - started) / 1000),
      downloadedMb: round(progress.bytes / 1024 / 1024),
      rssMb: round(memoryOf(pid).rssMb),
    });
  }, 10_000);
  const result = await download(server, admin.token, progress).finally(() =>
    clearInterval(every10s),
  );
  const cpuUse = cpu.stop();
  const { maxRssMb, samples } = rss.stop();
  const after = memoryOf(pid);
  if (!result.completeZip) throw new Error('the download is not a complete .xlsx (zip) file');
  const figures = {
    seconds: round(result.seconds),
    secondsToFirstByte: round(result.secondsToFirstByte, 2),
    megabytes: round(result.bytes / 1024 / 1024),
    rowsPerSecond: Math.round(LEADS / result.seconds),
    contentType: result.contentType,
    serverMemoryMb: {
      rssBefore: round(before.rssMb),
      peakRssSampled: round(maxRssMb),
      samples,
      vmHwmAfter: round(after.peakMb),
      vmHwmBefore: round(before.peakMb),
    },
    cpu: cpuUse,
    timeline,
  };
  log(
    `${figures.megabytes} MB in ${figures.seconds} s (${figures.rowsPerSecond} rows/s, first byte after ${figures.secondsToFirstByte} s); server RSS ${figures.serverMemoryMb.rssBefore} MB before, peak ${figures.serverMemoryMb.peakRssSampled} MB during (VmHWM ${figures.serverMemoryMb.vmHwmAfter} MB)`,
  );
  return {
    machine: await postgresFacts(),
    summary: {
      seconds: figures.seconds,
      megabytes: figures.megabytes,
      peakRssMb: figures.serverMemoryMb.peakRssSampled,
      rssBeforeMb: figures.serverMemoryMb.rssBefore,
      serverCpuSeconds: figures.cpu.serverSeconds,
    },
    figures: {
      leads: LEADS,
      generation: generated,
      method: {
        download:
          'GET /api/leads/download with no filter (every lead, newest first), body read to the end and discarded; the end of the zip is checked',
        memory:
          'server process found in /proc by its DATA_DIR; VmRSS sampled every 100 ms during the download (VmHWM cannot be reset, so it is read before and after too)',
      },
      ...figures,
    },
    targets: [
      target(
        'export peak memory',
        'server peak RSS during the export (MB)',
        `at most ${TARGET_MB}`,
        figures.serverMemoryMb.peakRssSampled,
        figures.serverMemoryMb.peakRssSampled <= TARGET_MB,
      ),
    ],
  };
});
