import { isIPv6 } from 'node:net';
import { HttpError, TooManyRequests } from '../../lib/errors.ts';
import { PASSWORDS_BUSY } from '../../lib/passwords.ts';
import { ServerBusy } from '../../lib/work-queue.ts';

/** How long a sign-in waits for the tries in flight from its address or account. */
const PENDING_WAIT_MS = 2000;

/** At most `max` events per `timeWindow` milliseconds. */
export type RateLimit = { max: number; timeWindow: number };

/** A refusal: how many seconds until the next try is let through. */
export { TooManyRequests as TooManyAttempts };

/** Keys kept at most (one per address or account); beyond, the oldest are forgotten. */
const MAX_KEYS = 100_000;

type Entry = { events: number[]; blockedUntil: number };

/**
 * Counts events (failed sign-ins, sign-ups) per key in a sliding window, in this process's
 * memory. `delays` given: once `max` events fall in the window, every further event blocks the
 * key for a delay that doubles from `first` up to `cap` (growing delays, never a lockout longer
 * than `cap`); without it, the key is refused until its oldest event leaves the window.
 */
export const createCounter = (
  limit: RateLimit,
  now: () => number,
  delays?: { first: number; cap: number },
) => {
  const entries = new Map<string, Entry>();

  const live = (key: string, at: number): Entry | undefined => {
    const entry = entries.get(key);
    if (!entry) return undefined;
    entry.events = entry.events.filter((time) => time > at - limit.timeWindow);
    if (entry.events.length === 0 && entry.blockedUntil <= at) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };

  const forgetOldest = () => {
    if (entries.size < MAX_KEYS) return;
    const at = now();
    for (const key of [...entries.keys()]) live(key, at);
    for (const key of entries.keys()) {
      if (entries.size < MAX_KEYS) break;
      entries.delete(key);
    }
  };

  return {
    /** Milliseconds until `key` may try again; 0 when it may now. */
    waitFor(key: string): number {
      const at = now();
      const entry = live(key, at);
      if (!entry) return 0;
      if (delays) return Math.max(0, entry.blockedUntil - at);
      if (entry.events.length < limit.max) return 0;
      return entry.events[entry.events.length - limit.max]! + limit.timeWindow - at;
    },
    /** Counts one event now; answers a function that takes it back (blocks included). */
    record(key: string): () => void {
      const at = now();
      const entry = live(key, at) ?? { events: [], blockedUntil: 0 };
      if (!entries.has(key)) {
        forgetOldest();
        entries.set(key, entry);
      }
      const blockedBefore = entry.blockedUntil;
      entry.events.push(at);
      const over = entry.events.length - limit.max;
      if (delays && over >= 0) {
        entry.blockedUntil = at + Math.min(delays.first * 2 ** Math.min(over, 30), delays.cap);
      }
      const blockedByThis = entry.blockedUntil;
      return () => {
        const index = entry.events.lastIndexOf(at);
        if (index >= 0) entry.events.splice(index, 1);
        // A later event's block stays.
        if (entry.blockedUntil === blockedByThis) entry.blockedUntil = blockedBefore;
      };
    },
    forget(key: string): void {
      entries.delete(key);
    },
  };
};

export type Counter = ReturnType<typeof createCounter>;

/** "30 seconds", "1 minute", "5 minutes". */
const inWords = (seconds: number): string => {
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
};

const refuse = (counter: Counter, key: string, message: (wait: string) => string): void => {
  const wait = counter.waitFor(key);
  if (wait <= 0) return;
  const seconds = Math.max(1, Math.ceil(wait / 1000));
  throw new TooManyRequests(message(inWords(seconds)), seconds);
};

/**
 * The key an address is counted under: an IPv4 address as it is, an IPv6 address by its /64
 * network (one machine usually holds a whole /64 and could rotate through it).
 */
export const addressKey = (address: string): string => {
  if (!isIPv6(address)) return address;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  const [head = '', tail = ''] = address.toLowerCase().split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === '' ? [] : tail.split(':');
  const groups = address.includes('::')
    ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
};

