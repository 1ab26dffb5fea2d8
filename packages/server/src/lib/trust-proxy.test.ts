import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { readConfig } from '../config.ts';
import { fastifyTrustProxy, forwardedProtocol, parseTrustProxy } from './trust-proxy.ts';

describe('TRUST_PROXY', () => {
  it('trusts no proxy unless told', () => {
    expect(readConfig({}).trustProxy).toBe(false);
    for (const off of ['', ' ', '0', 'false', 'FALSE']) expect(parseTrustProxy(off)).toBe(false);
  });

  it('takes true, or a list of addresses, CIDR ranges and named ranges', () => {
    expect(readConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(readConfig({ TRUST_PROXY: '127.0.0.1' }).trustProxy).toEqual(['127.0.0.1']);
    expect(
      readConfig({ TRUST_PROXY: ' 10.0.0.0/8, ::1,fd00::/8 ,loopback,uniquelocal' }).trustProxy,
    ).toEqual(['10.0.0.0/8', '::1', 'fd00::/8', 'loopback', 'uniquelocal']);
  });

  it('takes a number of proxy hops from 1 to 10', () => {
    expect(readConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(readConfig({ TRUST_PROXY: ' 2 ' }).trustProxy).toBe(2);
    expect(() => readConfig({ TRUST_PROXY: '11' })).toThrow(
      /TRUST_PROXY: a number of proxies must be 1 to 10, not 11: E\.g\. TRUST_PROXY=1 /,
    );
  });

  it('refuses anything else at start with a message that says what to write', () => {
    expect(() => readConfig({ TRUST_PROXY: 'proxy.example.com' })).toThrow(
      /TRUST_PROXY: each entry must be an IP address, a CIDR range .*; not "proxy.example.com"\. E\.g\. TRUST_PROXY=1 for one proxy/,
    );
    for (const wrong of ['10.0.0.0/33', '::1/129', '10.0.0.1/8/1', '10.0.0.1,', 'yes']) {
      expect(parseTrustProxy(wrong)).toBeInstanceOf(Error);
    }
    expect(String(parseTrustProxy('a, 10.0.0.1'))).toContain('; not "a". E.g.');
    expect(String(parseTrustProxy('a, b'))).toContain('; not "a", "b". E.g.');
  });
});

describe('a hop count', () => {
  const echo = async (trust: ReturnType<typeof parseTrustProxy>) => {
    if (trust instanceof Error) throw trust;
    const app = Fastify({ trustProxy: fastifyTrustProxy(trust) });
    app.get('/', async (request) => ({ ip: request.ip }));
    return app;
  };
  const ipOf = async (trust: string, forwardedFor?: string) => {
    const app = await echo(parseTrustProxy(trust));
    try {
      const response = await app.inject({
        url: '/',
        remoteAddress: '10.0.0.1',
        headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
      });
      return response.json().ip as string;
    } finally {
      await app.close();
    }
  };

  it('makes request.ip the address that many hops from the right, the connection first', async () => {
    expect(await ipOf('0', '6.6.6.6')).toBe('10.0.0.1');
    expect(await ipOf('1', '6.6.6.6, 203.0.113.9')).toBe('203.0.113.9');
    expect(await ipOf('2', '6.6.6.6, 203.0.113.9, 10.0.0.2')).toBe('203.0.113.9');
    // Fewer entries than hops: the left-most there is.
    expect(await ipOf('3', '203.0.113.9')).toBe('203.0.113.9');
    expect(await ipOf('1')).toBe('10.0.0.1');
  });

  it('reads X-Forwarded-Proto the same way', () => {
    const proto = (header: string | undefined, hops: number) =>
      forwardedProtocol(header === undefined ? {} : { 'x-forwarded-proto': header }, hops, 'http');
    expect(proto('https', 0)).toBe('http');
    expect(proto(undefined, 1)).toBe('http');
    expect(proto('https', 1)).toBe('https');
    expect(proto('https, http', 1)).toBe('http');
    expect(proto('https, http', 2)).toBe('https');
    expect(proto('HTTPS', 2)).toBe('https');
    expect(forwardedProtocol({ 'x-forwarded-proto': 'http' }, 0, 'https')).toBe('https');
  });
});
