import { describe, expect, it } from 'vitest';
import { requestIdOf } from './request-id.server.ts';

describe('requestIdOf', () => {
  const fresh = () => 'fresh-id';

  it('makes a new id unless the front is trusted, whatever the visitor sent', () => {
    expect(requestIdOf('visitor-chose-this', false, fresh)).toBe('fresh-id');
    expect(requestIdOf(undefined, false, fresh)).toBe('fresh-id');
  });

  it("takes a trusted front's id, but never a malformed or repeated header", () => {
    expect(requestIdOf('5f2c0a9e8d7b6a5f4e3d2c1b0a998877', true, fresh)).toBe('5f2c0a9e8d7b6a5f4e3d2c1b0a998877');
    expect(requestIdOf('two words', true, fresh)).toBe('fresh-id');
    expect(requestIdOf(['a', 'b'], true, fresh)).toBe('fresh-id');
    expect(requestIdOf(undefined, true, fresh)).toBe('fresh-id');
  });

  it('makes UUIDs by default', () => {
    expect(requestIdOf(undefined, false)).toMatch(/^[0-9a-f-]{36}$/);
  });
});
