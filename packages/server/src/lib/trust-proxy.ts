import { isIP } from 'node:net';

/**
 * Which peers may state the client's address and protocol (X-Forwarded-For, X-Forwarded-Proto):
 * nobody (false), anybody (true), or the listed addresses and ranges (Fastify's trustProxy).
 */
export type TrustProxy = boolean | string[];

/** The ranges proxy-addr (Fastify's trustProxy) knows by name. */
const NAMED_RANGES = ['loopback', 'linklocal', 'uniquelocal'];

const EXAMPLE =
  'e.g. TRUST_PROXY=127.0.0.1 for a proxy on the same machine, or TRUST_PROXY=10.0.0.5,10.0.1.0/24';

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
 * (only when nothing but the proxy can reach the server); otherwise a comma-separated list of
 * IP addresses, CIDR ranges and the names loopback, linklocal, uniquelocal. A count of hops is
 * refused: it cannot tell the proxy from a client that sends the same headers.
 */
export const parseTrustProxy = (value: string | undefined): TrustProxy | Error => {
  const text = (value ?? '').trim();
  if (text === '' || text === '0' || text.toLowerCase() === 'false') return false;
  if (text.toLowerCase() === 'true') return true;
  if (/^\d+$/.test(text)) {
    return new Error(
      `a number of proxies is not accepted (it cannot tell your proxy from a client sending the same headers): give the proxy's address, ${EXAMPLE}`,
    );
  }
  const entries = text.split(',').map((entry) => entry.trim());
  const wrong = entries.filter((entry) => !isAddressOrRange(entry));
  if (wrong.length > 0) {
    return new Error(
      `each entry must be an IP address, a CIDR range (10.0.0.0/8) or one of loopback, linklocal, uniquelocal; not ${wrong.map((entry) => `"${entry}"`).join(', ')}. ${EXAMPLE[0]!.toUpperCase()}${EXAMPLE.slice(1)}; or true to trust every address`,
    );
  }
  return entries;
};
