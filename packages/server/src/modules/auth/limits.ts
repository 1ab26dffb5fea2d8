import { isIPv6 } from 'node:net';
import type { Db } from '../../db/connection.ts';
import { HttpError, TooManyRequests } from '../../lib/errors.ts';
import { PASSWORDS_BUSY } from '../../lib/passwords.ts';
import { ServerBusy } from '../../lib/work-queue.ts';
import { createKeyedLock, createSharedCounter } from '../rate-limits/counter.ts';
import type { RateLimit, SharedCounter } from '../rate-limits/counter.ts';

/** How long a sign-in waits for the tries in flight from its address or account. */
const PENDING_WAIT_MS = 2000;

/** A refusal: how many seconds until the next try is let through. */
export { TooManyRequests as TooManyAttempts };
export type { RateLimit };

/** "30 seconds", "1 minute", "5 minutes". */
const inWords = (seconds: number): string => {
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
};

const refuse = (wait: number, message: (wait: string) => string): void => {
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
 * The other auth routes' limits: the anonymous ones counted per address (/64) or address and
 * email, password changes per user.
 */
export type RequestLimits = {
  /** Password changes (each checks the current password) per user. */
  changePassword: RateLimit;
  /** First-administrator set-ups per address. */
  setup: RateLimit;
  /** Password-reset attempts (a link's new password) per address. */
  reset: RateLimit;
  /** Forgot-password requests per address and email. */
  forgot: RateLimit;
};

/** The in-flight sign-ins of this process by key: each settles when its try has been checked. */
const inFlight = () => {
  const checking = new Map<string, Set<Promise<void>>>();
  return {
    of: (keys: readonly string[]) => keys.flatMap((key) => [...(checking.get(key) ?? [])]),
    add(keys: readonly string[], settled: Promise<void>) {
      for (const key of keys) {
        const set = checking.get(key) ?? new Set();
        set.add(settled);
        checking.set(key, set);
      }
    },
    remove(keys: readonly string[], settled: Promise<void>) {
      for (const key of keys) {
        const set = checking.get(key);
        set?.delete(settled);
        if (set?.size === 0) checking.delete(key);
      }
    },
  };
};

/** Waits for the first of `pending` to settle, or `ms`. */
const waitForAny = async (pending: Promise<void>[], ms: number): Promise<void> => {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([...pending, new Promise((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
};

/**
 * Sign-in, sign-up, set-up, reset and forgot-password limits, counted in the database
 * (rate-limits/counter.ts), so that every process on it counts together and a restart forgets
 * nothing. A sign-in is refused while its account waits out a delay or its address has failed
 * too often; a right password after the delay signs in and clears the account's count. Every
 * address is counted as `addressKey` has it (IPv6 by its /64).
 */
export const createAuthLimiter = (
  db: Db,
  signinLimits: SigninLimits,
  signupLimits: SignupLimits,
  requestLimits: RequestLimits,
  now: () => number = Date.now,
) => {
  const counter = (name: string, limit: RateLimit, delays?: SigninLimits['delays']) =>
    createSharedCounter(db, name, limit, now, delays);
  const byAccount = counter('signin-account', signinLimits.perAccount, signinLimits.delays);
  const byAddress = counter('signin-address', signinLimits.perAddress);
  const signupsByAddress = counter('signup-address', signupLimits.perAddress);
  const signupsByEmail = counter('signup-email', signupLimits.perEmail);
  const requests = {
    changePassword: counter('change-password-user', requestLimits.changePassword),
    setup: counter('setup-address', requestLimits.setup),
    reset: counter('reset-address', requestLimits.reset),
    forgot: counter('forgot-address-email', requestLimits.forgot),
  };
  // A check and the count after it run alone per key in this process: tries sent all at once
  // cannot pass the check together (across processes, the window is one statement long).
  const exclusive = createKeyedLock();
  const checking = inFlight();

  /** Refused with `message` when `counter` is over for `key`; otherwise counted. */
  const countOrRefuse = (
    limited: SharedCounter,
    key: string,
    message: (wait: string) => string,
  ): Promise<void> =>
    exclusive([key], async () => {
      refuse(await limited.waitFor(key), message);
      await limited.record(key);
    });

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
      let settle!: () => void;
      const settled = new Promise<void>((resolve) => (settle = resolve));
      let undo: { address: () => Promise<void>; account: () => Promise<void> } | undefined;
      while (!undo) {
        const pending = await exclusive(keys, async () => {
          const [addressWait, accountWait] = await Promise.all([
            byAddress.waitFor(address),
            byAccount.waitFor(account),
          ]);
          const inFlightNow = checking.of(keys);
          if ((addressWait > 0 || accountWait > 0) && inFlightNow.length > 0) return inFlightNow;
          refuse(
            addressWait,
            (wait) => `Too many failed sign-ins from your address. Try again in ${wait}.`,
          );
          refuse(
            accountWait,
            (wait) => `Too many failed sign-ins for this account. Try again in ${wait}.`,
          );
          // Counted as a failure before the password is checked, so that tries sent all at
          // once cannot pass the check together; taken back unless the password was wrong.
          undo = {
            address: await byAddress.record(address),
            account: await byAccount.record(account),
          };
          checking.add(keys, settled);
          return [];
        });
        if (undo) break;
        const left = giveUpAt - Date.now();
        if (left <= 0) throw new ServerBusy(PASSWORDS_BUSY, 2);
        await waitForAny(pending, left);
      }
      try {
        const result = await attempt();
        await undo.address();
        await byAccount.forget(account);
        return result;
      } catch (error) {
        if (!(error instanceof HttpError && error.statusCode === 401)) {
          await undo.address();
          await undo.account();
        }
        throw error;
      } finally {
        checking.remove(keys, settled);
        settle();
      }
    },
    async signup<T>(ip: string, email: string, attempt: () => Promise<T>): Promise<T> {
      const address = addressKey(ip);
      const key = email.trim().toLowerCase();
      await exclusive([`signup ${address}`, `signup ${key}`], async () => {
        const [addressWait, emailWait] = await Promise.all([
          signupsByAddress.waitFor(address),
          signupsByEmail.waitFor(key),
        ]);
        refuse(addressWait, (wait) => `Too many sign-ups from your address. Try again in ${wait}.`);
        refuse(emailWait, (wait) => `Too many sign-ups for this email. Try again in ${wait}.`);
        await signupsByAddress.record(address);
        await signupsByEmail.record(key);
      });
      return attempt();
    },
    /** First-administrator set-ups: counted per address before anything else is done. */
    setup: (ip: string): Promise<void> =>
      countOrRefuse(
        requests.setup,
        addressKey(ip),
        (wait) => `Too many set-up attempts from your address. Try again in ${wait}.`,
      ),
    /** New passwords from reset links: counted per address before the link is even read. */
    reset: (ip: string): Promise<void> =>
      countOrRefuse(
        requests.reset,
        addressKey(ip),
        (wait) => `Too many password-reset attempts from your address. Try again in ${wait}.`,
      ),
    /** Password changes of a signed-in user, per user. */
    changePassword: (userId: string): Promise<void> =>
      countOrRefuse(
        requests.changePassword,
        userId,
        (wait) => `Too many password changes. Try again in ${wait}.`,
      ),
    /** Forgot-password requests, per address and email. */
    forgot: (ip: string, email: string): Promise<void> =>
      countOrRefuse(
        requests.forgot,
        `${addressKey(ip)}|${email.trim().toLowerCase()}`,
        (wait) => `Too many password-reset requests. Try again in ${wait}.`,
      ),
  };
};
