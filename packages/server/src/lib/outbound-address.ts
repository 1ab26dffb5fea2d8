// Where the server may open a connection to a host a user chose (their mail servers, webhook
// receivers): the host is resolved once, every address it resolves to is checked, and the
// connection goes to the checked address (never to the name again, which could resolve
// elsewhere the second time).
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * A host whose address is loopback, private, link-local, reserved or a cloud metadata service;
 * `always` when no setting allows it (link-local or metadata, see isNeverAllowedAddress).
 */
export class PrivateAddressError extends Error {
  readonly code = 'EPRIVATEADDRESS';
  constructor(
    readonly host: string,
    readonly always = false,
  ) {
    super(`${host} resolves to a private or reserved address`);
  }
}

/** IPv4 networks no user-chosen connection may reach (RFC 6890 and the cloud metadata hosts). */
const IPV4_BLOCKED: readonly [string, number][] = [
  ['0.0.0.0', 8], // "this network", 0.0.0.0 (unspecified)
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // shared address space (CGNAT); Alibaba's metadata 100.100.100.200
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local; the metadata service 169.254.169.254
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation (TEST-NET-1)
  ['192.88.99.0', 24], // 6to4 relay anycast (deprecated)
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation (TEST-NET-2)
  ['203.0.113.0', 24], // documentation (TEST-NET-3)
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address 255.255.255.255
  ['168.63.129.16', 32], // Azure's host endpoint (WireServer)
];

/** IPv6 networks no user-chosen connection may reach. */
const IPV6_BLOCKED: readonly [string, number][] = [
  ['::', 96], // unspecified (::), loopback (::1) and the deprecated IPv4-compatible ::a.b.c.d
  ['64:ff9b:1::', 48], // NAT64 for local use
  ['100::', 64], // discard-only
  ['2001::', 23], // IETF protocol assignments (Teredo, benchmarking, ORCHID)
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local (private); AWS's metadata fd00:ec2::254
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
];

/**
 * Networks refused even when the operator allows private hosts (MAIL_ALLOW_PRIVATE_HOSTS,
 * WEBHOOK_ALLOW_PRIVATE_HOSTS): link-local addresses and the cloud metadata services, which hand
 * out the server's own credentials. A mail relay or a receiver on the operator's network never
 * needs one of them.
 */
const IPV4_NEVER: readonly [string, number][] = [
  ['169.254.0.0', 16], // link-local; the metadata service 169.254.169.254 (AWS, GCP, Azure, OCI)
  ['168.63.129.16', 32], // Azure's host endpoint (WireServer)
  ['100.100.100.200', 32], // Alibaba Cloud's metadata service
];
const IPV6_NEVER: readonly [string, number][] = [
  ['fd00:ec2::254', 128], // AWS's metadata service over IPv6
  ['fe80::', 10], // link-local
];

/**
 * IPv6 /96 prefixes that carry an IPv4 address in their last 32 bits: IPv4-mapped,
 * IPv4-translated, NAT64 (public addresses reach IPv6-only networks this way) and the deprecated
 * IPv4-compatible form (all of ::/96 is blocked anyway; listed for the networks refused always).
 * Such an address is blocked when the IPv4 address it carries is.
 */
const IPV4_CARRIERS = ['::ffff:', '::ffff:0:', '64:ff9b::', '::'];

/** A block list of these networks and of every IPv6 form that carries one of the IPv4 ones. */
const blockListOf = (
  ipv4: readonly [string, number][],
  ipv6: readonly [string, number][],
): BlockList => {
  const list = new BlockList();
  for (const [network, prefix] of ipv4) list.addSubnet(network, prefix, 'ipv4');
  for (const [network, prefix] of ipv6) list.addSubnet(network, prefix, 'ipv6');
  for (const carrier of IPV4_CARRIERS) {
    for (const [network, prefix] of ipv4)
      list.addSubnet(`${carrier}${network}`, 96 + prefix, 'ipv6');
  }
  // 6to4 (2002::/16) carries its IPv4 address in bits 16 to 48.
  for (const [network, prefix] of ipv4) {
    const [a, b, c, d] = network.split('.').map(Number) as [number, number, number, number];
    const hex = (high: number, low: number) => ((high << 8) | low).toString(16);
    list.addSubnet(`2002:${hex(a, b)}:${hex(c, d)}::`, 16 + prefix, 'ipv6');
  }
  return list;
};

