import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { StaffRole } from '@manga/contracts';
import sharp from 'sharp';
import { serviceEnv } from './e2e-env.ts';

const run = promisify(execFile);
const root = fileURLToPath(new URL('..', import.meta.url));

/** How long the API may keep answering from its maintenance cache (MaintenanceService, 2 s) plus margin. */
export const MAINTENANCE_CACHE_WAIT_MS = 2_500;

/** Runs one of the API's CLIs against the service under test's data (its environment). */
async function runApiCli(script: string, args: readonly string[]): Promise<string> {
  // The service under test runs on its embedded defaults or MANGA_DATABASE_URL (`.ci/run` starts it
  // without DATABASE_URL / REDIS_URL, which it exports for the PostgreSQL suite only).
  const env = { ...serviceEnv };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  const { stdout } = await run(process.execPath, ['--import', 'tsx', `apps/api/src/cli/${script}`, ...args], {
    cwd: root,
    env,
  });
  return stdout;
}

/** Switches the API's maintenance mode with its CLI, with the service's environment, and waits out the cache. */
export async function setMaintenance(on: boolean): Promise<void> {
  await runApiCli('maintenance.cli.ts', [on ? 'on' : 'off']);
  await new Promise((resolve) => setTimeout(resolve, MAINTENANCE_CACHE_WAIT_MS));
}

/** Gives an account a staff role as whoever runs the server would: `npm run operator -- add <email> --role <role>`. */
export async function makeStaff(email: string, role: StaffRole = 'moderator'): Promise<void> {
  await runApiCli('operator.cli.ts', ['add', email, '--role', role]);
}

/** Gives a reader points as support would: `npm run points -- grant <email> <amount> --reason "…"`. */
export async function grantPoints(
  email: string,
  amount: number,
  options: { paid?: boolean; expiresDays?: number; reason?: string } = {},
): Promise<string> {
  return runApiCli('points.cli.ts', [
    'grant',
    email,
    String(amount),
    '--reason',
    options.reason ?? 'e2e test',
    ...(options.paid ? ['--paid'] : []),
    ...(options.expiresDays !== undefined ? ['--expires-days', String(options.expiresDays)] : []),
  ]);
}

/** Gives a reader premium tickets: `npm run points -- grant-ticket <email> [--count N] [--expires-days N]`. */
export async function grantPremiumTickets(
  email: string,
  options: { count?: number; expiresDays?: number } = {},
): Promise<string> {
  return runApiCli('points.cli.ts', [
    'grant-ticket',
    email,
    ...(options.count !== undefined ? ['--count', String(options.count)] : []),
    ...(options.expiresDays !== undefined ? ['--expires-days', String(options.expiresDays)] : []),
  ]);
}

/**
 * Imports a new chapter of `pageCount` drawn pages as an editor would: `npm run import -- <folder>
 * --title <id> --episode <id> --name "…" --point N`, released at once. A test that needs a chapter
 * makes a real one (pages, seed, caches told), never a bare row a reader could open to no pages.
 */
export async function importChapter(options: {
  titleId: number;
  episodeId: number;
  name: string;
  point?: number;
  pageCount?: number;
}): Promise<void> {
  const folder = await mkdtemp(join(tmpdir(), 'e2e-chapter-'));
  try {
    for (let index = 1; index <= (options.pageCount ?? 2); index++) {
      await sharp({ create: { width: 320, height: 448, channels: 3, background: { r: 40 * index, g: 90, b: 160 } } })
        .png()
        .toFile(join(folder, `page-${String(index).padStart(2, '0')}.png`));
    }
    await runApiCli('import.cli.ts', [
      folder,
      '--title',
      String(options.titleId),
      '--episode',
      String(options.episodeId),
      '--name',
      options.name,
      '--point',
      String(options.point ?? 0),
    ]);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
