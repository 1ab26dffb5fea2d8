import './thread-pool.ts';
import { join } from 'node:path';
import { buildApp } from './app.ts';
import { readConfig } from './config.ts';
import { openDatabase } from './db/connection.ts';
import { DataDirLockedError } from './db/lock.ts';
import { startJobQueue } from './jobs/queue.ts';
import { registerJobs } from './background.ts';
import { serverPackageDir } from './lib/package-dir.ts';
import { loadSecret } from './lib/secrets.ts';
import { createTokenService } from './lib/tokens.ts';
import { ensureSuperAdmin, needsFirstAdmin } from './modules/auth/service.ts';
import { importBatchesInFlight } from './modules/imports/jobs.ts';
import { createSystemMailer } from './modules/system-mail/mailer.ts';
import { DEMO_ORGANIZATION, seedDemo } from './seed/demo.ts';
import { warmUp } from './warm-up.ts';
import { readConcurrency } from './plugins/read-gate.ts';

/** On SIGTERM, how long running jobs have to finish or hand back their work. */
const JOB_GRACE_MS = 6_000;
/** The last resort: the process exits this long after SIGTERM whatever still runs. */
const HARD_EXIT_MS = 9_500;

const main = async () => {
  const config = readConfig(process.env, process.argv.slice(2));
  const jwtSecret = loadSecret('jwt', config.jwtSecret, config.dataDir);
  const secretKey = loadSecret('secret', config.secretKey, config.dataDir);
  const database = await openDatabase(config);
  // Until the server's logger exists, the queue reports to the console.
  let reportQueueError = (error: Error) => console.error('job queue error', error);
  const queue = await startJobQueue(database, (error) => reportQueueError(error));
  const systemMailer = config.systemMail && createSystemMailer(config.systemMail);
  const app = await buildApp({
    db: database.db,
    queue,
    tokens: createTokenService(jwtSecret),
    secretKey,
    logLevel: config.logLevel,
    webDist: config.webDist ?? join(serverPackageDir, '../web/dist'),
    trustProxy: config.trustProxy,
    publicUrl: config.publicUrl,
    systemMail: systemMailer && { mailer: systemMailer, publicUrl: config.publicUrl },
    readGate: { concurrency: readConcurrency(database.kind) },
  });
  const log = app.log;
  reportQueueError = (error) => log.error({ err: error }, 'job queue error');
  await registerJobs(database.db, queue, {
    secretKey,
    publicUrl: config.publicUrl,
    bulkPauseMs: config.bulkPauseMs,
    replyCheckMinutes: config.replyCheckMinutes,
    auditRetentionDays: config.auditRetentionDays,
    importBatchesInFlight: importBatchesInFlight(database.kind),
    systemMailer,
  });
  if (await ensureSuperAdmin(database.db, config.superAdmin)) {
    log.info(`Super Admin ${config.superAdmin!.email} created from SUPERADMIN_EMAIL`);
  }
  if (config.demo && (await seedDemo(database.db, !(await needsFirstAdmin(database.db))))) {
    log.info(`Demo organisation "${DEMO_ORGANIZATION}" loaded`);
  }

  let stopping = false;
  /**
   * SIGTERM / SIGINT: no new request or job is taken; the jobs under way get their abort signal
   * and finish the email in flight or hand their work back (reservations withdrawn, leases
   * released, jobs queued again), so that the next start resumes them at once; then the
   * database closes. Should anything hang, the process exits anyway within 10 s.
   */
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal}: stopping (work under way is finished or handed back)`);
    const hardExit = setTimeout(() => {
      log.error(
        `${signal}: not stopped after ${HARD_EXIT_MS / 1000} s, exiting anyway (unfinished jobs are retried at the next start)`,
      );
      process.exit(1);
    }, HARD_EXIT_MS);
    hardExit.unref();
    const [, jobs] = await Promise.all([
      app.close().catch((error: unknown) => log.error({ err: error }, 'closing the HTTP server')),
      queue.stop(JOB_GRACE_MS).catch((error: unknown) => {
        log.error({ err: error }, 'stopping the job queue');
        return { underWay: [], overran: [] };
      }),
    ]);
    if (jobs.overran.length > 0)
      log.warn(
        `${signal}: jobs still running after ${JOB_GRACE_MS / 1000} s were left to be retried at the next start: ${jobs.overran.join(', ')}`,
      );
    await database
      .close()
      .catch((error: unknown) => log.error({ err: error }, 'closing the database'));
    log.info(
      `${signal}: stopped${jobs.underWay.length > 0 ? ` (jobs handed back or finished: ${jobs.underWay.join(', ')})` : ''}`,
    );
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  // Ready before the first request: a burst at the moment of listening finds nothing lazy left.
  await database.warm?.();
  await warmUp(app);
  await app.listen({ port: config.port, host: config.host });
  log.info(
    `Leadline is running on http://localhost:${config.port} (${database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL'})`,
  );
};

main().catch((error: unknown) => {
  if (
    error instanceof DataDirLockedError ||
    (error instanceof Error && error.message.startsWith('Invalid configuration'))
  ) {
    console.error(error.message);
  } else {
    console.error('Leadline failed to start:', error);
  }
  process.exit(1);
});
