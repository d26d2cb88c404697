// Commenters' pseudonyms (ADR 013): readers see "Reader 7K2QX9", never an id or an e-mail address. The
// tag is a keyed hash of the user id (HMAC-SHA256 with MANGA_COMMENTER_TAG_SECRET, computed by the
// crypto repository), so it is the same on every comment of one reader, tells readers apart, and
// cannot be turned back into the id without the key.

/** Crockford's base32: no I, L, O or U, so a tag reads aloud and copies without confusion. */
const TAG_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** Characters of a tag: 30 bits, about a billion values, so two readers rarely share one. */
export const COMMENTER_TAG_LENGTH = 6;

/** What the HMAC is computed over: the purpose and the id, so the key could serve nothing else by accident. */
export const commenterTagInput = (userId: number) => `commenter-tag:${userId}`;

/** The user id → tag function services are given (the container binds the key). */
export type CommenterTagger = (userId: number) => string;

/** The tag of an HMAC digest in base64url: its first 30 bits as six base32 characters. */
export function commenterTagOf(digest: string): string {
  let bits = 0;
  for (const char of digest.slice(0, 5)) {
    const value = BASE64URL.indexOf(char);
    if (value < 0) throw new Error('commenterTagOf expects a base64url digest');
    bits = bits * 64 + value;
  }
  if (digest.length < 5) throw new Error('commenterTagOf expects a digest of at least 30 bits');
  let tag = '';
  for (let i = 0; i < COMMENTER_TAG_LENGTH; i++) {
    tag = (TAG_ALPHABET[bits % 32] as string) + tag;
    bits = Math.floor(bits / 32);
  }
  return tag;
}
