import { describe, expect, it } from 'vitest';
import { readConfig } from '../config.ts';
import { parseTrustProxy } from './trust-proxy.ts';

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

  it('refuses anything else at start with a message that says what to write', () => {
    expect(() => readConfig({ TRUST_PROXY: '1' })).toThrow(
      /TRUST_PROXY: a number of proxies is not accepted.*TRUST_PROXY=127\.0\.0\.1/,
    );
    expect(() => readConfig({ TRUST_PROXY: 'proxy.example.com' })).toThrow(
      /TRUST_PROXY: each entry must be an IP address, a CIDR range .*; not "proxy.example.com"\. E\.g\. TRUST_PROXY=127\.0\.0\.1/,
    );
    for (const wrong of ['10.0.0.0/33', '::1/129', '10.0.0.1/8/1', '10.0.0.1,', 'yes']) {
      expect(parseTrustProxy(wrong)).toBeInstanceOf(Error);
    }
    expect(String(parseTrustProxy('a, 10.0.0.1'))).toContain('; not "a". E.g.');
    expect(String(parseTrustProxy('a, b'))).toContain('; not "a", "b". E.g.');
  });
});
