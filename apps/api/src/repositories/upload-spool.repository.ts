// A browser upload written to a temporary file as it arrives (the console's chapter uploads): the
// body is never held in memory whole, and one byte past the limit stops the copy and removes the file.
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export class UploadTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The upload is larger than ${maxBytes} bytes`);
    this.name = 'UploadTooLargeError';
  }
}

export interface SpooledUpload {
  path: string;
  bytes: number;
}

export class UploadSpoolRepository {
  constructor(private readonly directory: string) {}

  /** Copies `body` to a new file named `<uuid><extension>`; refused past `maxBytes` with nothing left behind. */
  async spool(body: AsyncIterable<Uint8Array> | NodeJS.ReadableStream, maxBytes: number, extension: string) {
    await mkdir(this.directory, { recursive: true, mode: 0o700 });
    const file = path.join(this.directory, `${randomUUID()}${extension}`);
    let bytes = 0;
    const limit = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        bytes += chunk.length;
        if (bytes > maxBytes) done(new UploadTooLargeError(maxBytes));
        else done(null, chunk);
      },
    });
    try {
      await pipeline(body, limit, createWriteStream(file, { mode: 0o600 }));
    } catch (error) {
      await this.remove(file);
      throw error;
    }
    return { path: file, bytes } satisfies SpooledUpload;
  }

  async remove(file: string): Promise<void> {
    await rm(file, { force: true });
  }
}
