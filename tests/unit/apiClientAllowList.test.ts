// An API client's IP allow-list: exact addresses and CIDR ranges (IPv4 and IPv6, an IPv4 address seen as IPv6-mapped
// matching its IPv4 entry), an empty list allowing any address, and each bad entry named; a secret's id read from it;
// a client token told from a staff one by its prefix.
import { describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { addressAllowed, allowListEntries, allowListProblem, isClientToken, newSecret, secretIdOf, secretMatches } from '../../server/platform/session/clientTokens';
import { sha256Hex } from '../../server/platform/core/sha256';

describe('API client allow-list', () => {
  it('reads entries a line or comma-separated', () => {
    expect(allowListEntries(' 10.0.0.0/8,192.168.1.7\n\n::1 ')).toEqual(['10.0.0.0/8', '192.168.1.7', '::1']);
    expect(allowListEntries(null)).toEqual([]);
  });

  it.each([
    ['10.0.0.0/8', '10.20.30.40', true],
    ['10.0.0.0/8', '11.0.0.1', false],
    ['192.168.1.7', '192.168.1.7', true],
    ['192.168.1.7', '192.168.1.8', false],
    ['127.0.0.1', '::ffff:127.0.0.1', true],
    ['2001:db8::/32', '2001:db8:1::5', true],
    ['2001:db8::/32', '2001:db9::5', false],
    ['', '203.0.113.9', true],
  ])('%s allows %s: %s', (list, ip, allowed) => {
    expect(addressAllowed(list, ip)).toBe(allowed);
  });

  it('names each bad entry', () => {
    expect(allowListProblem('10.0.0.0/40')).toBe('"10.0.0.0/40" has a prefix length beyond 32');
    expect(allowListProblem('example.com')).toBe('"example.com" is not an IP address or CIDR range');
    expect(allowListProblem('10.0.0.0/8/1')).toBe('"10.0.0.0/8/1" is not an IP address or CIDR range');
    expect(allowListProblem('2001:db8::/129')).toBe('"2001:db8::/129" has a prefix length beyond 128');
    expect(allowListProblem('2001:db8::/64')).toBeUndefined();
  });
});

describe('API client secrets', () => {
  it('carry their id; only the right secret matches its hash', () => {
    const { secretid, secret } = newSecret();
    expect(secretIdOf(secret)).toBe(secretid);
    expect(secretMatches(secret, sha256Hex(secret))).toBe(true);
    expect(secretMatches(`${secret.slice(0, -1)}${secret.endsWith('A') ? 'B' : 'A'}`, sha256Hex(secret))).toBe(false);
    expect(secretIdOf('alcs_short')).toBeUndefined();
  });

  it("a client token's prefix is no staff token's start (base64url has no dot)", () => {
    for (let i = 0; i < 200; i++) expect(isClientToken(randomBytes(32).toString('base64url'))).toBe(false);
    expect(isClientToken('alc.abc')).toBe(true);
  });
});
