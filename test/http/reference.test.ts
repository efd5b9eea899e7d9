import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_TITLE } from '../../src/http/plugins/openapi.js';
import { EVENT_TYPES } from '../../src/webhooks/events.js';
import { startTestApp, type TestApp } from '../helpers/harness.js';
import { lintOutput, OFFLINE_REGISTRIES, repositoryFile } from './support.js';

/**
 * The OpenAPI document as a newcomer reads it: every operation and event says what it does and
 * shows an example, every event's body has a schema in `webhooks` with the signature headers, a
 * key is asked for exactly where the gates ask for one, and the document passes `redocly lint`
 * with the repository's redocly.yaml (the command CI runs). The document does not depend on the
 * storage engine, so one SQLite instance serves the whole file.
 */

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch'];

// biome-ignore lint/suspicious/noExplicitAny: the document is inspected freely
type Json = any;

interface Operation {
  where: string;
  path: string;
  operation: Json;
}

/** Every operation of `paths` and of `webhooks`. */
function operationsOf(document: Json): Operation[] {
  return (['paths', 'webhooks'] as const).flatMap((section) =>
    Object.entries(document[section] as Record<string, Json>).flatMap(([path, item]) =>
      Object.entries(item as Record<string, Json>)
        .filter(([method]) => HTTP_METHODS.includes(method))
        .map(([method, operation]) => ({ where: `${section} ${method} ${path}`, path, operation })),
    ),
  );
}

const hasExample = (media: Json) =>
  media?.example !== undefined || Object.keys(media?.examples ?? {}).length > 0;

describe('the OpenAPI document', () => {
  let app: TestApp;
  let document: Json;
  beforeAll(async () => {
    app = await startTestApp({ name: 'sqlite' }, { env: OFFLINE_REGISTRIES });
    document = (await app.request('GET', '/openapi.json')).body;
  });
  afterAll(() => app.close());

  it("keeps the service's title and has a short description", () => {
    expect(document.info.title).toBe(API_TITLE);
    expect(document.info.description).toMatch(/\S/);
    expect(document.info.description.length).toBeLessThan(1_000);
  });

  it('gives every operation a summary and a description', () => {
    const operations = operationsOf(document);
    expect(operations.length).toBeGreaterThanOrEqual(15 + EVENT_TYPES.length);
    for (const { where, operation } of operations) {
      expect(operation.summary, where).toMatch(/\S/);
      expect(operation.description?.length ?? 0, where).toBeGreaterThan(40);
    }
  });

  it('gives every operation an example of its answer, its body and its required parameters', () => {
    for (const { where, operation } of operationsOf(document)) {
      if (where.startsWith('paths')) {
        const success = Object.keys(operation.responses).find((status) => /^2/.test(status));
        expect(success, where).toBeDefined();
        // JSON answers, or the one media type of an answer that is not JSON (the CSV export).
        const content = operation.responses[success!].content ?? {};
        expect(hasExample(content['application/json'] ?? Object.values(content)[0]), where).toBe(true);
      }
      // JSON bodies, or the first media type of a body that is not JSON (the bulk file's CSV).
      if (operation.requestBody) {
        const body = operation.requestBody.content;
        expect(hasExample(body['application/json'] ?? Object.values(body)[0]), `${where} body`).toBe(true);
      }
      for (const parameter of operation.parameters ?? []) {
        const resolved = parameter.$ref
          ? document.components.parameters[parameter.$ref.split('/').pop()]
          : parameter;
        if (resolved.required) expect(hasExample(resolved), `${where} ${resolved.name}`).toBe(true);
      }
    }
  });

  it('gives every error response of an operation an example of each code it lists', () => {
    for (const { where, operation } of operationsOf(document).filter((op) => op.where.startsWith('paths'))) {
      for (const [status, response] of Object.entries(operation.responses as Record<string, Json>)) {
        if (Number(status) < 400 || where.endsWith(' /ready')) continue;
        const examples = response.content['application/json'].examples;
        const codes = [...response.description.matchAll(/`([a-z_]+)`/g)].map((m) => m[1]);
        expect(codes.length, `${where} ${status}`).toBeGreaterThan(0);
        expect(Object.keys(examples).sort(), `${where} ${status}`).toEqual([...codes].sort());
        for (const code of codes) expect(examples[code].value.error.code).toBe(code);
      }
    }
  });

  it('has every event type in webhooks: the envelope schema, an example and the signature headers', () => {
    expect(Object.keys(document.webhooks).sort()).toEqual([...EVENT_TYPES].sort());
    const parameters = document.components.parameters;
    for (const type of EVENT_TYPES) {
      const media = document.webhooks[type].post.requestBody.content['application/json'];
      const schema = document.components.schemas[media.schema.$ref.replace('#/components/schemas/', '')];
      expect(schema.required, type).toEqual(['id', 'type', 'created_at', 'data']);
      expect(schema.properties.type.enum, type).toEqual([type]);
      const example = Object.values(media.examples as Record<string, Json>)[0].value;
      expect(example.type, type).toBe(type);
      expect(example.id, type).toMatch(/^evt_[0-9a-f]{32}$/);
      const headers = (document.webhooks[type].post.parameters as Json[]).map(
        (parameter) => parameters[parameter.$ref.split('/').pop()],
      );
      expect(headers.filter((header) => header.in === 'header').map((header) => header.name)).toEqual(
        expect.arrayContaining(['webhook-id', 'webhook-timestamp', 'webhook-signature']),
      );
    }
  });

  /** /v1 operations anyone may call: the registries' status. */
  const PUBLIC_V1 = ['/v1/status'];
  const needsKey = (path: string) => path.startsWith('/v1/') && !PUBLIC_V1.includes(path);

  it('asks for a key on every /v1 operation and on none of the public ones', () => {
    expect(document.security ?? []).toEqual([]);
    expect(document.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    for (const { where, path, operation } of operationsOf(document)) {
      if (needsKey(path)) expect(operation.security, where).toEqual([{ bearer: [] }]);
      else expect(operation.security ?? [], where).toEqual([]);
    }
    expect(Object.keys(document.paths)).not.toEqual(
      expect.arrayContaining(['/metrics', '/openapi.json', '/docs']),
    );
  });

  it('documents 401 (with its challenge) and 429 on every /v1 operation', () => {
    for (const { where, path, operation } of operationsOf(document)) {
      if (!needsKey(path)) continue;
      expect(operation.responses['401']?.headers?.['WWW-Authenticate'], where).toBeDefined();
      expect(operation.responses['429'], where).toBeDefined();
    }
  });

  it('passes redocly lint with the repository config, without a warning', async () => {
    const stdout = await lintOutput(
      document,
      '@redocly/cli/bin/cli.js',
      (file) => ['lint', file, '--config', repositoryFile('redocly.yaml'), '--format', 'json'],
      // No anonymous usage report and no version check: the lint stays offline.
      {
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
        timeoutMs: 110_000,
      },
    );
    const report = JSON.parse(stdout) as { totals: Json; problems: Json[] };
    const problems = report.problems.map((p) => `${p.ruleId}: ${p.message} at ${p.location?.[0]?.pointer}`);
    expect(problems).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  });
});
