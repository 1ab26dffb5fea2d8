// Load generators: autocannon against an HTTP endpoint, and the same concurrency of bare SQL
// through node-postgres.
import type { EventEmitter } from 'node:events';
import autocannon from 'autocannon';
import pg from 'pg';
import { countCpu, perRequest } from './cpu.ts';
import type { CpuUse } from './cpu.ts';
import type { Statement } from './pg-capture.ts';
import { latencySummary, round } from './run.ts';

export type HttpLoad = {
  connections: number;
  seconds: number;
  requests: number;
  requestsPerSecond: number;
  non2xx: number;
  errors: number;
  /** Exact percentiles of every response's latency (ms), from autocannon's response events. */
  latencyMs: ReturnType<typeof latencySummary>;
  /** autocannon's own histogram percentiles (ms), for comparison. */
  autocannonLatencyMs: { p50: number; p90: number; p97_5: number; p99: number; max: number };
  cpu: Cpu;
};

export type Cpu = CpuUse & { perRequest: ReturnType<typeof perRequest> };

const cannon = (options: autocannon.Options, onLatency?: (ms: number, status: number) => void) =>
  new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(options, (error: unknown, result: autocannon.Result) =>
      error ? reject(error as Error) : resolve(result),
    );
    // The instance emits (client, statusCode, bytes, responseTime); @types has it one short.
    if (onLatency)
      (instance as unknown as EventEmitter).on(
        'response',
        (_client: unknown, status: number, _bytes: number, ms: number) => onLatency(ms, status),
      );
  });

/** `warmupSeconds` of the same load (discarded), then `seconds` measured. */
export const httpLoad = async (options: {
  url: string;
  token: string;
  connections: number;
  seconds: number;
  warmupSeconds: number;
  serverPid: number;
}): Promise<HttpLoad> => {
  const base = {
    url: options.url,
    connections: options.connections,
    headers: { authorization: `Bearer ${options.token}` },
    timeout: 30,
  };
  await cannon({ ...base, duration: options.warmupSeconds });
  const latencies: number[] = [];
  const counting = countCpu(options.serverPid);
  const result = await cannon({ ...base, duration: options.seconds }, (ms, status) => {
    if (status >= 200 && status < 300) latencies.push(ms);
  });
  const cpu = counting.stop();
  return {
    connections: options.connections,
    seconds: options.seconds,
    requests: result.requests.total,
    requestsPerSecond: round(result.requests.total / options.seconds),
    non2xx: result.non2xx,
    errors: result.errors,
    latencyMs: latencySummary(latencies),
    autocannonLatencyMs: {
      p50: result.latency.p50,
      p90: result.latency.p90,
      p97_5: result.latency.p97_5,
      p99: result.latency.p99,
      max: result.latency.max,
    },
    cpu: { ...cpu, perRequest: perRequest(cpu, result.requests.total) },
  };
};

export type SqlLoad = {
  workers: number;
  poolSize: number;
  seconds: number;
  /** Rounds of the statements (one request's worth each). */
  requests: number;
  requestsPerSecond: number;
  /** Latency of one round (the statements of one request, side by side), ms. */
  latencyMs: ReturnType<typeof latencySummary>;
  cpu: Cpu;
};

/**
 * `workers` loops, each running the statements of one request side by side through a pool of
 * `poolSize` connections (the server's pool), for `seconds`.
 */
export const sqlLoad = async (options: {
  url: string;
  statements: readonly Statement[];
  workers: number;
  poolSize: number;
  seconds: number;
  serverPid: number;
}): Promise<SqlLoad> => {
  const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize });
  pool.on('error', () => undefined); // see connect() in postgres.ts
  try {
    // Open the connections before the clock starts, as the server's pool already has them.
    const warm = await Promise.all(Array.from({ length: options.poolSize }, () => pool.connect()));
    for (const client of warm) client.release();
    const latencies: number[] = [];
    const end = Date.now() + options.seconds * 1000;
    const worker = async () => {
      while (Date.now() < end) {
        const started = performance.now();
        await Promise.all(
          options.statements.map((s) =>
            pool.query({ text: s.sql, values: s.params, rowMode: 'array' }),
          ),
        );
        latencies.push(performance.now() - started);
      }
    };
    const started = Date.now();
    const counting = countCpu(options.serverPid);
    await Promise.all(Array.from({ length: options.workers }, worker));
    const cpu = counting.stop();
    const seconds = (Date.now() - started) / 1000;
    return {
      workers: options.workers,
      poolSize: options.poolSize,
      seconds: round(seconds),
      requests: latencies.length,
      requestsPerSecond: round(latencies.length / seconds),
      latencyMs: latencySummary(latencies),
      cpu: { ...cpu, perRequest: perRequest(cpu, latencies.length) },
    };
  } finally {
    await pool.end();
  }
};