const blocked = blockListOf(IPV4_BLOCKED, IPV6_BLOCKED);
const never = blockListOf(IPV4_NEVER, IPV6_NEVER);

/** Whether `list` holds the address; anything that is not an IP address counts as held. */
const listed = (list: BlockList, address: string): boolean => {
  // A scoped IPv6 address (fe80::1%eth0) is checked without its zone.
  const bare = address.replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 0) return true;
  try {
    return list.check(bare, family === 4 ? 'ipv4' : 'ipv6');
  } catch {
    return true;
  }
};

/**
 * True when a connection to this IP address (as the resolver gives it) must be refused: loopback,
 * private, link-local, shared, unspecified, multicast, reserved, documentation, metadata, and
 * every IPv6 form that carries such an IPv4 address. Anything that is not an IP address is too.
 */
export const isPrivateAddress = (address: string): boolean => listed(blocked, address);

/**
 * True when a connection to this IP address is refused whatever the operator allows: link-local
 * and cloud metadata addresses in any IPv4 or IPv6 form (see IPV4_NEVER), and anything that is
 * not an IP address.
 */
export const isNeverAllowedAddress = (address: string): boolean => listed(never, address);

/** Where to connect: the checked address, and the name the TLS certificate must be for. */
export type OutboundTarget = {
  address: string;
  family: 4 | 6;
  /** The host name as entered, for TLS (SNI and the certificate check); none for an IP. */
  servername: string | undefined;
};

export type Resolver = (host: string) => Promise<{ address: string; family: number }[]>;

const systemResolver: Resolver = (host) => lookup(host, { all: true, order: 'ipv4first' });

/** A DNS answer that takes too long counts as a host that cannot be found. */
const withTimeout = <T>(work: Promise<T>, seconds: number): Promise<T> => {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(Object.assign(new Error('DNS lookup timed out'), { code: 'EAI_AGAIN' })),
      seconds * 1000,
    );
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
};

/**
 * Resolves `host` as the operating system does (so that every spelling of an address, such as
 * 2130706433, 0x7f.1 or 127.1, and names from /etc/hosts, such as localhost, come out as the
 * address they mean) and answers the address to connect to. Throws PrivateAddressError, before
 * any connection is made, when ANY of its addresses is private or reserved (see
 * isPrivateAddress) unless `allowPrivate`, and when any is link-local or a cloud metadata address
 * (isNeverAllowedAddress) even with `allowPrivate`. Resolver errors (ENOTFOUND...) are thrown as
 * they are.
 */
export const resolveOutboundHost = async (
  host: string,
  options: { allowPrivate: boolean; resolver?: Resolver; timeoutSeconds?: number },
): Promise<OutboundTarget> => {
  const resolve = options.resolver ?? systemResolver;
  const answers = await withTimeout(resolve(host), options.timeoutSeconds ?? 10);
  if (answers.length === 0)
    throw Object.assign(new Error(`${host} not found`), { code: 'ENOTFOUND' });
  if (answers.some((answer) => isNeverAllowedAddress(answer.address)))
    throw new PrivateAddressError(host, true);
  if (!options.allowPrivate && answers.some((answer) => isPrivateAddress(answer.address)))
    throw new PrivateAddressError(host);
  const [first] = answers;
  return {
    address: first!.address,
    family: isIP(first!.address.replace(/%.*$/, '')) === 6 ? 6 : 4,
    servername: isIP(host) === 0 ? host : undefined,
  };
};
