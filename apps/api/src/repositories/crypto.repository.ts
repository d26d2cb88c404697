// Hashing and randomness behind one adapter (architecture habit 2), on node:crypto for speed.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { HashFunctions } from '@manga/contracts';
import { nodeHashes } from '@manga/contracts/node-hashes';

export class CryptoRepository {
  readonly hashes: HashFunctions = nodeHashes;

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
    return nodeHashes.sha256(value);
  }

  safeEqual(a: string, b: string): boolean {
    const left = Buffer.from(a);
    const right = Buffer.from(b);
    return left.length === right.length && timingSafeEqual(left, right);
  }
}
