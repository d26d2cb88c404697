import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BatchedLines } from './batched-lines.ts';

function fileOutput() {
  const dest = join(mkdtempSync(join(tmpdir(), 'batched-lines-')), 'out.log');
  // The file is opened asynchronously: until then nothing has been written.
  return { dest, read: () => (existsSync(dest) ? readFileSync(dest, 'utf8') : '') };
}

describe('BatchedLines', () => {
  it('keeps lines until a batch is full, then hands them over in order', async () => {
    const { dest, read } = fileOutput();
    const lines = new BatchedLines({ dest, batchLength: 30, flushMs: 60_000 });
    lines.write('first line\n');
    lines.write('second line\n');
    expect(read()).toBe('');
    lines.flush();
    await expect.poll(read, { timeout: 2_000 }).toBe('first line\nsecond line\n');
    lines.write('a line of more than thirty characters\n'); // a full batch on its own
    lines.write('kept\n');
    await expect
      .poll(read, { timeout: 2_000 })
      .toBe('first line\nsecond line\na line of more than thirty characters\n');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(read()).not.toContain('kept');
    lines.flushSync();
    expect(read()).toBe('first line\nsecond line\na line of more than thirty characters\nkept\n');
  });

  it('hands a partial batch over on its interval', async () => {
    const { dest, read } = fileOutput();
    const lines = new BatchedLines({ dest, batchLength: 4096, flushMs: 20 });
    lines.write('one\n');
    lines.write('two 二\n');
    await expect.poll(read, { timeout: 2_000 }).toBe('one\ntwo 二\n');
  });
});
