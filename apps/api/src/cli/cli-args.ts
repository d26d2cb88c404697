// What the CLIs share: a usage mistake, and whole-number options.

/** A usage mistake: the CLI prints the message with its usage text and exits 1. */
export class UsageError extends Error {}

/** A whole-number option (`--point 40`), or undefined when not given. */
export function parseWholeNumber(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value.trim())) throw new UsageError(`${name} must be a whole number, got "${value}"`);
  return Number(value.trim());
}

/** Whether `error` is a usage mistake, ours or node:util parseArgs's. */
export function isUsageError(error: unknown): error is Error {
  return (
    error instanceof UsageError ||
    (error instanceof TypeError && String((error as { code?: unknown }).code).startsWith('ERR_PARSE_ARGS'))
  );
}
