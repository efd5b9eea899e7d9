import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { clientSchema, SCHEMA_FILE, writeClientSchema } from '../../client/generate.js';
import { openApiDocument } from '../../src/http/openapi-document.js';

/**
 * The typed client is generated from the service's own OpenAPI document: regenerating it must give
 * the committed file, so the client never drifts from the API. `npm run client:generate` runs this
 * file with CLIENT_GENERATE=1, which writes the file instead of comparing.
 */
describe('the typed client', () => {
  // Building the app and generating the types of an 800 KB document: seconds alone, more on a busy machine.
  it('is generated from the current OpenAPI document', async () => {
    const document = await openApiDocument();
    if (process.env.CLIENT_GENERATE === '1') await writeClientSchema(document);
    expect(existsSync(SCHEMA_FILE), 'client/src/schema.ts is missing: run npm run client:generate').toBe(
      true,
    );
    const committed = readFileSync(SCHEMA_FILE, 'utf8');
    expect(
      committed === (await clientSchema(document)),
      'client/src/schema.ts differs from the OpenAPI document: run npm run client:generate and commit it',
    ).toBe(true);
  });
});
