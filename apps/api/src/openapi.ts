import { buildApp } from '#src/app.ts';
import { testConfig } from '#src/config.ts';
import { createDatabase } from '#src/db/database.ts';

/**
 * The OpenAPI document as committed: stable key order, trailing newline. `includeHidden` adds the
 * routes the served document leaves out (`/ops/*`), for the api-client check (ADR 034).
 */
export async function generateOpenApiDocument(options: { includeHidden?: boolean } = {}): Promise<string> {
  const database = createDatabase({ url: 'sqlite::memory:' });
  // The development outbox is documented too (MANGA_DEV_OUTBOX, loopback clients only).
  const app = await buildApp({
    config: testConfig({ devOutbox: true }),
    database,
    logger: false,
    documentHiddenRoutes: options.includeHidden === true,
  });
  try {
    return `${JSON.stringify(app.swagger(), null, 2)}\n`;
  } finally {
    await app.close();
    await database.close();
  }
}
