import { describe, expect, it } from 'vitest';
import { isRequestId } from './request-id.rules.ts';

describe('isRequestId', () => {
  it('takes UUIDs and nginx request ids, refuses anything that could break a log line or grow it', () => {
    expect(isRequestId('0f8fad5b-d9cb-469f-a165-70867728950e')).toBe(true);
    expect(isRequestId('5f2c0a9e8d7b6a5f4e3d2c1b0a998877')).toBe(true);
    expect(isRequestId('')).toBe(false);
    expect(isRequestId('a b')).toBe(false);
    expect(isRequestId('id\n{"level":60}')).toBe(false);
    expect(isRequestId('x'.repeat(129))).toBe(false);
    expect(isRequestId(['a'])).toBe(false);
    expect(isRequestId(undefined)).toBe(false);
  });
});
