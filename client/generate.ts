import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';

/**
 * The typed client's types, generated from the service's own OpenAPI document with
 * openapi-typescript. `npm run client:generate` writes them to client/src/schema.ts;
 * test/client/generated.test.ts regenerates them and fails when the committed file differs.
 */

export const SCHEMA_FILE = fileURLToPath(new URL('./src/schema.ts', import.meta.url));

const HEADER = `/**
 * Generated from the VAT service's OpenAPI document by openapi-typescript: do not edit.
 * Regenerate with \`npm run client:generate\`.
 */

`;

/** Bytes of a binary media type (the proof's PDF) are a Blob, as `fetch` gives them; text stays a string. */
const BLOB = ts.factory.createTypeReferenceNode(ts.factory.createIdentifier('Blob'));

export async function clientSchema(document: Record<string, unknown>): Promise<string> {
  const ast = await openapiTS(document as unknown as Parameters<typeof openapiTS>[0], {
    alphabetize: true,
    transform(schema) {
      const media = 'contentMediaType' in schema ? schema.contentMediaType : undefined;
      return typeof media === 'string' && !media.startsWith('text/') ? BLOB : undefined;
    },
  });
  return HEADER + astToString(ast);
}

export async function writeClientSchema(document: Record<string, unknown>): Promise<void> {
  writeFileSync(SCHEMA_FILE, await clientSchema(document));
}
