import { type ResponseCode, responseCodeMessage } from '@manga/contracts';

/** A business failure with a stable product §8 / wire §5 code. Its message may reach the client. */
export class DomainError extends Error {
  constructor(
    readonly code: ResponseCode,
    message?: string,
    /** Only where the code's usual HTTP status would mislead (e.g. 403 for an expired image link). */
    readonly httpStatus?: number,
    /** Sent as Retry-After: when a throttled call may be tried again. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message ?? responseCodeMessage(code)); // the product §8 text unless a clearer one is given
    this.name = 'DomainError';
  }
}

export const isDomainError = (error: unknown): error is DomainError => error instanceof DomainError;
