/**
 * A worker's hold on a piece of durable work (an import, a bulk run): a row's lease owner and
 * its expiry, renewed while the worker runs. A second worker (in this process or another)
 * never runs the work while the lease is alive; once the process holding it dies, the lease
 * lapses and the next worker takes it over.
 */
export type Lease<T> = {
  /** Takes the work for `owner`: the row, or undefined when it is finished or held by another. */
  claim: () => Promise<T | undefined>;
  /** Whether the work still waits to be done (so that a held lease is worth waiting for). */
  running: () => Promise<boolean>;
  /** How long a lease lasts without renewal. */
  leaseSeconds: number;
  signal?: AbortSignal;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Takes the work, waiting while another worker's lease is alive (a job queued at start-up can
 * arrive while the killed process's lease has not lapsed yet). Gives up after two lease
 * lengths during which the lease kept being renewed (a live worker holds it), when the work
 * has ended, or when the process stops (`signal`).
 */
export const acquireLease = async <T>(lease: Lease<T>): Promise<T | undefined> => {
  const deadline = Date.now() + (2 * lease.leaseSeconds + 5) * 1000;
  for (;;) {
    if (lease.signal?.aborted) return undefined;
    const row = await lease.claim();
    if (row) return row;
    if (!(await lease.running()) || Date.now() > deadline) return undefined;
    await sleep(1000);
  }
};

/**
 * Renews the lease every quarter of its length until `stop` is called; `lost` runs once when
 * the renewal finds that the worker no longer holds it.
 */
export const keepLease = (
  renew: () => Promise<boolean>,
  leaseSeconds: number,
  lost: () => void,
): { stop: () => void } => {
  let done = false;
  const timer = setInterval(
    () => {
      renew()
        .then((held) => {
          if (!held && !done) {
            done = true;
            lost();
          }
        })
        .catch(() => undefined);
    },
    (leaseSeconds * 1000) / 4,
  );
  timer.unref();
  return { stop: () => clearInterval(timer) };
};
