import { ResponseCode, requiredParameterMessage } from '@manga/contracts';

/** Response code used when no answer arrived at all (product §8: "Unknown Error", status code 1). */
export const NO_RESPONSE_CODE = 1;

export interface ApiErrorInit {
  message: string;
  responseCode: number;
  /** HTTP status of the answer; undefined when no answer arrived. */
  httpStatus: number | undefined;
  /** The answer's raw text, as received (undefined when no answer arrived). */
  body: string | undefined;
  url: string;
  /** The answer's Retry-After in seconds (a throttled call, HTTP 429), when it sent one. */
  retryAfterSeconds?: number;
  cause?: unknown;
}

/** A failed call: a business error, an HTTP failure, an unreadable answer or no answer at all. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly responseCode: number;
  readonly httpStatus: number | undefined;
  readonly body: string | undefined;
  readonly url: string;
  readonly retryAfterSeconds: number | undefined;

  constructor(init: ApiErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.responseCode = init.responseCode;
    this.httpStatus = init.httpStatus;
    this.body = init.body;
    this.url = init.url;
    this.retryAfterSeconds = init.retryAfterSeconds;
  }
}

/** A required parameter was null or undefined; thrown before any request is sent (product §5). */
export class RequiredError extends Error {
  override readonly name = 'RequiredError';
  readonly field: string;
  readonly operation: string;

  constructor(field: string, operation: string) {
    super(requiredParameterMessage(field, operation));
    this.field = field;
    this.operation = operation;
  }
}

function toCode(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  if (typeof value === 'string' && /^-?\d+$/.test(value.trim())) return Number(value);
  return undefined;
}

function field(source: unknown, name: string): unknown {
  return typeof source === 'object' && source !== null ? (source as Record<string, unknown>)[name] : undefined;
}

function parseJson(text: unknown): unknown {
  if (typeof text !== 'string') return text;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * The response code of any error, in the order of product §4: the error's own response code, else the
 * `response_code` of its JSON-parsed body, else its HTTP status; ServerError when none is known.
 */
export function responseCodeOf(error: unknown): number {
  return (
    toCode(field(error, 'responseCode')) ??
    toCode(field(error, 'response_code')) ??
    toCode(field(parseJson(field(error, 'body')), 'response_code')) ??
    toCode(field(error, 'httpStatus')) ??
    toCode(field(error, 'status')) ??
    toCode(field(error, 'statusCode')) ??
    ResponseCode.ServerError
  );
}

/** The code carried by a parsed answer (`response_code`), when it has one. */
export function answerCode(answer: unknown): number | undefined {
  return toCode(field(answer, 'response_code'));
}

/** The answer's `error_message`, when it is a non-empty string. */
export function answerMessage(answer: unknown): string | undefined {
  const message = field(answer, 'error_message');
  return typeof message === 'string' && message !== '' ? message : undefined;
}

/** The ApiError of an answer whose envelope carries `code` (not 0): its message, or one naming the code. */
export function businessError(
  answer: unknown,
  code: number,
  at: { httpStatus: number | undefined; body: string; url: string },
): ApiError {
  return new ApiError({
    message: answerMessage(answer) ?? `Request failed with response code ${code}`,
    responseCode: code,
    ...at,
  });
}
