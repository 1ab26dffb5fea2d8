// Where the CPU time of a measurement went, read from /proc: the server process, PostgreSQL
// (every postgres process, plus the children the postmaster has reaped: ended backends and
// parallel workers), this process (the load generator), and everything else on the machine.
import { readFileSync, readdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';

const TICKS_PER_SECOND = 100; // getconf CLK_TCK on Linux

/** utime, stime, cutime, cstime of a process, in seconds. */
const times = (pid: number) => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after "pid (comm) ": state is field 3, so field n is at index n - 3.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const at = (field: number) => Number(fields[field - 3]) / TICKS_PER_SECOND;
  return { own: at(14) + at(15), children: at(16) + at(17), parent: Number(fields[1]) };
};

const postgresSeconds = (): number => {
  const processes = new Map<number, ReturnType<typeof times>>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres')
        processes.set(Number(entry), times(Number(entry)));
    } catch {
      // ended meanwhile
    }
  }
  let total = 0;
  for (const postgres of processes.values()) {
    total += postgres.own;
    // The postmaster (whose parent is no postgres process) holds its reaped children's time.
    if (!processes.has(postgres.parent)) total += postgres.children;
  }
  return total;
};

/** Busy seconds of all cores together (everything but idle and iowait). */
const machineSeconds = (): number => {
  const [, ...values] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
  const [user, nice, system, , , irq, softirq, steal] = values.map(Number) as number[];
  return (user! + nice! + system! + irq! + softirq! + steal!) / TICKS_PER_SECOND;
};

type Snapshot = { wall: number; server: number; postgres: number; bench: number; machine: number };

const snapshot = (serverPid: number): Snapshot => {
  const usage = process.cpuUsage();
  return {
    wall: performance.now() / 1000,
    server: times(serverPid).own,
    postgres: postgresSeconds(),
    bench: (usage.user + usage.system) / 1e6,
    machine: machineSeconds(),
  };
};

export type CpuUse = {
  wallSeconds: number;
  /** CPU seconds used meanwhile, and the share of the machine's cores (100 % = all cores). */
  serverSeconds: number;
  postgresSeconds: number;
  loadGeneratorSeconds: number;
  otherProcessesSeconds: number;
  machineBusyPercent: number;
};

/** Starts counting; `stop` answers the CPU time each part used since. */
export const countCpu = (serverPid: number) => {
  const before = snapshot(serverPid);
  return {
    stop: (): CpuUse => {
      const after = snapshot(serverPid);
      const used = (key: keyof Snapshot) => Math.round((after[key] - before[key]) * 100) / 100;
      const wall = after.wall - before.wall;
      const ours = used('server') + used('postgres') + used('bench');
      return {
        wallSeconds: Math.round(wall * 10) / 10,
        serverSeconds: used('server'),
        postgresSeconds: used('postgres'),
        loadGeneratorSeconds: used('bench'),
        otherProcessesSeconds: Math.max(0, Math.round((used('machine') - ours) * 100) / 100),
        machineBusyPercent: Math.round((used('machine') / (wall * availableParallelism())) * 100),
      };
    },
  };
};

/** CPU milliseconds per request (or per request pair) of each part. */
export const perRequest = (cpu: CpuUse, requests: number) => {
  const ms = (seconds: number) => Math.round((seconds / Math.max(1, requests)) * 1e5) / 100;
  return {
    serverMs: ms(cpu.serverSeconds),
    postgresMs: ms(cpu.postgresSeconds),
    loadGeneratorMs: ms(cpu.loadGeneratorSeconds),
  };
};
