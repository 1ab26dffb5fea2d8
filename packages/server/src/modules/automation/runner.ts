import type { Db } from '../../db/connection.ts';
import { createWorkPool } from '../../jobs/pool.ts';
import type { SystemMailer } from '../system-mail/mailer.ts';
import { claimRuns, releaseRuns } from './claim.ts';
import { executeRun } from './engine.ts';
import type { RunRow } from './repo.ts';

/** Runs one process has under way at most, each finishing on its own. */
export const RUNS_IN_FLIGHT = 16;
/**
 * Runs one organisation may have under way in one process: whatever one organisation's backlog
 * (an import's thousands of runs) or slow webhooks, the other organisations find free slots.
 */
export const RUNS_PER_ORGANIZATION = 8;
/** How often each process looks for due rule runs when there were none. */
export const AUTOMATION_POLL_MS = 500;

/** The Automation runner of one process: its pool of runs under way. */
export type Runner = {
  /**
   * One pass: claims due runs for the room the pool has (round-robin across organisations)
   * and starts each; answers whether there is more to do at once. A stopping process
   * (`signal`) claims nothing more.
   */
  pass: (signal: AbortSignal) => Promise<boolean>;
  /** Waits for the runs under way; those not started yet are handed back. */
  drain: () => Promise<void>;
  inFlight: () => number;
};

export const createRunner = (
  db: Db,
  mailer: SystemMailer | undefined,
  onError: (error: Error) => void,
): Runner => {
  const pool = createWorkPool({
    size: RUNS_IN_FLIGHT,
    perKey: { organization: RUNS_PER_ORGANIZATION },
    onError,
  });
  /**
   * The last run started for each lead in this process: a run waits for the one before it
   * about the same lead, so that one lead's runs act in event order, as they did one at a time.
   */
  const lastOfLead = new Map<string, Promise<void>>();
  let stopping: AbortSignal | undefined;
  const run = async (claimed: RunRow, before: Promise<void> | undefined) => {
    if (before) await before;
    // A stopping process hands back what it has not started.
    if (stopping?.aborted) return releaseRuns(db, [claimed.id]);
    await executeRun(db, claimed, mailer);
  };
  const start = (claimed: RunRow) => {
    const before = claimed.leadId ? lastOfLead.get(claimed.leadId) : undefined;
    const done = new Promise<void>((resolve) =>
      pool.start({ organization: claimed.organizationId }, () =>
        run(claimed, before).finally(resolve),
      ),
    );
    const { leadId } = claimed;
    if (!leadId) return;
    lastOfLead.set(leadId, done);
    void done.then(() => {
      if (lastOfLead.get(leadId) === done) lastOfLead.delete(leadId);
    });
  };
  return {
    pass: async (signal) => {
      stopping = signal;
      if (signal.aborted) return false;
      if (pool.room() === 0) await pool.settled(AUTOMATION_POLL_MS, signal);
      if (signal.aborted || pool.room() === 0) return !signal.aborted;
      const runs = await claimRuns(db, {
        limit: pool.room(),
        perOrganization: RUNS_PER_ORGANIZATION,
        inFlight: pool.inFlight('organization'),
      });
      for (const claimed of runs) start(claimed);
      if (runs.length > 0) return true;
      // Nothing claimable now: a run ending may give its organisation room again before the
      // idle poll; the pass waits for that (or the poll's time) first.
      if (pool.running() === 0) return false;
      await pool.settled(AUTOMATION_POLL_MS, signal);
      return !signal.aborted;
    },
    drain: () => pool.idle(),
    inFlight: () => pool.running(),
  };
};
