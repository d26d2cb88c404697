// Password hashing behind an adapter (architecture habit 2): argon2id from @node-rs/argon2 (architecture §2).
import { type Algorithm, hash, verify } from '@node-rs/argon2';

/** `Algorithm.Argon2id`; the const enum cannot be read under isolatedModules. */
const ARGON2ID = 2 as Algorithm;

export interface PasswordHashCost {
  /** KiB per hash (OWASP minimum for argon2id: 19456). */
  memoryCost: number;
  timeCost: number;
}

export const DEFAULT_PASSWORD_HASH_COST: PasswordHashCost = { memoryCost: 19_456, timeCost: 2 };

export class PasswordHasherRepository {
  constructor(private readonly cost: PasswordHashCost = DEFAULT_PASSWORD_HASH_COST) {}

  hashPassword(password: string): Promise<string> {
    return hash(password, { algorithm: ARGON2ID, memoryCost: this.cost.memoryCost, timeCost: this.cost.timeCost });
  }

  /** False for a wrong password and for a malformed hash. */
  async verifyPassword(passwordHash: string, password: string): Promise<boolean> {
    try {
      return await verify(passwordHash, password);
    } catch {
      return false; // a malformed stored hash matches nothing
    }
  }
}
