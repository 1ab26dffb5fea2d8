// The PostgreSQL server the benchmarks run on, and a database of their own on it.
import pg from 'pg';

/** BENCH_DATABASE_URL, or the local server; only a loopback address is accepted. */
export const serverUrl = (): string => {
  const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const host = new URL(url).hostname;
  if (!['127.0.0.1', 'localhost', '[::1]', '::1'].includes(host))
    throw new Error(`BENCH_DATABASE_URL must point at a loopback address, not ${host}`);
  return url;
};

/** The same server, another database (or port, for a proxy in between). */
export const databaseUrl = (database: string, port?: number): string => {
  const url = new URL(serverUrl());
  url.pathname = `/${database}`;
  if (port) url.port = String(port);
  return url.toString();
};

export const connect = async (url: string): Promise<pg.Client> => {
  const client = new pg.Client({ connectionString: url });
  // A connection ended by the server (the database dropped on an interrupted run) fails the
  // query in progress; as an 'error' event it would end this process before its clean-up.
  client.on('error', () => undefined);
  await client.connect();
  return client;
};

const onServer = async <T>(run: (client: pg.Client) => Promise<T>): Promise<T> => {
  const client = await connect(serverUrl());
  try {
    return await run(client);
  } finally {
    await client.end();
  }
};

export type BenchDatabase = { name: string; url: string; drop: () => Promise<void> };

/**
 * Creates leadline_bench_<name> afresh (a leftover of an interrupted run is dropped first).
 * `drop` removes it, closing any connection still open.
 */
export const createBenchDatabase = async (name: string): Promise<BenchDatabase> => {
  const database = `leadline_bench_${name}`;
  if (!/^[a-z0-9_]+$/.test(database)) throw new Error(`bad database name ${database}`);
  await onServer(async (client) => {
    await client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${database}`);
  });
  return {
    name: database,
    url: databaseUrl(database),
    // BENCH_KEEP_DATABASE=1 leaves it for a look at its plans afterwards (dropped by the next run).
    drop: async () => {
      if (process.env.BENCH_KEEP_DATABASE === '1') return;
      await onServer((client) => client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`));
    },
  };
};

/** Version and the settings that matter for these figures. */
export const postgresFacts = (): Promise<Record<string, string>> =>
  onServer(async (client) => {
    const version = (await client.query<{ v: string }>('SHOW server_version')).rows[0]!.v;
    const facts: Record<string, string> = { postgres: version };
    for (const setting of ['shared_buffers', 'work_mem', 'max_connections', 'jit']) {
      facts[setting] = (await client.query(`SHOW ${setting}`)).rows[0]![setting] as string;
    }
    return facts;
  });

/** A bench database an earlier run kept (BENCH_KEEP_DATABASE=1); an error when there is none. */
export const benchDatabaseExisting = async (name: string) => {
  const database = `leadline_bench_${name}`;
  const url = databaseUrl(database);
  const client = await connect(url);
  await client.end();
  return {
    name: database,
    url,
    /** The user id and organisation id of the user with this email. */
    adminOf: async (email: string): Promise<[string, string]> => {
      const reader = await connect(url);
      try {
        const { rows } = await reader.query<{ id: string; organization_id: string }>(
          'SELECT id, organization_id FROM users WHERE email = $1',
          [email],
        );
        if (!rows[0]) throw new Error(`${database} has no user ${email}`);
        return [rows[0].id, rows[0].organization_id];
      } finally {
        await reader.end();
      }
    },
  };
};
