import { describe, expect, it } from 'vitest';
import { isIpAddress, isLoopbackAddress, normalizeAddress } from './client-address.rules.ts';

describe('isLoopbackAddress', () => {
  it.each(['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1', ' ::1 '])('%s is this machine', (address) => {
    expect(isLoopbackAddress(address)).toBe(true);
  });
  it.each([
    undefined,
    '',
    '0.0.0.0',
    '10.0.0.1',
    '203.0.113.9',
    '::ffff:203.0.113.9',
    'fe80::1',
    '128.0.0.1',
    'localhost',
    '127.0.0.1.evil.test',
  ])('%s is not', (address) => {
    expect(isLoopbackAddress(address)).toBe(false);
  });
});

describe('normalizeAddress and isIpAddress', () => {
  it('reads IPv4-mapped IPv6 as IPv4 and drops a zone', () => {
    expect(normalizeAddress('::FFFF:10.0.0.1')).toBe('10.0.0.1');
    expect(normalizeAddress('fe80::1%eth0')).toBe('fe80::1');
  });
  it('takes addresses only', () => {
    expect(['203.0.113.9', '2001:db8::1', '::1', '::ffff:10.0.0.1'].every(isIpAddress)).toBe(true);
    expect(['256.1.1.1', 'example.test', '10.0.0.1:80', '1.2.3', '', 'a'.repeat(50)].some(isIpAddress)).toBe(false);
  });
});
