import { HttpError } from './errors.ts';

/** The server is too busy to take this now: 503, and when to come back in Retry-After. */
export class ServerBusy extends HttpError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(503, message);
  }
}

export type WorkQueueOptions = {
  /** Tasks run at once; the others wait their turn, first come first served. */
  concurrency: number;
  /**
   * A task whose expected wait (tasks ahead × their average duration / concurrency) is longer
   * than this is refused at once with ServerBusy instead of waiting.
   */
  maxWaitMs: number;
  /** What a task is assumed to take before any has been timed. */
  initialTaskMs: number;
  /** The message of the refusal. */
  busyMessage: string;
};

/**
 * A fair queue for costly work (password hashing): at most `concurrency` tasks run, the others
 * wait in arrival order, and a task that would wait longer than `maxWaitMs` is refused with a
 * 503 telling when to come back, so that a burst is answered quickly rather than left hanging.
 * The average task duration is learnt as tasks end (it grows when the machine is loaded).
 */
export const createWorkQueue = (options: WorkQueueOptions) => {
  let running = 0;
  let averageMs = options.initialTaskMs;
  const waiting: (() => void)[] = [];

  const expectedWaitMs = () => ((waiting.length + 1) * averageMs) / options.concurrency;

  /** A finished task's slot passes straight to the first in line, or is freed. */
  const next = () => {
    const first = waiting.shift();
    if (first) first();
    else running -= 1;
  };

  /**
   * Waits for a slot (or refuses at once with ServerBusy when the wait would be too long) and
   * answers the function that gives it back; call it exactly once, when the work is done.
   */
  const acquire = async (): Promise<() => void> => {
    if (running >= options.concurrency) {
      const wait = expectedWaitMs();
      if (wait > options.maxWaitMs) {
        // The later in a long queue, the later the suggested return, so that the refused
        // do not all come back at the same moment.
        throw new ServerBusy(options.busyMessage, Math.max(1, Math.ceil(wait / 1000)));
      }
      await new Promise<void>((resolve) => waiting.push(resolve));
    } else {
      running += 1;
    }
    const started = performance.now();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      averageMs = averageMs * 0.8 + (performance.now() - started) * 0.2;
      next();
    };
  };

  return {
    acquire,
    async run<T>(task: () => Promise<T>): Promise<T> {
      const release = await acquire();
      try {
        return await task();
      } finally {
        release();
      }
    },
    /** Tasks running and waiting now. */
    load: () => ({ running, waiting: waiting.length, averageMs }),
  };
};

export type WorkQueue = ReturnType<typeof createWorkQueue>;
