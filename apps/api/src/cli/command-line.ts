// What every CLI here does with its command line: strict parsing (node:util), `--help` / `-h`
// printing the usage line, and a mistake in the arguments answered with the message, the usage and
// exit code 1; any other failure with `<what failed>: <message>` and exit code 1.
import { type ParseArgsConfig, parseArgs } from 'node:util';

type Options = NonNullable<ParseArgsConfig['options']>;

/** A mistake in the arguments: the CLI prints it with the usage line. */
export class UsageError extends Error {}

/** A whole-number option (`--point 40`), or undefined when not given. */
export function parseWholeNumber(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value.trim())) throw new UsageError(`${name} must be a whole number, got "${value}"`);
  return Number(value.trim());
}

const HELP = { help: { type: 'boolean', short: 'h', default: false } } as const;

/**
 * The arguments parsed against `options` (plus --help), or undefined when --help printed the usage.
 * Unknown options and malformed values throw UsageError.
 */
export function readCommandLine<const O extends Options>(
  argv: readonly string[],
  usage: string,
  config: { options: O; allowPositionals?: boolean },
) {
  type Parsed = { args: string[]; options: O & typeof HELP; allowPositionals: boolean; strict: true };
  let parsed: ReturnType<typeof parseArgs<Parsed>>;
  try {
    parsed = parseArgs<Parsed>({
      args: [...argv],
      options: { ...config.options, ...HELP },
      allowPositionals: config.allowPositionals ?? false,
      strict: true,
    });
  } catch (error) {
    if (error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS')) {
      throw new UsageError(error.message);
    }
    throw error;
  }
  if ((parsed.values as { help?: boolean }).help) {
    console.log(usage);
    return undefined;
  }
  return parsed;
}

/** Runs a CLI's `main` and exits with its code (0 when it returns nothing). */
export function runCommand(
  main: () => Promise<number | undefined>,
  messages: { usage: string; failure: string },
): void {
  main().then(
    (code) => process.exit(code ?? 0),
    (error: unknown) => {
      console.error(
        error instanceof UsageError
          ? `${error.message}\n${messages.usage}`
          : `${messages.failure}: ${error instanceof Error ? error.message : String(error)}`,
      );
      process.exit(1);
    },
  );
}
