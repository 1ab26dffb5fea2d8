// The frame every server benchmark shares: a time limit, clean-up in reverse order (also on
// failure, timeout or Ctrl-C), machine facts, and the results file in bench/results/.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';

export type Target = {
  name: string;
  /** What is compared, e.g. "p95 latency (ms)". */
  measure: string;
  limit: string;
  value: number | null;
  pass: boolean;
};

export type Context = {
  /**
   * Runs `cleanup` when the benchmark ends, however it ends (last registered runs first).
   * Returns a function that runs it now instead (once only), for what ends earlier.
   */
  defer: (cleanup: () => unknown) => () => Promise<void>;
  /** Logs a line with the seconds since the benchmark started. */
  log: (message: string) => void;
};

export type Outcome = {
  figures: Record<string, unknown>;
  targets: Target[];
  machine?: Record<string, unknown>;
  /** The run's key figures, kept in the results file beside those of earlier runs. */
  summary?: Record<string, unknown>;
};

/** How many runs' summaries the results file keeps, to show the spread between runs. */
const KEPT_RUNS = 6;

/** The summaries of earlier runs in the results file (BENCH_FRESH=1 starts over). */
const earlierRuns = (file: string): Record<string, unknown>[] => {
  if (process.env.BENCH_FRESH === '1') return [];
  try {
    const previous = JSON.parse(readFileSync(file, 'utf8')) as { runs?: Record<string, unknown>[] };
    return Array.isArray(previous.runs) ? previous.runs : [];
  } catch {
    return [];
  }
};

const resultsDir = join(import.meta.dirname, '..', 'results');

export const round = (value: number, digits = 1): number => {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
};

/** Nearest-rank percentile of unsorted values (`p` in 0..100). */
export const percentile = (values: readonly number[], p: number): number => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1]!;
};

export const latencySummary = (values: readonly number[]) => ({
  count: values.length,
  p50: round(percentile(values, 50), 2),
  p90: round(percentile(values, 90), 2),
  p95: round(percentile(values, 95), 2),
  p99: round(percentile(values, 99), 2),
  max: round(percentile(values, 100), 2),
  mean: round(values.reduce((sum, v) => sum + v, 0) / Math.max(1, values.length), 2),
});

export const target = (
  name: string,
  measure: string,
  limit: string,
  value: number | null,
  pass: boolean,
): Target => ({ name, measure, limit, value, pass });

const machineFacts = () => ({
  nproc: availableParallelism(),
  cpu: cpus()[0]?.model ?? 'unknown',
  memoryGb: round(totalmem() / 1024 ** 3, 1),
  node: process.version,
  platform: `${process.platform} ${process.arch}`,
});

/**
 * Runs one benchmark within `limitMs`, then writes bench/results/<name>.json. A missed target
 * is reported, not an error: the next benchmark still runs. An error or the time limit exits
 * with status 1 after the clean-up.
 */
export const runBenchmark = async (
  name: string,
  limitMs: number,
  body: (context: Context) => Promise<Outcome>,
): Promise<void> => {
  const started = Date.now();
  const loadAtStart = loadavg().map((load) => round(load, 2));
  if (loadAtStart[0]! > availableParallelism() / 2)
    console.warn(
      `[${name}] the machine is busy (load average ${loadAtStart.join(' ')}): figures will be lower than on a quiet machine`,
    );
  const cleanups: (() => unknown)[] = [];
  const log = (message: string) =>
    console.log(`[${name} ${((Date.now() - started) / 1000).toFixed(1)}s] ${message}`);
  let cleaning: Promise<void> | undefined;
  const cleanUp = () =>
    (cleaning ??= (async () => {
      for (const cleanup of cleanups.reverse()) {
        try {
          await cleanup();
        } catch (error) {
          console.error(`[${name}] clean-up failed: ${(error as Error).message}`);
        }
      }
    })());
  const abort = async (reason: string) => {
    console.error(`[${name}] ${reason}; cleaning up`);
    await cleanUp();
    process.exit(1);
  };
  const watchdog = setTimeout(
    () => void abort(`time limit of ${limitMs / 1000} s reached`),
    limitMs,
  );
  const onSignal = (signal: string) => void abort(`interrupted by ${signal}`);
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    const defer = (cleanup: () => unknown) => {
      let done = false;
      const once = async () => {
        if (done) return;
        done = true;
        await cleanup();
      };
      cleanups.push(once);
      return once;
    };
    const outcome = await body({ defer, log });
    const file = join(resultsDir, `${name}.json`);
    const loadAverage = { atStart: loadAtStart, atEnd: loadavg().map((load) => round(load, 2)) };
    const runs = outcome.summary
      ? [
          ...earlierRuns(file),
          {
            date: new Date().toISOString(),
            loadAverage,
            ...outcome.summary,
            pass: outcome.targets.every((t) => t.pass),
          },
        ].slice(-KEPT_RUNS)
      : undefined;
    const result = {
      name,
      date: new Date().toISOString(),
      seconds: round((Date.now() - started) / 1000),
      machine: {
        ...machineFacts(),
        ...outcome.machine,
        loadAverage,
      },
      ...outcome.figures,
      targets: outcome.targets,
      pass: outcome.targets.every((t) => t.pass),
      ...(runs ? { runs } : {}),
    };
    mkdirSync(resultsDir, { recursive: true });
    writeFileSync(file, JSON.stringify(result, null, 2) + '\n');
    for (const t of outcome.targets)
      console.log(
        `${t.pass ? 'MET   ' : 'MISSED'} ${t.name}: ${t.measure} = ${t.value ?? 'not measured'} (target ${t.limit})`,
      );
    log(`results written to bench/results/${name}.json`);
  } catch (error) {
    console.error(`[${name}] failed:`, error);
    process.exitCode = 1;
  } finally {
    clearTimeout(watchdog);
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await cleanUp();
  }
};
