// The failures a storage repository reports: the object store is away, or a range lies past an object's end. Repositories throw it,
// services answer 503 for that object only (ADR 038); it lives here, not in the repositories, so that
// services import repositories as types only (ADR 035).

/** The store did not answer in time, could not be reached, or failed; the message names the call and the key. */
export class StorageUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StorageUnavailableError';
  }
}

/** A range that starts past the object's last byte. */
export class StorageRangeError extends Error {
  constructor(
    readonly key: string,
    readonly bytes: number,
  ) {
    super(`Range not satisfiable for ${key} (${bytes} bytes)`);
    this.name = 'StorageRangeError';
  }
}
