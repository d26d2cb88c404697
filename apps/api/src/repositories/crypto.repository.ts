// Hashing and randomness behind one adapter (architecture habit 2), on node:crypto for speed.
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { HashFunctions } from '@manga/contracts';

const hex = (algorithm: string, value: string) => createHash(algorithm).update(value, 'utf8').digest('hex');

export class CryptoRepository {
  readonly hashes: HashFunctions = {
    sha256: (value) => hex('sha256', value),
    sha512: (value) => hex('sha512', value),
    md5: (value) => hex('md5', value),
  };

  randomToken(bytes = 32): string {
    return randomBytes(bytes).toString('base64url');
  }

  randomU32(): number {
    return randomBytes(4).readUInt32BE(0);
  }

  hmac(secret: string, value: string): string {
    return createHmac('sha256', secret).update(value, 'utf8').digest('base64url');
  }

  sha256(value: string): string {
    return hex('sha256', value);
  }

  safeEqual(a: string, b: string): boolean {
    const left = Buffer.from(a);
    const right = Buffer.from(b);
    return left.length === right.length && timingSafeEqual(left, right);
  }
}
