// The statements the server sends for a request, read off the wire, and their cost run bare.
import type { RunningServer } from '../../e2e/support/server.ts';
import { startCapture } from './pg-capture.ts';
import type { Statement } from './pg-capture.ts';
import { connect, databaseUrl, serverUrl } from './postgres.ts';
import { ADMIN_PASSWORD, api, signIn, startProduct } from './product.ts';
import { latencySummary } from './run.ts';
import type { Context } from './run.ts';

/**
 * A second server process, pointed at a recording proxy in front of PostgreSQL, answers each
 * of `paths` (`times` times in a row, the statements of the last kept) and is stopped. Only the
 * statements `keep` accepts are kept (the guard's read of the signed-in user is left out).
 */
export const captureStatements = async (
  { defer }: Context,
  database: string,
  email: string,
  paths: readonly string[],
  keep: (statement: Statement) => boolean,
  times = 1,
): Promise<Map<string, Statement[]>> => {
  const postgres = new URL(serverUrl());
  const capture = await startCapture({
    host: postgres.hostname,
    port: Number(postgres.port || 5432),
  });
  const closeCapture = defer(capture.close);
  try {
    const server: RunningServer = await startProduct(databaseUrl(database, capture.port));
    const stopServer = defer(server.stop);
    try {
      const token = await signIn(server, email, ADMIN_PASSWORD);
      const found = new Map<string, Statement[]>();
      for (const path of paths) {
        for (let i = 0; i < times; i += 1) {
          capture.statements.length = 0;
          await api(server, path, { token, timeoutMs: 120_000 });
        }
        found.set(path, capture.statements.filter(keep));
      }
      return found;
    } finally {
      await stopServer();
    }
  } finally {
    await closeCapture();
  }
};

/** The statements one after another on one connection, `runs` times: their own cost. */
export const bareTimings = async (url: string, statements: readonly Statement[], runs: number) => {
  const client = await connect(url);
  try {
    const latencies: number[] = [];
    for (let i = 0; i < runs; i += 1) {
      const started = performance.now();
      for (const statement of statements)
        await client.query({ text: statement.sql, values: statement.params, rowMode: 'array' });
      latencies.push(performance.now() - started);
    }
    return latencySummary(latencies);
  } finally {
    await client.end();
  }
};

/** EXPLAIN (ANALYZE, BUFFERS) of a captured statement: its plan, line by line. */
export const explain = async (url: string, statement: Statement): Promise<string[]> => {
  const client = await connect(url);
  try {
    const { rows } = await client.query<{ 'QUERY PLAN': string }>(
      `EXPLAIN (ANALYZE, BUFFERS) ${statement.sql}`,
      statement.params,
    );
    return rows.map((row) => row['QUERY PLAN']);
  } finally {
    await client.end();
  }
};

/** The execution time an EXPLAIN ANALYZE plan reports. */
export const executionMs = (plan: string[]) =>
  Number(/Execution Time: ([\d.]+) ms/.exec(plan.join('\n'))?.[1] ?? Number.NaN);
