// The product as the benchmarks drive it: started on loopback against a bench database, an
// Admin of one organisation created through the API, and the server process's memory read
// from /proc.
import { readFileSync, readdirSync } from 'node:fs';
import { startServer } from '../../e2e/support/server.ts';
import type { RunningServer } from '../../e2e/support/server.ts';

const SUPER_ADMIN = { email: 'bench-root@example.com', password: 'bench-root-password' };
export const ADMIN_PASSWORD = 'bench-admin-password';

/** The server with DATABASE_URL set to `databaseUrl` (never a database of startServer's own). */
export const startProduct = (
  databaseUrl: string,
  extra: { env?: Record<string, string>; ownPublicUrl?: boolean } = {},
): Promise<RunningServer> => {
  // startServer would create (and drop) a database of its own when this is set.
  delete process.env.TEST_DATABASE_URL;
  return startServer({
    ownPublicUrl: extra.ownPublicUrl,
    env: {
      ...extra.env,
      DATABASE_URL: databaseUrl,
      SUPERADMIN_EMAIL: SUPER_ADMIN.email,
      SUPERADMIN_PASSWORD: SUPER_ADMIN.password,
      // The benchmarks' SMTP server and webhook receivers listen on loopback, which the product
      // refuses by default.
      MAIL_ALLOW_PRIVATE_HOSTS: '1',
      WEBHOOK_ALLOW_PRIVATE_HOSTS: '1',
      // Nothing listens there: the sender domain check never asks real DNS during a benchmark.
      DNS_SERVERS: '127.0.0.1:9',
    },
  });
};

/** The server on its embedded database (PGlite in a fresh DATA_DIR), as `npm start` runs it. */
export const startEmbeddedProduct = (env: Record<string, string> = {}): Promise<RunningServer> => {
  delete process.env.TEST_DATABASE_URL;
  delete process.env.DATABASE_URL;
  return startServer({
    env: {
      ...env,
      SUPERADMIN_EMAIL: SUPER_ADMIN.email,
      SUPERADMIN_PASSWORD: SUPER_ADMIN.password,
      DNS_SERVERS: '127.0.0.1:9',
    },
  });
};

/** POST /api/leads/upload; answers the import's id (the job runs in the background). */
export const uploadLeads = async (
  server: RunningServer,
  token: string,
  filename: string,
  file: Buffer,
): Promise<string> => {
  const form = new FormData();
  form.append('file', new Blob([file]), filename);
  const response = await fetch(`${server.url}/api/leads/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
    signal: AbortSignal.timeout(300_000),
  });
  const body = await response.text();
  if (response.status !== 202) throw new Error(`upload of ${filename}: ${response.status} ${body}`);
  return (JSON.parse(body) as { importId: string }).importId;
};

export const api = async <T>(
  server: RunningServer,
  path: string,
  init: { method?: string; token?: string; body?: unknown; timeoutMs?: number } = {},
): Promise<T> => {
  const response = await fetch(`${server.url}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    signal: AbortSignal.timeout(init.timeoutMs ?? 60_000),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${text}`);
  return JSON.parse(text) as T;
};

export const signIn = async (
  server: RunningServer,
  email: string,
  password: string,
): Promise<string> =>
  (
    await api<{ token: string }>(server, '/api/auth/signin', {
      method: 'POST',
      body: { email, password },
    })
  ).token;

export type Admin = { email: string; token: string; userId: string; organization: string };

/**
 * An Admin of `organization`, created by the Super Admin (SUPERADMIN_EMAIL) with
 * POST /api/auth/signup, then signed in.
 */
export const createAdmin = async (server: RunningServer, organization: string): Promise<Admin> => {
  const root = await signIn(server, SUPER_ADMIN.email, SUPER_ADMIN.password);
  const email = `admin@${organization}.example`;
  const { user } = await api<{ user: { id: string } }>(server, '/api/auth/signup', {
    method: 'POST',
    token: root,
    body: {
      name: 'Bench Admin',
      email,
      password: ADMIN_PASSWORD,
      role: 'Admin',
      organizationName: organization,
    },
  });
  return {
    email,
    token: await signIn(server, email, ADMIN_PASSWORD),
    userId: user.id,
    organization,
  };
};

/**
 * The pid of the server process. startServer spawns `node .../dist/main.js` with a DATA_DIR of
 * its own (a fresh temporary directory), so the one process whose environment holds that
 * DATA_DIR and whose command line runs main.js is the server.
 */
export const serverPid = (server: RunningServer): number => {
  const marker = `DATA_DIR=${server.dataDir}\0`;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (!cmdline.includes('packages/server/dist/main.js')) continue;
      if (readFileSync(`/proc/${entry}/environ`, 'utf8').includes(marker)) return Number(entry);
    } catch {
      // the process ended, or is not ours to read
    }
  }
  throw new Error(`no server process with DATA_DIR ${server.dataDir} found in /proc`);
};

/** VmRSS (now) and VmHWM (the peak since the process started), in MB. */
export const memoryOf = (pid: number): { rssMb: number; peakMb: number } => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) =>
    Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]);
  return { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 };
};

/** Samples VmRSS every `everyMs` until stopped; returns the highest value seen, in MB. */
export const sampleRss = (pid: number, everyMs = 100) => {
  let max = memoryOf(pid).rssMb;
  let samples = 1;
  const timer = setInterval(() => {
    try {
      max = Math.max(max, memoryOf(pid).rssMb);
      samples += 1;
    } catch {
      // the process is gone; the caller will notice
    }
  }, everyMs);
  return {
    stop: () => {
      clearInterval(timer);
      max = Math.max(max, memoryOf(pid).rssMb);
      return { maxRssMb: max, samples };
    },
  };
};
