// The failure a storage repository reports when the object store is away. Repositories throw it,
// services answer 503 for that object only (ADR 038); it lives here, not in the repositories, so that
// services import repositories as types only (ADR 035).

/** The store did not answer in time, could not be reached, or failed; the message names the call and the key. */
export class StorageUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StorageUnavailableError';
  }
}
