// The conflicts a repository reports when a unique key refuses a write. Repositories throw them,
// services translate them into response codes; they live here, not in the repositories, so that
// services import repositories as types only (ADR 035).

/** An insert or update hit the unique e-mail index (another account took the address meanwhile). */
export class EmailTakenError extends Error {
  constructor(options?: { cause?: unknown }) {
    super('email address already used by another account', options);
    this.name = 'EmailTakenError';
  }
}

/** Another reader of the region holds a nickname with the same key (unique index, ADR 066). */
export class NicknameTakenError extends Error {
  constructor(options?: { cause?: unknown }) {
    super('nickname already used in the region', options);
    this.name = 'NicknameTakenError';
  }
}

/** The normalised word is already on the NG word list (unique key). */
export class NgWordTakenError extends Error {
  constructor(options?: { cause?: unknown }) {
    super('NG word already on the list', options);
    this.name = 'NgWordTakenError';
  }
}

/** The (user, episode) or (user, magazine) purchase exists already: a replay or a concurrent submit. */
export class DuplicatePurchaseError extends Error {
  constructor(options?: { cause?: unknown }) {
    super('already purchased', options);
    this.name = 'DuplicatePurchaseError';
  }
}

/** An audit row with this request key exists already: a console form sent twice (ADR 063). */
export class DuplicateRequestKeyError extends Error {
  constructor(options?: { cause?: unknown }) {
    super('request already recorded', options);
    this.name = 'DuplicateRequestKeyError';
  }
}
