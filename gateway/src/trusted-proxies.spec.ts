import { describe, expect, it } from 'vitest';
import { isPrivateAddress, parseTrustedProxies } from './trusted-proxies.js';
import { loadGatewayConfig } from './config.js';

describe('TRUSTED_PROXIES', () => {
  it('trusts nobody when unset, empty or 0', () => {
    expect(parseTrustedProxies(undefined)).toEqual({ value: false });
    expect(parseTrustedProxies(' ')).toEqual({ value: false });
    expect(parseTrustedProxies('0')).toEqual({ value: false });
  });

  it('reads a list of addresses, CIDR ranges and named ranges', () => {
    expect(parseTrustedProxies('10.0.0.0/8, 192.168.1.7,fd00::/8,loopback')).toEqual({
      value: ['10.0.0.0/8', '192.168.1.7', 'fd00::/8', 'loopback'],
    });
  });

  it('turns a hop count into a trust function whose nearest hop must be private', () => {
    const parsed = parseTrustedProxies('2');
    if (!('value' in parsed) || typeof parsed.value !== 'function') throw new Error('expected a function');
    const trust = parsed.value;
    expect(trust('10.1.2.3', 0)).toBe(true);
    expect(trust('203.0.113.5', 0)).toBe(false);
    expect(trust('203.0.113.5', 1)).toBe(true);
    expect(trust('198.51.100.1', 2)).toBe(false);
  });

  it('names a bad entry', () => {
    expect(parseTrustedProxies('10.0.0.0/33,proxy.example')).toEqual({
      problem: expect.stringContaining('"10.0.0.0/33", "proxy.example"') as string,
    });
    expect(parseTrustedProxies('50')).toEqual({ problem: expect.stringContaining('at most 10') as string });
    expect(() =>
      loadGatewayConfig({ REDIS_URL: 'redis://127.0.0.1:6379', TRUSTED_PROXIES: '10.0.0/8' }),
    ).toThrow(/TRUSTED_PROXIES/);
  });

  it('knows private addresses, IPv4-mapped ones included', () => {
    expect(
      ['10.0.0.1', '172.20.1.1', '192.168.0.9', '127.0.0.1', '::1', 'fd12::1', '::ffff:10.2.3.4'].every(
        isPrivateAddress,
      ),
    ).toBe(true);
    expect(
      ['8.8.8.8', '172.32.0.1', '2001:db8::1', '::ffff:8.8.8.8', 'nonsense'].some(isPrivateAddress),
    ).toBe(false);
  });
});
