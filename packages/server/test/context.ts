import { Writable } from 'node:stream';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { PublicUser, SignupInput } from '@leadline/shared/auth';
import { buildApp } from '../src/app.ts';
import type { AppDeps } from '../src/app.ts';
import type { Database } from '../src/db/connection.ts';
import { startJobQueue } from '../src/jobs/queue.ts';
import type { JobQueue } from '../src/jobs/queue.ts';
import { registerJobs } from '../src/background.ts';
import type { JobDeps } from '../src/background.ts';
import { createTokenService } from '../src/lib/tokens.ts';
import { createFirstSuperAdmin } from '../src/modules/auth/service.ts';
import { importBatchesInFlight } from '../src/modules/imports/jobs.ts';
import { openTestDatabase } from './db.ts';

export const PASSWORD = 'correct-horse-battery';
export const ROOT_EMAIL = 'root@example.com';
/** SECRET_KEY of the test server (encrypts stored mail passwords). */
export const TEST_SECRET_KEY = 'test-secret-key-for-mail-passwords-0123456789';
/** PUBLIC_URL of the test server (unsubscribe links). */
export const TEST_PUBLIC_URL = 'https://crm.leadline.test';

export type TestContext = {
  app: FastifyInstance;
  database: Database;
  queue: JobQueue;
  logs: string[];
  request: (options: InjectOptions & { token?: string }) => Promise<LightMyRequestResponse>;
  signin: (email: string, password?: string) => Promise<string>;
  rootToken: () => Promise<string>;
  /** Creates an active user through the API as the Super Admin; returns the user and a token. */
  createUser: (
    input: Partial<SignupInput> & { role: SignupInput['role'] },
  ) => Promise<{ user: PublicUser; token: string }>;
  close: () => Promise<void>;
};

let counter = 0;
export const uniqueEmail = (prefix = 'user') => `${prefix}-${process.pid}-${++counter}@example.com`;

export const createTestContext = async (
  options: {
    limits?: AppDeps['limits'];
    apiKeyLimit?: AppDeps['apiKeyLimit'];
    withRoot?: boolean;
    jobs?: Partial<JobDeps>;
    systemMail?: AppDeps['systemMail'];
    trustProxy?: AppDeps['trustProxy'];
  } = {},
): Promise<TestContext> => {
  const database = await openTestDatabase();
  const logs: string[] = [];
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      logs.push(String(chunk));
      done();
    },
  });
  const queue = await startJobQueue(database, (error) =>
    logs.push(`job queue error: ${error.message}`),
  );
  await registerJobs(database.db, queue, {
    secretKey: TEST_SECRET_KEY,
    publicUrl: TEST_PUBLIC_URL,
    bulkPauseMs: 0,
    replyCheckMinutes: 0,
    importBatchesInFlight: importBatchesInFlight(database.kind),
    ...options.jobs,
  });
  const app = await buildApp({
    db: database.db,
    queue,
    tokens: createTokenService('test-secret-test-secret-test-secret-1234'),
    secretKey: TEST_SECRET_KEY,
    logLevel: 'info',
    logStream,
    limits: options.limits ?? {
      signin: { max: 10_000, timeWindow: 60_000 },
      signup: { max: 10_000, timeWindow: 60_000 },
    },
    systemMail: options.systemMail,
    trustProxy: options.trustProxy,
    apiKeyLimit: options.apiKeyLimit,
  });
  if (options.withRoot !== false) {
    await createFirstSuperAdmin(database.db, {
      name: 'Root',
      email: ROOT_EMAIL,
      password: PASSWORD,
    });
  }

  const request: TestContext['request'] = ({ token, headers, ...rest }) =>
    app.inject({
      ...rest,
      headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });

  const signin = async (email: string, password = PASSWORD) => {
    const response = await request({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email, password },
    });
    if (response.statusCode !== 200)
      throw new Error(`sign-in of ${email} failed: ${response.body}`);
    return response.json().token as string;
  };

  let root: string | undefined;
  const rootToken = async () => (root ??= await signin(ROOT_EMAIL));

  const createUser: TestContext['createUser'] = async (input) => {
    const email = input.email ?? uniqueEmail(input.role.toLowerCase().replace(/\s+/g, '-'));
    const response = await request({
      method: 'POST',
      url: '/api/auth/signup',
      token: await rootToken(),
      payload: { name: 'Test User', password: PASSWORD, organizationName: 'acme', ...input, email },
    });
    if (response.statusCode !== 201) throw new Error(`creating ${email} failed: ${response.body}`);
    return { user: response.json().user, token: await signin(email) };
  };

  return {
    app,
    database,
    queue,
    logs,
    request,
    signin,
    rootToken,
    createUser,
    close: async () => {
      await app.close();
      await queue.stop();
      await database.close();
    },
  };
};
