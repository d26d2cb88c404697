// `npm run sql -w @manga/api`: writes apps/api/src/queries/<repository>.<dialect>.sql, the SQL of every
// repository query on SQLite and PostgreSQL (architecture habit 5), from the cases of repository-cases.ts.
// Files of repositories no longer listed are removed. CI fails when the committed files differ from
// what the code generates (sql-snapshot.test.ts beside this file).
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sqlSnapshotGroups } from '#test/sql-snapshot/repository-cases.ts';
import { generateSqlSnapshots } from '#test/sql-snapshot/sql-recorder.ts';

if (process.argv.includes('--help') || process.argv.includes('-h')) {
  console.log('Usage: npm run sql -w @manga/api   (writes apps/api/src/queries/*.sql)');
  process.exit(0);
}
const directory = fileURLToPath(new URL('../../src/queries/', import.meta.url));
const files = await generateSqlSnapshots(sqlSnapshotGroups);

mkdirSync(directory, { recursive: true });
for (const stale of readdirSync(directory).filter((name) => name.endsWith('.sql') && !files.has(name))) {
  rmSync(join(directory, stale));
  console.log(`removed ${join(directory, stale)}`);
}
for (const [name, content] of files) writeFileSync(join(directory, name), content);
console.log(`wrote ${files.size} files to ${directory}`);
