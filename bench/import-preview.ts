// The mapping step's first preview of a 100,000-row lead file (issue 25: at most 2 s): the file
// chosen in the browser goes to POST /api/leads/upload/preview, which reads the header, the
// first rows (20 shown, 1,000 for the order of the date columns) and the saved preset, and
// answers the columns, their fields and the rows the step shows. Timed from just before the
// request to its answer, as the browser waits for it, for .csv and .xlsx, on the embedded
// database (PGlite, the default). The bare limit beside it: the same CSV parser reading the
// whole file in-process (no upload, no HTTP), which the preview must not need to do.
import type { ImportPreview } from '@leadline/shared/imports';
import { createAdmin, startEmbeddedProduct } from './support/product.ts';
import { latencySummary, round, runBenchmark, target } from './support/run.ts';
import { leadSheet, toCsv, toXlsx } from './support/spreadsheet.ts';

// BENCH_ROWS shrinks a trial run; the recorded figures use the default.
const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const LIMIT_SECONDS = 2;
const RUNS = 5;

/** The server's CSV reader (packages/server/src/modules/imports/csv.ts), loaded at run time. */
type CsvReader = {
  csvSource: (file: Buffer) => { rows: AsyncIterator<{ number: number; cells: unknown[] }> };
};
const CSV_READER = new URL('../packages/server/src/modules/imports/csv.ts', import.meta.url).href;

const seconds = (ms: number) => round(ms / 1000, 3);

await runBenchmark('import-preview', 6 * 60_000, async ({ defer, log }) => {
  const sheet = leadSheet(ROWS);
  const files = { csv: toCsv(sheet.rows), xlsx: toXlsx(sheet.rows) };
  log(
    `generated ${ROWS.toLocaleString('en')} rows: .csv ${round(files.csv.length / 1024 / 1024, 1)} MB, .xlsx ${round(files.xlsx.length / 1024 / 1024, 1)} MB`,
  );

  // The bare limit: every record of the CSV read by the import's own parser.
  const { csvSource } = (await import(CSV_READER)) as CsvReader;
  const bareRuns: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const started = performance.now();
    const rows = csvSource(files.csv).rows;
    let count = 0;
    while (!(await rows.next()).done) count += 1;
    bareRuns.push(performance.now() - started);
    if (count !== ROWS + 1) throw new Error(`the bare parse read ${count} records`);
  }
  const bare = latencySummary(bareRuns);
  log(`bare parse of the whole .csv: median ${bare.p50} ms`);

  const server = await startEmbeddedProduct();
  defer(server.stop);
  const admin = await createAdmin(server, 'bench-import-preview');
  const preview = async (filename: string, file: Buffer) => {
    const form = new FormData();
    form.append('file', new Blob([file]), filename);
    const started = performance.now();
    const response = await fetch(`${server.url}/api/leads/upload/preview`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.token}` },
      body: form,
      signal: AbortSignal.timeout(60_000),
    });
    const body = await response.text();
    const elapsed = performance.now() - started;
    if (response.status !== 200)
      throw new Error(`preview of ${filename}: ${response.status} ${body}`);
    const answer = JSON.parse(body) as ImportPreview;
    if (answer.rows.length !== 20 || answer.estimatedRows < ROWS * 0.99)
      throw new Error(
        `preview of ${filename}: ${answer.rows.length} rows, ~${answer.estimatedRows}`,
      );
    return elapsed;
  };

  const results: Record<string, ReturnType<typeof latencySummary>> = {};
  for (const [kind, file] of Object.entries(files)) {
    await preview(`warm-up.${kind}`, file);
    const runs: number[] = [];
    for (let run = 0; run < RUNS; run += 1) runs.push(await preview(`leads.${kind}`, file));
    results[kind] = latencySummary(runs);
    log(
      `${kind} preview: median ${results[kind].p50} ms, slowest ${results[kind].max} ms (${round(results[kind].p50 / bare.p50, 2)}x the bare parse)`,
    );
  }

  const worst = (kind: string) => results[kind]!.max;
  return {
    summary: {
      csvSeconds: seconds(worst('csv')),
      xlsxSeconds: seconds(worst('xlsx')),
      bareParseSeconds: seconds(bare.p50),
    },
    figures: {
      rows: ROWS,
      fileMb: {
        csv: round(files.csv.length / 1024 / 1024, 2),
        xlsx: round(files.xlsx.length / 1024 / 1024, 2),
      },
      method: {
        timing: `POST /api/leads/upload/preview from just before the request to the whole answer, ${RUNS} runs per file after one warm-up, one server (PGlite)`,
        bareLimit:
          'the same CSV parser (csvSource) reading every record of the .csv in-process, median of the runs',
      },
      bareParseMs: bare,
      previewMs: results,
      ratioToBareParse: Object.fromEntries(
        Object.entries(results).map(([kind, figures]) => [kind, round(figures.p50 / bare.p50, 2)]),
      ),
    },
    targets: Object.keys(results).map((kind) =>
      target(
        `${kind} first preview`,
        'seconds, slowest run',
        `at most ${LIMIT_SECONDS}`,
        seconds(worst(kind)),
        worst(kind) <= LIMIT_SECONDS * 1000,
      ),
    ),
  };
});
