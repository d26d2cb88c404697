// Every npm command the README documents exists and starts: its script is defined (root or
// workspace, following `npm run x -w y` delegation), the tools and files it names exist, and each of
// our own entry points answers `--help` with a usage line and exit code 0. `npm run migrate` once
// pointed at a missing file; this keeps a documented command from going missing again.
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const run = promisify(execFile);

interface PackageJson {
  name: string;
  workspaces?: string[];
  scripts?: Record<string, string>;
}

const readPackage = (dir: string): PackageJson => JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8'));
const rootPackage = readPackage('.');
const workspaceDirs = new Map((rootPackage.workspaces ?? []).map((dir) => [readPackage(dir).name, dir]));

/** A documented command: the script name and the workspace it runs in ('.' for the root). */
interface DocumentedCommand {
  text: string;
  script: string;
  dir: string;
}

/** `npm start`, `npm test`, `npm run x`, `npm run x -w @manga/y` as written in the README. */
function documentedCommands(markdown: string): DocumentedCommand[] {
  const found = new Map<string, DocumentedCommand>();
  for (const match of markdown.matchAll(/npm (?:run ([\w:.-]+)|(start|test)\b)(?: -w (@[\w/.-]+))?/g)) {
    const script = match[1] ?? match[2] ?? '';
    const workspace = match[3];
    const dir = workspace === undefined ? '.' : (workspaceDirs.get(workspace) ?? `<unknown workspace ${workspace}>`);
    found.set(`${dir}:${script}`, { text: match[0], script, dir });
  }
  return [...found.values()];
}

/** A command a script finally runs (after following `npm run` delegation), with its directory. */
interface FinalCommand {
  dir: string;
  argv: string[];
}

function resolveScript(dir: string, script: string, trail: string[] = []): FinalCommand[] {
  const body = readPackage(dir).scripts?.[script];
  if (body === undefined) throw new Error(`${[...trail, `${dir}:${script}`].join(' → ')} is not defined`);
  return body.split('&&').flatMap((part): FinalCommand[] => {
    const argv = part.trim().split(/\s+/);
    const delegated = part.trim().match(/^npm run ([\w:.-]+)(?: -w (@[\w/.-]+))?(?: --)?$/);
    if (!delegated) return [{ dir, argv }];
    const target = delegated[2] === undefined ? dir : workspaceDirs.get(delegated[2]);
    if (target === undefined) throw new Error(`${dir}:${script} names an unknown workspace ${delegated[2]}`);
    return resolveScript(target, delegated[1] as string, [...trail, `${dir}:${script}`]);
  });
}

const binaryExists = (dir: string, name: string) =>
  ['node', 'npm'].includes(name) ||
  existsSync(join(root, dir, 'node_modules/.bin', name)) ||
  existsSync(join(root, 'node_modules/.bin', name));

/** Arguments that name a file or folder of ours (a config, a project, a script). */
const pathArguments = (argv: readonly string[]) => argv.slice(1).filter((arg) => /^[\w.-]+\/[\w./-]*$/.test(arg));

/** Our own entry point (`tsx src/cli/x.ts`, `node scripts/x.mjs`), if the command runs one. */
function ownEntryPoint({ argv }: FinalCommand): string | undefined {
  const [program, file] = argv;
  return (program === 'tsx' || program === 'node') && file !== undefined && /\.(ts|mjs)$/.test(file) ? file : undefined;
}

const readme = readFileSync(join(root, 'README.md'), 'utf8');
const commands = documentedCommands(readme);

describe('commands documented in the README', () => {
  it('finds the everyday commands in the README', () => {
    expect(commands.map((c) => c.text)).toEqual(
      expect.arrayContaining(['npm start', 'npm test', 'npm run migrate', 'npm run seed', 'npm run import']),
    );
  });

  it.each(commands)('`$text` is a script whose tools and files exist', ({ dir, script }) => {
    for (const command of resolveScript(dir, script)) {
      const [program = ''] = command.argv;
      expect(binaryExists(command.dir, program), `${program} (run by ${command.argv.join(' ')})`).toBe(true);
      for (const path of pathArguments(command.argv)) {
        expect(existsSync(join(root, command.dir, path)), `${command.dir}/${path}`).toBe(true);
      }
    }
  });

  it('answers --help from every entry point of ours that a documented command runs', async () => {
    const entries = new Map<string, FinalCommand>();
    for (const { dir, script } of commands) {
      for (const command of resolveScript(dir, script)) {
        if (ownEntryPoint(command)) entries.set(`${command.dir}:${command.argv.join(' ')}`, command);
      }
    }
    expect(entries.size).toBeGreaterThanOrEqual(6);
    const tsx = join(root, 'node_modules/.bin/tsx');
    const ask = async ({ dir, argv }: FinalCommand) => {
      const [program, ...args] = argv;
      const executable = program === 'tsx' ? tsx : process.execPath;
      try {
        const { stdout } = await run(executable, [...args, '--help'], { cwd: join(root, dir), timeout: 120_000 });
        return { command: argv.join(' '), usage: /usage/i.test(stdout) };
      } catch (error) {
        return { command: argv.join(' '), usage: false, error: String(error) };
      }
    };
    // Two at a time, each given two minutes: a hang guard, not a speed check. Twenty TypeScript
    // processes at once on a busy two-core machine ran past the timeout, and four at a time under
    // a load of 16 ran past 20 seconds each.
    const queue = [...entries.values()];
    const answers: Awaited<ReturnType<typeof ask>>[] = [];
    await Promise.all(
      Array.from({ length: 2 }, async () => {
        for (let next = queue.shift(); next; next = queue.shift()) answers.push(await ask(next));
      }),
    );
    expect(answers.filter((answer) => !answer.usage)).toEqual([]);
  }, 900_000);
});
