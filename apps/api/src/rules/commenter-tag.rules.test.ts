import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { COMMENTER_TAG_LENGTH, commenterTagInput, commenterTagOf } from '#src/rules/commenter-tag.rules.ts';

const tagFor = (secret: string, userId: number) =>
  commenterTagOf(createHmac('sha256', secret).update(commenterTagInput(userId)).digest('base64url'));

describe('commenterTagOf', () => {
  it('reads the first 30 bits of the digest as six Crockford base32 characters', () => {
    expect(commenterTagOf('AAAAA')).toBe('000000');
    expect(commenterTagOf('_____')).toBe('ZZZZZZ');
    // 'AAAAB' is the value 1; 'AAABA' is 64 = 2 × 32.
    expect(commenterTagOf('AAAABxyz')).toBe('000001');
    expect(commenterTagOf('AAABA')).toBe('000020');
  });

  it('is stable per user and key, differs between users and between keys', () => {
    const secret = 'a-secret-of-sixteen-or-more';
    expect(tagFor(secret, 42)).toBe(tagFor(secret, 42));
    const tags = new Set(Array.from({ length: 2000 }, (_, i) => tagFor(secret, i + 1)));
    expect(tags.size).toBeGreaterThan(1995);
    expect(tagFor('another-secret-entirely', 42)).not.toBe(tagFor(secret, 42));
    for (const tag of tags) expect(tag).toMatch(new RegExp(`^[0-9A-HJKMNP-TV-Z]{${COMMENTER_TAG_LENGTH}}$`));
  });

  it('refuses what is not a base64url digest', () => {
    expect(() => commenterTagOf('AB+/=')).toThrow('base64url');
    expect(() => commenterTagOf('AB')).toThrow('30 bits');
  });
});
