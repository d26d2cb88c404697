// `npm run openapi -w @manga/api`: writes apps/api/openapi.json from the route schemas (ADR 002).
// CI fails when the committed file differs from what the code generates (openapi.test.ts).
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { generateOpenApiDocument } from '#src/openapi.ts';

if (process.argv.includes('--help') || process.argv.includes('-h')) {
  console.log('Usage: npm run openapi -w @manga/api   (writes apps/api/openapi.json)');
  process.exit(0);
}
const target = fileURLToPath(new URL('../../openapi.json', import.meta.url));
writeFileSync(target, await generateOpenApiDocument());
console.log(`wrote ${target}`);
