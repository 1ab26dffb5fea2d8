import { describe, expect, it } from 'vitest';
import {
  PrivateAddressError,
  isNeverAllowedAddress,
  isPrivateAddress,
  resolveOutboundHost,
} from '../src/lib/outbound-address.ts';
import type { Resolver } from '../src/lib/outbound-address.ts';

const REFUSED = {
  loopback: ['127.0.0.1', '127.255.255.254', '::1'],
  private: ['10.0.0.1', '10.255.255.255', '172.16.0.1', '172.31.255.255', '192.168.1.10'],
  'unique local IPv6 (fc00::/7)': ['fc00::1', 'fd12:3456::1'],
  'link-local': ['169.254.0.1', '169.254.255.254', 'fe80::1', 'fe80::1%eth0'],
  'shared address space (CGNAT)': ['100.64.0.1', '100.127.255.254', '100.100.100.200'],
  unspecified: ['0.0.0.0', '0.1.2.3', '::'],
  multicast: ['224.0.0.1', '239.255.255.250', 'ff02::1'],
  'reserved and documentation': [
    '240.0.0.1',
    '255.255.255.255',
    '192.0.2.1',
    '198.18.0.1',
    '2001:db8::1',
    'fec0::1',
  ],
  metadata: ['169.254.169.254', 'fd00:ec2::254', '168.63.129.16'],
  'IPv4-mapped IPv6': [
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '::ffff:169.254.169.254',
    '::ffff:0.0.0.0',
  ],
  'IPv4-compatible IPv6': ['::127.0.0.1', '::7f00:1', '::10.0.0.1'],
  'NAT64 and 6to4 of a private address': ['64:ff9b::127.0.0.1', '64:ff9b::a00:1', '2002:7f00:1::1'],
  'not an IP address at all': ['', 'localhost', '127.0.0.1.', '[::1]'],
};

const PUBLIC = [
  '93.184.215.14',
  '8.8.8.8',
  '172.32.0.1',
  '100.128.0.1',
  '169.255.0.1',
  '2606:2800:21f:cb07:6820:80da:af6b:8b2c',
  '::ffff:93.184.215.14',
  '64:ff9b::5db8:d70e',
];

describe('isNeverAllowedAddress', () => {
  it('holds link-local and metadata addresses in every form, and nothing else', () => {
    for (const address of [
      ...REFUSED['link-local'],
      ...REFUSED.metadata,
      '::ffff:169.254.169.254',
      '::ffff:0:a9fe:a9fe',
      '64:ff9b::a9fe:a9fe',
      '2002:a9fe:a9fe::',
      '100.100.100.200',
      'not an address',
    ])
      expect(isNeverAllowedAddress(address), address).toBe(true);
    for (const address of [
      ...PUBLIC,
      '127.0.0.1',
      '::1',
      '10.0.0.1',
      '192.168.1.10',
      'fd12:3456::1',
      'fd00:ec2::253',
      '168.63.129.17',
      '100.64.0.1',
    ])
      expect(isNeverAllowedAddress(address), address).toBe(false);
  });
});

describe('isPrivateAddress', () => {
  for (const [kind, addresses] of Object.entries(REFUSED)) {
    it(`refuses ${kind}`, () => {
      for (const address of addresses) expect(isPrivateAddress(address), address).toBe(true);
    });
  }

  it('allows public addresses, IPv4 and IPv6, and NAT64 / IPv4-mapped forms of them', () => {
    for (const address of PUBLIC) expect(isPrivateAddress(address), address).toBe(false);
  });
});

const refused = (host: string) =>
  expect(resolveOutboundHost(host, { allowPrivate: false })).rejects.toBeInstanceOf(
    PrivateAddressError,
  );

describe('resolveOutboundHost', () => {
  it('refuses every spelling of a loopback or unspecified address, through the resolver', async () => {
    for (const host of [
      '127.0.0.1',
      '2130706433',
      '0x7f.1',
      '0x7f000001',
      '017700000001',
      '127.1',
      '::1',
      '::ffff:127.0.0.1',
      '0.0.0.0',
      '0',
      '169.254.169.254',
      'fd00:ec2::254',
    ]) {
      await refused(host);
    }
  });

  it('refuses a name that resolves to loopback (localhost)', async () => {
    await refused('localhost');
  });

  it('refuses a name when ANY of its addresses is private', async () => {
    const resolver: Resolver = async () => [
      { address: '93.184.215.14', family: 4 },
      { address: '10.0.0.5', family: 4 },
    ];
    await expect(
      resolveOutboundHost('mail.example.com', { allowPrivate: false, resolver }),
    ).rejects.toBeInstanceOf(PrivateAddressError);
  });

  it('answers the checked address of a public literal, without connecting', async () => {
    expect(await resolveOutboundHost('93.184.215.14', { allowPrivate: false })).toEqual({
      address: '93.184.215.14',
      family: 4,
      servername: undefined,
    });
  });

  it('answers the first address of a public name and keeps the name for TLS', async () => {
    const resolver: Resolver = async () => [
      { address: '93.184.215.14', family: 4 },
      { address: '2606:2800:21f:cb07:6820:80da:af6b:8b2c', family: 6 },
    ];
    expect(
      await resolveOutboundHost('mail.example.com', { allowPrivate: false, resolver }),
    ).toEqual({ address: '93.184.215.14', family: 4, servername: 'mail.example.com' });
  });

  it('allows private addresses when the operator says so', async () => {
    expect(await resolveOutboundHost('localhost', { allowPrivate: true })).toMatchObject({
      address: expect.stringMatching(/^(127\.0\.0\.1|::1)$/),
      servername: 'localhost',
    });
    expect(await resolveOutboundHost('2130706433', { allowPrivate: true })).toMatchObject({
      address: '127.0.0.1',
    });
  });

  it('refuses link-local and cloud metadata addresses even when private ones are allowed', async () => {
    for (const host of [
      '169.254.169.254',
      '169.254.0.1',
      '::ffff:169.254.169.254',
      '::ffff:a9fe:a9fe',
      '::169.254.169.254',
      '64:ff9b::a9fe:a9fe',
      '2002:a9fe:a9fe::1',
      'fd00:ec2::254',
      '168.63.129.16',
      '::ffff:168.63.129.16',
      '100.100.100.200',
      'fe80::1',
    ]) {
      const refusal = resolveOutboundHost(host, { allowPrivate: true });
      await expect(refusal, host).rejects.toBeInstanceOf(PrivateAddressError);
      await expect(refusal, host).rejects.toMatchObject({ always: true });
    }
    // A name with one such address among public ones is refused too.
    const resolver: Resolver = async () => [
      { address: '93.184.215.14', family: 4 },
      { address: '169.254.169.254', family: 4 },
    ];
    await expect(
      resolveOutboundHost('metadata.example.com', { allowPrivate: true, resolver }),
    ).rejects.toMatchObject({ always: true });
    // Other private addresses are refused without `always`: a setting could allow them.
    await expect(resolveOutboundHost('10.0.0.1', { allowPrivate: false })).rejects.toMatchObject({
      always: false,
    });
  });

  it('passes on what the resolver says of a host that does not exist', async () => {
    const resolver: Resolver = async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND nowhere.test'), { code: 'ENOTFOUND' });
    };
    await expect(
      resolveOutboundHost('nowhere.test', { allowPrivate: false, resolver }),
    ).rejects.toMatchObject({ code: 'ENOTFOUND' });
    await expect(
      resolveOutboundHost('empty.test', { allowPrivate: false, resolver: async () => [] }),
    ).rejects.toMatchObject({ code: 'ENOTFOUND' });
  });
});
