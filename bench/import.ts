// Import: a 100,000-row lead spreadsheet, as .xlsx and as .csv, uploaded through
// POST /api/leads/upload into an empty organisation and followed on GET /api/imports/:id until
// the background job completes. Each file gets a fresh database and server process, so the
// server's peak memory (VmHWM) is that of one import.
import type { ImportStatus } from '@leadline/shared/imports';
import type { RunningServer } from '../e2e/support/server.ts';
import { countCpu } from './support/cpu.ts';
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
import type { Context, Target } from './support/run.ts';
import { leadSheet, toCsv, toXlsx } from './support/spreadsheet.ts';
import type { LeadSheet } from './support/spreadsheet.ts';

// BENCH_ROWS shrinks a trial run; the recorded figures use the default.
const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const TARGET_SECONDS = 15;
const POLL_MS = 100;

const upload = async (server: RunningServer, token: string, filename: string, file: Buffer) => {
  const form = new FormData();
  form.append('file', new Blob([file]), filename);
  const response = await fetch(`${server.url}/api/leads/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
    signal: AbortSignal.timeout(60_000),
  });
  const body = await response.text();
  if (response.status !== 202) throw new Error(`upload of ${filename}: ${response.status} ${body}`);
  return (JSON.parse(body) as { importId: string }).importId;
};

/** Uploads `file` to a fresh server and database and waits for the import to end. */
const importFile = async (
  { defer, log }: Context,
  kind: 'xlsx' | 'csv',
  file: Buffer,
  sheet: LeadSheet,
) => {
  const database = await createBenchDatabase(`import_${kind}`);
  const dropDatabase = defer(database.drop);
  try {
    const server = await startProduct(database.url);
    const stopServer = defer(server.stop);
    try {
      const pid = serverPid(server);
      const admin = await createAdmin(server, `bench-import-${kind}`);
      const before = memoryOf(pid);
      const rss = sampleRss(pid);
      const cpu = countCpu(pid);
      const started = performance.now();
      const seconds = () => round((performance.now() - started) / 1000, 2);
      const importId = await upload(server, admin.token, `leads.${kind}`, file);
      const accepted = seconds();
      let parsed: number | null = null;
      let status: ImportStatus;
      const deadline = Date.now() + 5 * 60_000;
      for (;;) {
        status = await api<ImportStatus>(server, `/api/imports/${importId}`, {
          token: admin.token,
        });
        if (parsed === null && status.total > 0) parsed = seconds();
        if (status.status !== 'running') break;
        if (Date.now() > deadline) throw new Error(`the ${kind} import did not end in 5 minutes`);
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
      const completed = seconds();
      const cpuUse = cpu.stop();
      const { maxRssMb } = rss.stop();
      const after = memoryOf(pid);
      if (status.status !== 'completed')
        throw new Error(`the ${kind} import failed: ${status.message ?? 'no message'}`);
      const counts = {
        rows: status.total,
        inserted: status.inserted,
        duplicates: status.duplicates,
        errors: status.errorCount,
      };
      const result = {
        fileMb: round(file.length / 1024 / 1024, 2),
        secondsToAccepted: accepted,
        secondsToRowsRead: parsed,
        secondsToCompleted: completed,
        rowsPerSecond: Math.round(ROWS / completed),
        counts,
        expectedCounts: sheet.expected,
        countsAsExpected: JSON.stringify(counts) === JSON.stringify(sheet.expected),
        serverMemoryMb: {
          rssBefore: round(before.rssMb),
          peakRssSampled: round(maxRssMb),
          vmHwm: round(after.peakMb),
        },
        cpu: cpuUse,
      };
      log(
        `${kind}: ${result.fileMb} MB, accepted after ${accepted} s, rows read after ${parsed} s, completed after ${completed} s (${result.rowsPerSecond} rows/s); server peak RSS ${result.serverMemoryMb.vmHwm} MB (${result.serverMemoryMb.rssBefore} MB before)`,
      );
      return result;
    } finally {
      await stopServer();
    }
  } finally {
    await dropDatabase();
  }
};

await runBenchmark('import', 8 * 60_000, async (context) => {
  const generating = performance.now();
  const sheet = leadSheet(ROWS);
  const files = { xlsx: toXlsx(sheet.rows), csv: toCsv(sheet.rows) };
  context.log(
    `generated ${ROWS.toLocaleString('en')} rows (${sheet.expected.errors} invalid, ${sheet.expected.duplicates} duplicates) as .xlsx and .csv in ${round((performance.now() - generating) / 1000)} s`,
  );
  const results = {
    xlsx: await importFile(context, 'xlsx', files.xlsx, sheet),
    csv: await importFile(context, 'csv', files.csv, sheet),
  };
  const targets: Target[] = [];
  for (const [kind, result] of Object.entries(results)) {
    targets.push(
      target(
        `${kind} import time`,
        'seconds from upload to completed',
        `at most ${TARGET_SECONDS}`,
        result.secondsToCompleted,
        result.secondsToCompleted <= TARGET_SECONDS,
      ),
      target(
        `${kind} import counts`,
        'inserted, duplicates and errors as the file holds them (1 = yes)',
        '1',
        result.countsAsExpected ? 1 : 0,
        result.countsAsExpected,
      ),
    );
  }
  return {
    machine: await postgresFacts(),
    summary: Object.fromEntries(
      Object.entries(results).map(([kind, result]) => [
        kind,
        {
          seconds: result.secondsToCompleted,
          peakRssMb: result.serverMemoryMb.vmHwm,
          serverCpuSeconds: result.cpu.serverSeconds,
          postgresCpuSeconds: result.cpu.postgresSeconds,
        },
      ]),
    ),
    figures: {
      rows: ROWS,
      method: {
        timing: `from just before POST /api/leads/upload until GET /api/imports/:id (polled every ${POLL_MS} ms) answers completed; rows read = first poll showing the total (the job has parsed the file)`,
        memory:
          'server process found in /proc by its DATA_DIR; VmHWM (peak RSS since start, fresh process per file) and VmRSS sampled every 100 ms',
      },
      ...results,
    },
    targets,
  };
});
