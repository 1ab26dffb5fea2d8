import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, smtpSettingsOf } from './mail-servers.ts';

/**
 * The real server as a child process, from its TypeScript (`node --import tsx
 * packages/server/src/main.ts`; the browser tests start the compiled build) on a data directory, or on the PostgreSQL database
 * `databaseUrl`, for tests that stop and restart it.
 */
const root = fileURLToPath(new URL('../../..', import.meta.url));

export type ServerProcess = {
  url: string;
  child: ChildProcess;
  /** Everything it wrote on stdout and stderr so far. */
  output: () => string;
};

export type ServerOptions = {
  dataDir: string;
  databaseUrl?: string;
  /** More environment (BULK_PAUSE_MS, LOG_LEVEL...). */
  env?: Record<string, string>;
  /** How long the start may take (90 s by default; a loaded machine may need more). */
  startTimeoutMs?: number;
};

export const SERVER_SECRETS = {
  JWT_SECRET: 'process-test-jwt-secret-0123456789abcdef',
  SECRET_KEY: 'process-test-secret-key-0123456789abcdef',
};

/** Starts the server and waits until /api/health answers. */
export const startServerProcess = async (options: ServerOptions): Promise<ServerProcess> => {
  const port = await freePort();
  let log = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      WEB_DIST: join(options.dataDir, 'no-web-app'),
      LOG_LEVEL: 'warn',
      REPLY_CHECK_MINUTES: '0',
      ...SERVER_SECRETS,
      ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk) => (log += String(chunk)));
  child.stderr!.on('data', (chunk) => (log += String(chunk)));
  const server = { url: `http://127.0.0.1:${port}`, child, output: () => log };
  const deadline = Date.now() + (options.startTimeoutMs ?? 90_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${log}`);
    const healthy = await fetch(`${server.url}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return server;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
};

/**
 * Sends `signal` and waits for the exit (SIGKILL after `killAfterMs`). Answers how it ended
 * and how long after the signal.
 */
export const stopServerProcess = async (
  server: ServerProcess,
  signal: NodeJS.Signals,
  killAfterMs = 15_000,
): Promise<{ code: number | null; signal: NodeJS.Signals | null; ms: number }> => {
  const { child } = server;
  if (child.exitCode !== null || child.signalCode !== null)
    return { code: child.exitCode, signal: child.signalCode, ms: 0 };
  const exited = once(child, 'exit');
  const sent = performance.now();
  child.kill(signal);
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    exited,
    new Promise((resolve) => (timer = setTimeout(resolve, killAfterMs))),
  ]);
  clearTimeout(timer);
  const ms = performance.now() - sent;
  if (child.exitCode === null && child.signalCode === null) {
    child.kill('SIGKILL');
    await exited;
  }
  return { code: child.exitCode, signal: child.signalCode, ms };
};

/** A JSON request to the server. */
export const callServer = async (
  server: ServerProcess,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
): Promise<{ status: number; json: Record<string, unknown> }> => {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await response.json()) as Record<string, unknown>;
  return { status: response.status, json };
};

/** Signs in; throws with the answer when refused. */
export const signinTo = async (
  server: ServerProcess,
  email: string,
  password: string,
): Promise<string> => {
  const { status, json } = await callServer(server, 'POST', '/api/auth/signin', {
    email,
    password,
  });
  if (status !== 200) throw new Error(`sign-in of ${email} failed: ${JSON.stringify(json)}`);
  return json.token as string;
};

/**
 * The Super Admin (`root`) creates an Admin of a new organisation through the API; answers the
 * Admin's token. Throws with the answer when refused.
 */
export const createAdminOn = async (
  server: ServerProcess,
  root: { email: string; password: string },
  admin: { name: string; email: string; password: string; organizationName: string },
): Promise<string> => {
  const rootToken = await signinTo(server, root.email, root.password);
  const created = await callServer(
    server,
    'POST',
    '/api/auth/signup',
    { ...admin, role: 'Admin' },
    rootToken,
  );
  if (created.status !== 201)
    throw new Error(`signup of ${admin.email}: ${JSON.stringify(created.json)}`);
  return signinTo(server, admin.email, admin.password);
};

/** Creates one lead per address through the API (all of `companyName`); their ids, in order. */
export const createLeadsOn = async (
  server: ServerProcess,
  token: string,
  emails: readonly string[],
  companyName: string,
): Promise<string[]> => {
  const ids: string[] = [];
  for (const [i, email] of emails.entries()) {
    const lead = await callServer(
      server,
      'POST',
      '/api/leads',
      {
        companyName,
        personFirstName: `Lead${i}`,
        personLastName: companyName,
        personEmail: email,
        source: 'Referral',
      },
      token,
    );
    if (lead.status !== 201) throw new Error(`lead ${email}: ${JSON.stringify(lead.json)}`);
    ids.push(lead.json._id as string);
  }
  return ids;
};

/** Saves the SMTP settings of the signed-in user (the test SMTP server on loopback). */
export const configureSmtpOn = async (
  server: ServerProcess,
  token: string,
  smtp: { host: string; port: number; user: string; password: string },
): Promise<void> => {
  const { status, json } = await callServer(
    server,
    'POST',
    '/api/email/config',
    { smtp: smtpSettingsOf(smtp) },
    token,
  );
  if (status !== 200) throw new Error(`SMTP settings refused: ${JSON.stringify(json)}`);
};

/** A leads CSV with the columns the product's template names, one line per row given. */
export const leadsCsv = (rows: readonly string[]): string =>
  ['Company Name,First Name,Last Name,Email,Source', ...rows].join('\n');

/** Uploads a leads CSV; the import's id (the import itself runs in the background). */
export const uploadLeadsOn = async (
  server: ServerProcess,
  token: string,
  name: string,
  csv: string,
): Promise<string> => {
  const form = new FormData();
  form.append('file', new Blob([csv]), name);
  const response = await fetch(`${server.url}/api/leads/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const json = (await response.json()) as { importId: string };
  if (response.status !== 202) throw new Error(`upload refused: ${JSON.stringify(json)}`);
  return json.importId;
};
