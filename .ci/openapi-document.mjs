// Writes the service's OpenAPI document to the file named by the first argument, without starting
// anything (src/http/openapi-document.ts). Runs from the build (dist/), so `npm run build` first.
//   node .ci/openapi-document.mjs /tmp/openapi.json
import { writeFileSync } from 'node:fs';
import { openApiDocument } from '../dist/src/http/openapi-document.js';

const target = process.argv[2];
if (!target) {
  console.error('usage: node .ci/openapi-document.mjs <file>');
  process.exit(2);
}
writeFileSync(target, `${JSON.stringify(await openApiDocument(), null, 2)}\n`);
