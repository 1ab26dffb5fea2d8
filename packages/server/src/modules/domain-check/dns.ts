import { Resolver } from 'node:dns/promises';
import type { MxRecord } from 'node:dns';
import { dnsServersOf } from '../../config.ts';

/** The whole check's deadline: every query it makes ends by then. */
export const DOMAIN_CHECK_DEADLINE_MS = 10_000;

/** DNS did not answer (timeout, refused, server failure, deadline): not an answer about the domain. */
export class DnsUnanswered extends Error {}

/** The queries a check makes, answered once each (the SPF walk asks the same names again). */
export type Dns = {
  txt: (name: string) => Promise<string[]>;
  mx: (name: string) => Promise<MxRecord[]>;
  addresses: (name: string) => Promise<string[]>;
  /** Cancels every query still waiting. */
  close: () => void;
};

// "No such name", "no record of that type" and a name no DNS could hold (a record's
// include:bad..name) are answers: nothing there.
const EMPTY_CODES = new Set(['ENOTFOUND', 'ENODATA', 'ENONAME', 'EBADNAME']);

const orEmpty = async <T>(query: Promise<T[]>): Promise<T[]> => {
  try {
    return await query;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? '';
    if (EMPTY_CODES.has(code)) return [];
    throw new DnsUnanswered(`DNS query failed (${code || 'error'})`);
  }
};

/**
 * A resolver for one check: the servers of DNS_SERVERS (else the system's), each query in time
 * for `deadline` (the resolver is cancelled then), answers remembered for the check.
 */
export const createDns = (deadline: number, env: NodeJS.ProcessEnv = process.env): Dns => {
  const left = () => deadline - Date.now();
  const resolver = new Resolver({ timeout: Math.max(200, Math.min(3000, left())), tries: 2 });
  const servers = dnsServersOf(env);
  if (servers.length > 0) resolver.setServers(servers);
  let cancelled = false;
  const timer = setTimeout(
    () => {
      cancelled = true;
      resolver.cancel();
    },
    Math.max(0, left()),
  );
  const memo = new Map<string, Promise<unknown>>();
  const once = <T>(key: string, query: () => Promise<T[]>): Promise<T[]> => {
    let answer = memo.get(key) as Promise<T[]> | undefined;
    if (!answer) {
      answer = withDeadline(orEmpty(query()));
      memo.set(key, answer);
    }
    return answer;
  };
  // Cancel rejects what is waiting; the race makes sure nothing outlives the deadline even so.
  const withDeadline = <T>(query: Promise<T>): Promise<T> => {
    if (cancelled || left() <= 0) return Promise.reject(new DnsUnanswered('DNS deadline passed'));
    let stop: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      stop = setTimeout(() => reject(new DnsUnanswered('DNS deadline passed')), left());
    });
    return Promise.race([query, late]).finally(() => clearTimeout(stop));
  };
  return {
    txt: (name) =>
      once(`txt|${name}`, () =>
        resolver.resolveTxt(name).then((records) => records.map((chunks) => chunks.join(''))),
      ),
    mx: (name) => once(`mx|${name}`, () => resolver.resolveMx(name)),
    addresses: async (name) => {
      const [v4, v6] = await Promise.all([
        once(`a|${name}`, () => resolver.resolve4(name)),
        once(`aaaa|${name}`, () => resolver.resolve6(name)),
      ]);
      return [...v4, ...v6];
    },
    close: () => {
      clearTimeout(timer);
      resolver.cancel();
    },
  };
};
