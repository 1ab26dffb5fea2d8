// Start-up: the time from launching the product until GET /api/health answers, on the embedded
// database (PGlite) under a DATA_DIR of its own, and the memory of the server at rest.
// Started as an operator starts it (`npm start`, the web app and the server already built) and
// as the compiled server alone (`node packages/server/dist/main.js`), on an existing data
// directory (the demo organisation loaded) and on an empty one (the migrations run); and, for
// comparison, the TypeScript through tsx as `npm start` ran it before. Each variant runs
// BENCH_STARTUP_RUNS times (default 5); the figures are medians.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer } from '../scripts/build-server.mjs';
import { buildWeb } from '../scripts/build-web.mjs';
import { freePort } from '../e2e/support/server.ts';
import { memoryOf } from './support/product.ts';
import { percentile, round, runBenchmark, target } from './support/run.ts';

const RUNS = Number(process.env.BENCH_STARTUP_RUNS ?? 5);
const TARGET_MS = 3000;
// At rest: started, the first health answer given, then nothing asked for this long.
const REST_MS = Number(process.env.BENCH_STARTUP_REST_MS ?? 15_000);
const root = fileURLToPath(new URL('..', import.meta.url));

type Command = { name: string; file: string; args: string[] };

const COMMANDS = {
  npmStart: { name: 'npm start', file: 'npm', args: ['start'] },
  node: {
    name: 'node --enable-source-maps packages/server/dist/main.js',
    file: process.execPath,
    args: ['--enable-source-maps', 'packages/server/dist/main.js'],
  },
  tsx: {
    name: 'node --import tsx packages/server/src/main.ts (before)',
    file: process.execPath,
    args: ['--import', 'tsx', 'packages/server/src/main.ts'],
  },
} satisfies Record<string, Command>;

type Started = {
  child: ChildProcess;
  port: number;
  ms: number;
  /** CPU time the launched processes had used when /api/health first answered. */
  cpuMs: number;
  output: () => string;
  /** SIGTERM to the whole process group; resolves with the exit status of the launched command. */
  stop: () => Promise<number | string | null>;
};

