import { isIP } from 'node:net';
import type { IncomingHttpHeaders } from 'node:http';

/**
 * Which peers may state the client's address and protocol (X-Forwarded-For, X-Forwarded-Proto):
 * nobody (false), anybody (true), the listed addresses and ranges, or a number of proxy hops.
 */
export type TrustProxy = boolean | string[] | number;

/** The ranges proxy-addr (Fastify's trustProxy) knows by name. */
const NAMED_RANGES = ['loopback', 'linklocal', 'uniquelocal'];

/** More hops than any real chain of proxies. */
export const MAX_HOPS = 10;

/** How to set it, as a sentence of its own. */
const EXAMPLE =
  'E.g. TRUST_PROXY=1 for one proxy in front, TRUST_PROXY=127.0.0.1 for a proxy on the same machine, or TRUST_PROXY=10.0.0.5,10.0.1.0/24';

const isAddressOrRange = (entry: string): boolean => {
  if (NAMED_RANGES.includes(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
};

/**
 * Reads TRUST_PROXY: unset, empty, `false` or `0` trusts no proxy; `true` trusts every peer
 * (only when nothing but the proxy can reach the server); a number of hops (1 to 10: that many
 * proxies stand in front, the connection's peer being the first); otherwise a comma-separated
 * list of IP addresses, CIDR ranges and the names loopback, linklocal, uniquelocal.
 */
export const parseTrustProxy = (value: string | undefined): TrustProxy | Error => {
  const text = (value ?? '').trim();
  if (text === '' || text === '0' || text.toLowerCase() === 'false') return false;
  if (text.toLowerCase() === 'true') return true;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops <= MAX_HOPS) return hops;
    return new Error(`a number of proxies must be 1 to ${MAX_HOPS}, not ${text}: ${EXAMPLE}`);
  }
  const entries = text.split(',').map((entry) => entry.trim());
  const wrong = entries.filter((entry) => !isAddressOrRange(entry));
  if (wrong.length > 0) {
    return new Error(
      `each entry must be an IP address, a CIDR range (10.0.0.0/8) or one of loopback, linklocal, uniquelocal, or the whole value a number of proxies; not ${wrong.map((entry) => `"${entry}"`).join(', ')}. ${EXAMPLE}; or true to trust every address`,
    );
  }
  return entries;
};

/** proxy-addr's trust function: the address at position `hop` (0 = the connection) is a proxy. */
export type TrustFunction = (address: string, hop: number) => boolean;

/**
 * TRUST_PROXY as Fastify's `trustProxy`. A hop count becomes a function: Fastify 5 turns a
 * number into "trust nobody" (it cannot check the peer), so request.ip would ignore it.
 */
export const fastifyTrustProxy = (trust: TrustProxy): boolean | string[] | TrustFunction =>
  typeof trust === 'number' ? (_address, hop) => hop < trust : trust;

const listOf = (header: string | string[] | undefined): string[] =>
  (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');

/**
 * The protocol the client used, with TRUST_PROXY a hop count: the X-Forwarded-Proto entry that
 * many proxies from the right (each proxy that appends adds one), or the left-most when the
 * proxies replace the header rather than append to it. The connection's own protocol when no
 * proxy is trusted or the header is missing.
 */
export const forwardedProtocol = (
  headers: IncomingHttpHeaders,
  hops: number,
  connection: 'http' | 'https',
): string => {
  const entries = listOf(headers['x-forwarded-proto']);
  if (hops < 1 || entries.length === 0) return connection;
  return (entries[Math.max(0, entries.length - hops)] ?? connection).toLowerCase();
};
