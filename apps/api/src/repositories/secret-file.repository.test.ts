import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SecretFileRepository } from '#src/repositories/secret-file.repository.ts';

const dirs: string[] = [];
function freshDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'manga-secrets-'));
  dirs.push(dir);
  return path.join(dir, 'secrets');
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('SecretFileRepository', () => {
  it('creates a 256-bit secret once, readable by the owner only, and answers it again after a restart', async () => {
    const dir = freshDir();
    const first = await new SecretFileRepository(dir).readOrCreateSecret('image-url-secret');
    expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(statSync(path.join(dir, 'image-url-secret')).mode & 0o777).toBe(0o600);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(await new SecretFileRepository(dir).readOrCreateSecret('image-url-secret')).toBe(first);
    expect(await new SecretFileRepository(dir).readOrCreateSecret('proxy-secret')).not.toBe(first);
  });

  it('gives processes starting together one secret', async () => {
    const dir = freshDir();
    const secrets = await Promise.all(
      Array.from({ length: 8 }, () => new SecretFileRepository(dir).readOrCreateSecret('proxy-secret')),
    );
    expect(new Set(secrets).size).toBe(1);
  });

  it('tightens the mode of a restored file and refuses a file that holds no real secret', async () => {
    const dir = freshDir();
    await new SecretFileRepository(dir).readOrCreateSecret('image-url-secret');
    const file = path.join(dir, 'image-url-secret');
    writeFileSync(file, `${'k'.repeat(40)}\n`, { mode: 0o644 });
    expect(await new SecretFileRepository(dir).readOrCreateSecret('image-url-secret')).toBe('k'.repeat(40));
    expect(statSync(file).mode & 0o777).toBe(0o600);
    writeFileSync(file, 'short');
    await expect(new SecretFileRepository(dir).readOrCreateSecret('image-url-secret')).rejects.toThrow(/fewer than/);
  });
});
