import { md5 } from '@noble/hashes/legacy.js';
import { sha256, sha512 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

// Request signatures (wire §2). Hash functions are injectable so the API can use node:crypto.

/** Each function hashes the UTF-8 bytes of `s` and returns lower-case hex. */
export type HashFunctions = {
  sha256(s: string): string;
  sha512(s: string): string;
  md5(s: string): string;
};

/** Pure-JS hashes; safe in the browser. */
export const nobleHashes: HashFunctions = {
  sha256: (s) => bytesToHex(sha256(utf8ToBytes(s))),
  sha512: (s) => bytesToHex(sha512(utf8ToBytes(s))),
  md5: (s) => bytesToHex(md5(utf8ToBytes(s))),
};

export type SignedParams = Readonly<Record<string, string>>;

/** `hex(sha256(key)) + "_" + hex(sha512(value))` (wire §2.1 step 3). */
export function hashPair(key: string, value: string, h: HashFunctions = nobleHashes): string {
  return `${h.sha256(key)}_${h.sha512(value)}`;
}

// Plain code-unit order, as Array.prototype.sort without a comparator.
function sortedKeys(params: SignedParams): string[] {
  return Object.keys(params).sort();
}

/** A = hex(sha256(pairs joined with ",")) over the decoded parameters (wire §2.1 steps 1–5). */
function paramsDigest(params: SignedParams, h: HashFunctions): string {
  const pairs = sortedKeys(params).map((key) => hashPair(key, params[key] as string, h));
  return h.sha256(pairs.join(','));
}

/**
 * Web signature (`x-manga-hash` / `X-Kmanga-Hash`, wire §2.1): `birthday` and `expires` are
 * the birthday cookie's value and expiry, or both '' when there is no cookie.
 */
export function signWebRequest(
  params: SignedParams,
  birthday: string,
  expires: string,
  h: HashFunctions = nobleHashes,
): string {
  return h.sha512(paramsDigest(params, h) + hashPair(birthday, expires, h));
}

/** Ciao Plus signature (`X-Bambi-Hash`, wire §2.2): no birthday part at all. */
export function signCiaoRequest(params: SignedParams, h: HashFunctions = nobleHashes): string {
  return h.sha512(paramsDigest(params, h));
}

/**
 * App signature (`x-mgpk-hash`, wire §2.3): add `hash_key`, sort by key, concatenate the
 * MD5 of each value, SHA-256 the result.
 */
export function signAppRequest(params: SignedParams, hashKey: string, h: HashFunctions = nobleHashes): string {
  const withKey: SignedParams = { ...params, hash_key: hashKey };
  return h.sha256(
    sortedKeys(withKey)
      .map((key) => h.md5(withKey[key] as string))
      .join(''),
  );
}
