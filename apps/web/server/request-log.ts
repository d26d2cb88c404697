import { REQUEST_LOG_BATCH_BYTES, REQUEST_LOG_FLUSH_MS } from '@manga/contracts';
import SonicBoom from 'sonic-boom';

/**
 * Standard output for the web server's request lines, written in batches as the API writes its own
 * (ADR 077): one write per line was a system call per page. Flushed every interval and when the
 * process exits; a process killed with SIGKILL loses at most its last interval of lines.
 */
export function batchedRequestLog(): { write(line: string): void } {
  const destination = new SonicBoom({ fd: 1, sync: false, minLength: REQUEST_LOG_BATCH_BYTES });
  setInterval(() => {
    // A destroyed stream (the process ending) answers the callback with an error instead of throwing.
    destination.flush(() => undefined);
  }, REQUEST_LOG_FLUSH_MS).unref();
  process.once('exit', () => {
    try {
      destination.flushSync();
    } catch {
      // Standard output already closed: nothing more can be written.
    }
  });
  return destination;
}
