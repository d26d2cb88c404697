// Secrets the service generates for itself when none is configured (ADR 015): one file per secret
// in a directory only the service's user can read (0700, files 0600). The first process to start
// creates a file with a single atomic link(2); every later process, and every restart, reads it,
// so API processes sharing a data directory (and the web server beside them) share the secret.
import { randomBytes } from 'node:crypto';
import { chmod, link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

const NAME = /^[a-z0-9-]+$/;
/** 256 bits, base64url. */
const SECRET_BYTES = 32;
const MIN_LENGTH = 32;

export class SecretFileRepository {
  constructor(private readonly dir: string) {}

  /** The secret stored under `name`, created on first use. */
  async readOrCreateSecret(name: string): Promise<string> {
    if (!NAME.test(name)) throw new Error(`Invalid secret name: ${name}`);
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    const file = path.join(this.dir, name);
    const existing = await this.findSecret(file);
    if (existing !== undefined) return existing;
    const draft = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
    await writeFile(draft, `${randomBytes(SECRET_BYTES).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
    try {
      await link(draft, file);
    } catch (error) {
      // Another process created it first: theirs wins.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      await unlink(draft);
    }
    const created = await this.findSecret(file);
    if (created === undefined) throw new Error(`Secret file ${file} vanished while it was created`);
    return created;
  }

  private async findSecret(file: string): Promise<string | undefined> {
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
    const secret = text.trim();
    if (secret.length < MIN_LENGTH) throw new Error(`Secret file ${file} holds fewer than ${MIN_LENGTH} characters`);
    // Written 0600; tighten a copy restored with wider permissions.
    await chmod(file, 0o600);
    return secret;
  }
}