export type SigninLimits = {
  /** Failed sign-ins per account (whatever the address) before the delays start. */
  perAccount: RateLimit;
  /** Failed sign-ins per address, across accounts. */
  perAddress: RateLimit;
  /** The first delay and the longest one, in milliseconds; each failure doubles it. */
  delays: { first: number; cap: number };
};

export type SignupLimits = { perAddress: RateLimit; perEmail: RateLimit };

/**
 * Sign-in and sign-up limits, counted in this process's memory (several processes each count
 * their own). A sign-in is refused while its account waits out a delay or its address has
 * failed too often; a right password after the delay signs in and clears the account's count.
 */
export const createAuthLimiter = (
  signinLimits: SigninLimits,
  signupLimits: SignupLimits,
  now: () => number = Date.now,
) => {
  const byAccount = createCounter(signinLimits.perAccount, now, signinLimits.delays);
  const byAddress = createCounter(signinLimits.perAddress, now);
  const signupsByAddress = createCounter(signupLimits.perAddress, now);
  const signupsByEmail = createCounter(signupLimits.perEmail, now);
  /** The sign-ins being checked now, by address and by account: each settles when it ends. */
  const checking = new Map<string, Set<Promise<void>>>();
  return {
    async signin<T>(ip: string, email: string, attempt: () => Promise<T>): Promise<T> {
      const address = addressKey(ip);
      const account = email.trim().toLowerCase();
      const keys = [`address ${address}`, `account ${account}`];
      // Tries still being checked count as failures until they end. When only they stand in
      // the way, this try waits for them to end (a burst of people signing in from one office
      // address queues) instead of being refused; when real failures do, it is refused.
      // The wait is bounded: past PENDING_WAIT_MS the answer is 503 with Retry-After.
      const giveUpAt = Date.now() + PENDING_WAIT_MS;
      for (;;) {
        const blocked = byAddress.waitFor(address) > 0 || byAccount.waitFor(account) > 0;
        const pending = keys.flatMap((key) => [...(checking.get(key) ?? [])]);
        if (!blocked || pending.length === 0) break;
        const left = giveUpAt - Date.now();
        if (left <= 0) throw new ServerBusy(PASSWORDS_BUSY, 2);
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([
          ...pending,
          new Promise((resolve) => (timer = setTimeout(resolve, left))),
        ]);
        clearTimeout(timer);
      }
      refuse(
        byAddress,
        address,
        (wait) => `Too many failed sign-ins from your address. Try again in ${wait}.`,
      );
      refuse(
        byAccount,
        account,
        (wait) => `Too many failed sign-ins for this account. Try again in ${wait}.`,
      );
      // Counted as a failure before the password is checked, so that tries sent all at once
      // cannot pass the check together; taken back unless the password was wrong.
      const undoAddress = byAddress.record(address);
      const undoAccount = byAccount.record(account);
      const check = (async () => {
        try {
          const result = await attempt();
          undoAddress();
          byAccount.forget(account);
          return result;
        } catch (error) {
          if (!(error instanceof HttpError && error.statusCode === 401)) {
            undoAddress();
            undoAccount();
          }
          throw error;
        }
      })();
      const settled = check.then(
        () => undefined,
        () => undefined,
      );
      for (const key of keys) {
        const set = checking.get(key) ?? new Set();
        set.add(settled);
        checking.set(key, set);
      }
      try {
        return await check;
      } finally {
        for (const key of keys) {
          const set = checking.get(key);
          set?.delete(settled);
          if (set?.size === 0) checking.delete(key);
        }
      }
    },
    async signup<T>(ip: string, email: string, attempt: () => Promise<T>): Promise<T> {
      const address = addressKey(ip);
      const key = email.trim().toLowerCase();
      refuse(
        signupsByAddress,
        address,
        (wait) => `Too many sign-ups from your address. Try again in ${wait}.`,
      );
      refuse(
        signupsByEmail,
        key,
        (wait) => `Too many sign-ups for this email. Try again in ${wait}.`,
      );
      signupsByAddress.record(address);
      signupsByEmail.record(key);
      return attempt();
    },
  };
};