/** Launches `command` in a process group of its own and times it until /api/health answers. */
const launch = async (command: Command, dataDir: string, extraArgs: string[] = []) => {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
  };
  delete env.DATABASE_URL;
  let log = '';
  const started = performance.now();
  const child = spawn(command.file, [...command.args, ...extraArgs], {
    cwd: root,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk) => (log += String(chunk)));
  child.stderr!.on('data', (chunk) => (log += String(chunk)));
  const exited = new Promise<number | string | null>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal)),
  );
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, 'SIGTERM');
    const timeout = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), 20_000);
    const status = await exited;
    clearTimeout(timeout);
    return status;
  };
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${command.name} exited early:\n${log}`);
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`${command.name} did not answer /api/health:\n${log}`);
    }
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const ms = performance.now() - started;
  const cpuMs = processTree(child.pid!).reduce((sum, pid) => sum + cpuMsOf(pid), 0);
  return { child, port, ms, cpuMs, output: () => log, stop } satisfies Started;
};

/** `pid` and every process below it (from /proc/<pid>/task/<tid>/children). */
const processTree = (pid: number): number[] => {
  let children: number[] = [];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .split(' ')
      .filter(Boolean)
      .map(Number);
  } catch {
    // gone
  }
  return [pid, ...children.flatMap(processTree)];
};

/** User + system CPU time of `pid` and of its children that ended, from /proc/<pid>/stat. */
const cpuMsOf = (pid: number): number => {
  try {
    // The fields after the command name (which may hold spaces) in parentheses.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    const ticks = [11, 12, 13, 14].reduce((sum, index) => sum + Number(fields[index]), 0);
    return ticks * 10; // USER_HZ is 100 on Linux
  } catch {
    return 0;
  }
};

const commandLine = (pid: number) =>
  readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();

/** The server's own pid in the tree `npm start` launched (the process running dist/main.js). */
const serverIn = (tree: number[]) => {
  const pid = tree.find((candidate) => commandLine(candidate).includes('dist/main.js'));
  if (pid === undefined) throw new Error('no dist/main.js process under npm start');
  return pid;
};

const summary = (values: number[]) => ({
  median: round(percentile(values, 50), 0),
  min: round(Math.min(...values), 0),
  max: round(Math.max(...values), 0),
  all: values.map((value) => round(value, 0)),
});

const tempDir = () => mkdtempSync(join(tmpdir(), 'leadline-bench-startup-'));

await runBenchmark('startup', 30 * 60_000, async ({ defer, log }) => {
  buildWeb();
  await buildServer();

  // The existing data directory: a first start with the demo organisation (5,000 leads).
  const existing = tempDir();
  defer(() => rmSync(existing, { recursive: true, force: true }));
  log('loading the demo organisation into the existing data directory');
  const first = await launch(COMMANDS.node, existing, ['--demo']);
  const demoStatus = await first.stop();
  if (demoStatus !== 0)
    throw new Error(`the demo start ended with ${demoStatus}:\n${first.output()}`);

  const times: Record<string, number[]> = {};
  const cpu: Record<string, number[]> = {};
  const record = (key: string, started: Started) => {
    (times[key] ??= []).push(started.ms);
    (cpu[key] ??= []).push(started.cpuMs);
  };
  const exitStatuses = new Set<number | string | null>();
  const serverRss: number[] = [];
  const treeRss: number[] = [];
  const treeSizes = new Set<number>();

  for (let run = 1; run <= RUNS; run += 1) {
    // npm start on the existing directory, then left at rest and its memory read.
    const npm = await launch(COMMANDS.npmStart, existing);
    record('npmStartExisting', npm);
    await new Promise((resolve) => setTimeout(resolve, REST_MS));
    const tree = processTree(npm.child.pid!);
    treeSizes.add(tree.length);
    serverRss.push(memoryOf(serverIn(tree)).rssMb);
    treeRss.push(tree.reduce((sum, pid) => sum + memoryOf(pid).rssMb, 0));
    exitStatuses.add(await npm.stop());

    for (const [key, command, dataDir] of [
      ['nodeExisting', COMMANDS.node, existing],
      ['tsxExisting', COMMANDS.tsx, existing],
      ['nodeEmpty', COMMANDS.node, undefined],
      ['npmStartEmpty', COMMANDS.npmStart, undefined],
    ] as const) {
      const dir = dataDir ?? tempDir();
      try {
        const started = await launch(command, dir);
        record(key, started);
        exitStatuses.add(await started.stop());
      } finally {
        if (!dataDir) rmSync(dir, { recursive: true, force: true });
      }
    }
    log(
      `run ${run}/${RUNS}: ${Object.entries(times)
        .map(([key, values]) => `${key} ${Math.round(values.at(-1)!)} ms`)
        .join(', ')}; server at rest ${round(serverRss.at(-1)!)} MB`,
    );
  }

  const startup = Object.fromEntries(
    Object.entries(times).map(([key, values]) => [key, summary(values)]),
  );
  const cpuMs = Object.fromEntries(
    Object.entries(cpu).map(([key, values]) => [key, summary(values)]),
  );
  const memory = {
    serverRssAtRestMb: round(percentile(serverRss, 50)),
    npmStartTreeRssAtRestMb: round(percentile(treeRss, 50)),
    processesInTree: [...treeSizes],
  };
  const npmExisting = startup.npmStartExisting!.median;
  const nodeExisting = startup.nodeExisting!.median;
  for (const [key, values] of Object.entries(startup))
    console.log(
      `${key}: median ${values.median} ms (${values.min}–${values.max}), CPU ${cpuMs[key]!.median} ms`,
    );
  console.log(
    `at rest after ${REST_MS / 1000} s: server ${memory.serverRssAtRestMb} MB RSS, the whole npm start tree ${memory.npmStartTreeRssAtRestMb} MB`,
  );
  return {
    figures: {
      runs: RUNS,
      method: {
        timing:
          'from spawning the command until GET /api/health first answers 200 (polled every 20 ms); embedded database (PGlite), LOG_LEVEL=warn, web app and server already built',
        cpu: 'user + system CPU time of the launched process tree when /api/health first answered (/proc/<pid>/stat): what the start costs whatever else loads the machine',
        existing: 'a data directory holding the demo organisation (5,000 leads), started before',
        empty: 'a new empty data directory each run (migrations, secrets generated)',
        memory: `VmRSS from /proc after ${REST_MS / 1000} s at rest; the tree is npm, node scripts/start.mjs and the server`,
        commands: Object.fromEntries(Object.entries(COMMANDS).map(([key, c]) => [key, c.name])),
      },
      startupMs: startup,
      cpuMsToHealth: cpuMs,
      memory,
      exitStatuses: [...exitStatuses],
    },
    targets: [
      target(
        'npm start, existing data',
        'median ms to /api/health',
        `≤ ${TARGET_MS}`,
        npmExisting,
        npmExisting <= TARGET_MS,
      ),
      target(
        'node dist/main.js, existing data',
        'median ms to /api/health',
        `≤ ${TARGET_MS}`,
        nodeExisting,
        nodeExisting <= TARGET_MS,
      ),
    ],
    summary: {
      npmStartExistingMs: npmExisting,
      nodeExistingMs: nodeExisting,
      tsxExistingMs: startup.tsxExisting!.median,
      nodeEmptyMs: startup.nodeEmpty!.median,
      npmStartEmptyMs: startup.npmStartEmpty!.median,
      serverRssAtRestMb: memory.serverRssAtRestMb,
      npmStartExistingCpuMs: cpuMs.npmStartExisting!.median,
      nodeExistingCpuMs: cpuMs.nodeExisting!.median,
    },
  };
});
