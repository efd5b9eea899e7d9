import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, it } from 'vitest';

/**
 * Every operation of the OpenAPI document has a method in the SDK: each method and path of
 * client/src/schema.ts's `paths` (generated from the document; generated.test.ts keeps it current)
 * is called by a resource under client/src/resources/. Liveness and readiness are probes for a
 * load balancer, not calls an application makes.
 */

const CLIENT = resolve(import.meta.dirname, '../../client/src');
const NOT_IN_THE_SDK = ['GET /health', 'GET /ready'];

/** `GET /v1/rates/{}/categories`: a path with each parameter as `{}`. */
const shape = (method: string, path: string) =>
  `${method.toUpperCase()} ${path.replace(/\{[^}]*\}|\$\{[^}]*\}/g, '{}')}`;

function documented(): string[] {
  const schema = readFileSync(join(CLIENT, 'schema.ts'), 'utf8');
  const paths = schema.slice(
    schema.indexOf('export interface paths {'),
    schema.indexOf('\nexport interface webhooks'),
  );
  const out: string[] = [];
  let current = '';
  for (const line of paths.split('\n')) {
    const path = /^ {4}"(\/[^"]*)": \{$/.exec(line);
    if (path) current = path[1];
    const operation = /^ {8}(get|put|post|patch|delete): operations\[/.exec(line);
    if (operation) out.push(shape(operation[1], current));
  }
  return out;
}

function called(): Set<string> {
  const out = new Set<string>();
  for (const name of readdirSync(join(CLIENT, 'resources'))) {
    const source = readFileSync(join(CLIENT, 'resources', name), 'utf8');
    for (const [, method, path] of source.matchAll(/method: '(\w+)',\s*path: (?:path)?[`'](\/[^`']*)[`']/g))
      out.add(shape(method, path));
    for (const [, path] of source.matchAll(/this\.paged\(\s*(?:path)?[`'](\/[^`']*)[`']/g))
      out.add(shape('GET', path));
  }
  return out;
}

it('has a method for every operation of the OpenAPI document', () => {
  const operations = documented();
  expect(operations.length).toBeGreaterThan(40);
  const sdk = called();
  expect(
    operations.filter((operation) => !sdk.has(operation) && !NOT_IN_THE_SDK.includes(operation)),
  ).toEqual([]);
});
