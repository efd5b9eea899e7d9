import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE, ERROR_CODES } from '../../src/errors.js';
import { API_TITLE } from '../../src/http/plugins/openapi.js';
import { openDatabase } from '../../src/store/database.js';
import { TEST_MAGIC_NUMBERS } from '../../src/validation/test-mode.js';
import { createTestDatabase, describeEachDialect } from '../helpers/dialects.js';
import { startTestApp, type TestApp } from '../helpers/harness.js';
import { shared } from '../helpers/shared.js';
import { DOCS_BASE, expectError, OFFLINE_REGISTRIES } from './support.js';

/**
 * What the service documents about itself: OpenAPI 3.1 at /openapi.json, a
 * reference page at /docs that works offline, one page per error code at /docs/errors/{code}
 * (what every docs_url points at), the test-mode numbers at /docs/test-mode, and GET /health and
 * GET /ready. None of these needs a key. (The document's content: test/http/reference.test.ts.)
 */

/** Every row `| METHOD | \`/v1/...\` | ... |` of the spec's endpoint table (section 4). */
const SPEC_OPERATIONS = [
  ...readFileSync(shared('spec', 'service-spec.md'), 'utf8').matchAll(
    /^\|\s*(GET|POST|PUT|DELETE|PATCH)\s*\|\s*`(\/v1\/[^`]+)`\s*\|/gm,
  ),
].map((m) => [m[1].toLowerCase(), m[2]] as const);

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

describeEachDialect('documentation and health', (dialect) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(dialect, { env: OFFLINE_REGISTRIES });
  });
  afterAll(() => app.close());

  describe('GET /openapi.json', () => {
    it('is an OpenAPI 3.1 document, served without a key', async () => {
      const res = await app.request('GET', '/openapi.json');
      expect(res.status, res.text).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(res.body.openapi).toMatch(/^3\.1\.\d+$/);
      expect(res.body.info.title).toEqual(expect.any(String));
      expect(res.body.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    });

    it('lists every /v1 operation of the spec endpoint table', async () => {
      expect(SPEC_OPERATIONS).toHaveLength(13);
      const { paths } = (await app.request('GET', '/openapi.json')).body;
      for (const [method, path] of SPEC_OPERATIONS)
        expect(paths[path]?.[method], `${method} ${path}`).toBeDefined();
    });

    it('gives every operation a unique operationId and tags', async () => {
      const { paths } = (await app.request('GET', '/openapi.json')).body;
      const ids: string[] = [];
      for (const [path, item] of Object.entries(
        paths as Record<string, Record<string, { operationId?: string; tags?: string[] }>>,
      )) {
        for (const [method, operation] of Object.entries(item).filter(([m]) => HTTP_METHODS.includes(m))) {
          expect(operation.operationId, `${method} ${path}`).toMatch(/^[a-zA-Z][\w.]*$/);
          expect(operation.tags?.length, `${method} ${path}`).toBeGreaterThan(0);
          ids.push(operation.operationId!);
        }
      }
      expect(new Set(ids).size).toBe(ids.length);
    });

    it('documents only operations that exist: none of them answers 404 not_found for its route', async () => {
      const { paths } = (await app.request('GET', '/openapi.json')).body;
      const { test } = await app.account('business');
      for (const [path, item] of Object.entries(paths as Record<string, Record<string, unknown>>)) {
        for (const method of Object.keys(item).filter((m) => HTTP_METHODS.includes(m))) {
          const concrete = path.replace(/\{[^}]+\}/g, 'DE');
          const res = await app.request(method.toUpperCase(), concrete, {
            key: test,
            body: method === 'get' ? undefined : {},
          });
          const unknownRoute = res.status === 404 && /No endpoint/.test(res.body?.error?.message ?? '');
          expect(unknownRoute, `${method} ${concrete}: ${res.text.slice(0, 200)}`).toBe(false);
        }
      }
    });

    it('documents the error envelope on the validation operations', async () => {
      const { paths, components } = (await app.request('GET', '/openapi.json')).body;
      expect(components.schemas.ErrorEnvelope).toBeDefined();
      const responses = paths['/v1/validate'].get.responses;
      for (const status of ['400', '401', '422', '429', '503']) {
        expect(JSON.stringify(responses[status]), status).toContain('ErrorEnvelope');
      }
    });
  });

  describe('GET /docs', () => {
    it('serves an HTML page whose scripts, styles and spec come from the service itself', async () => {
      const page = await app.request('GET', '/docs');
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
      const pageUrl = new URL('/docs', app.url);

      const assets = [...page.text.matchAll(/\b(?:src|href)\s*=\s*["']([^"']+)["']/g)].map((m) => m[1]);
      expect(assets.some((asset) => asset.endsWith('.js'))).toBe(true);
      expect(assets.some((asset) => asset.endsWith('.css'))).toBe(true);
      const scripts: string[] = [];
      for (const asset of assets) {
        const url = new URL(asset, `${pageUrl}/`);
        expect(url.origin, asset).toBe(pageUrl.origin);
        const res = await fetch(url);
        expect(res.status, url.pathname).toBe(200);
        const body = await res.text();
        if (url.pathname.endsWith('.css')) expectNoForeignUrls(body, url.pathname);
        if (url.pathname.endsWith('initializer.js')) scripts.push(body);
      }

      // The initializer points Swagger UI at the spec it renders: that too must be served here.
      expect(scripts).toHaveLength(1);
      const specs = [...scripts[0].matchAll(/\burl:\s*(?:resolveUrl\()?["']([^"']+)["']/g)].map((m) => m[1]);
      expect(specs.length).toBeGreaterThan(0);
      for (const spec of specs) {
        const url = new URL(spec, `${pageUrl}/`);
        expect(url.origin).toBe(pageUrl.origin);
        expect((await fetch(url)).status, url.pathname).toBe(200);
      }
      const spec = (await fetch(new URL(specs[0], `${pageUrl}/`)).then((res) => res.json())) as {
        paths: Record<string, unknown>;
      };
      expect(spec.paths['/v1/validate']).toBeDefined();
    });

    it('has no absolute http(s) asset URL to another host in the page', async () => {
      const page = await app.request('GET', '/docs');
      expectNoForeignUrls(page.text, '/docs');
    });

    it("is titled with the service's name and turns off Swagger UI's remote validator badge", async () => {
      const page = await app.request('GET', '/docs');
      expect(page.text).toContain(`<title>${API_TITLE}</title>`);
      const initializer = await app.request('GET', '/docs/static/swagger-initializer.js');
      expect(initializer.text).toMatch(/"validatorUrl":null/);
      expect(initializer.text).not.toMatch(/validator\.swagger\.io/);
    });

    it('tells the browser to load nothing from another host (Content-Security-Policy)', async () => {
      const page = await app.request('GET', '/docs');
      const policy = page.headers.get('content-security-policy');
      expect(policy).toBeTruthy();
      const directives = new Map(
        policy!.split(';').map((part) => {
          const [name, ...sources] = part.trim().split(/\s+/);
          return [name, sources] as const;
        }),
      );
      expect(directives.get('default-src')).toEqual(["'self'"]);
      expect(directives.has('upgrade-insecure-requests')).toBe(false);
      // The service's own public origin (PUBLIC_URL, for "Try it out") is the one host named.
      const allowed = ["'self'", "'none'", 'data:', new URL(DOCS_BASE).origin];
      for (const [name, sources] of directives)
        for (const source of sources) expect(allowed, `${name} ${source}`).toContain(source);
    });
  });

  describe('GET /docs/test-mode', () => {
    /** The row of the page's table for `number`. */
    const rowOf = (html: string, number: string) =>
      html.split('<tr>').find((row) => row.startsWith(`<td><code>${number}</code></td>`)) ?? '';

    it('lists every magic number with the answer a test key gets for it', async () => {
      const page = await app.request('GET', '/docs/test-mode');
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
      expectNoForeignUrls(page.text, '/docs/test-mode');
      const { test } = await app.account('business');
      for (const number of TEST_MAGIC_NUMBERS) {
        const row = rowOf(page.text, number);
        expect(row, number).not.toBe('');
        const res = await app.request('GET', `/v1/validate?vat_number=${number}`, { key: test });
        if (res.status !== 200) {
          expect(row, number).toContain(`${res.status} <a href="/docs/errors/${res.body.error.code}">`);
          continue;
        }
        const { data, meta } = res.body;
        expect(row, number).toContain(`valid: ${data.valid}`);
        if (data.company?.name) expect(row, number).toContain(data.company.name);
        if (data.company?.address) expect(row, number).toContain(data.company.address);
        expect(row, number).toContain(`source_status: ${meta.source_status}`);
        if (meta.stale) expect(row, number).toContain('stale: true');
      }
    });

    it('gives the consultation numbers a requester gets on the Business tier', async () => {
      const page = await app.request('GET', '/docs/test-mode');
      const { test } = await app.account('business');
      for (const [number, requester] of [
        ['DE123456704', 'DE136695976'],
        ['GB123456727', 'GB123456727'],
      ]) {
        const res = await app.request(
          'GET',
          `/v1/validate?vat_number=${number}&requester_vat_number=${requester}`,
          {
            key: test,
          },
        );
        expect(res.status, res.text).toBe(200);
        expect(rowOf(page.text, number)).toContain(`"${res.body.data.consultation_number}"`);
      }
    });
  });

  describe('GET /docs/errors/{code}', () => {
    it('serves an HTML page for every code of the catalogue', async () => {
      for (const code of ERROR_CODES) {
        const res = await app.request('GET', `/docs/errors/${code}`);
        expect(res.status, code).toBe(200);
        expect(res.headers.get('content-type')).toMatch(/^text\/html/);
        expect(res.text).toContain(code);
        expect(res.text).toContain(String(ERROR_CATALOGUE[code].status));
      }
    });

    it('is where the docs_url of a real error points', async () => {
      const res = await app.request('GET', '/v1/validate');
      const docsUrl: string = res.body.error.docs_url;
      expect(docsUrl).toBe(`${DOCS_BASE}/unauthorized`);
      const page = await fetch(new URL(new URL(docsUrl).pathname, app.url));
      expect(page.status).toBe(200);
    });

    it('serves an index of every code, each linked to its page', async () => {
      const res = await app.request('GET', '/docs/errors');
      expect(res.status).toBe(200);
      const links = [...res.text.matchAll(/href="(\/docs\/errors\/[^"]+)"/g)].map((m) => m[1]);
      expect(links).toEqual(ERROR_CODES.map((code) => `/docs/errors/${code}`));
      for (const link of links) expect((await app.request('GET', link)).status, link).toBe(200);
    });

    it.each(['no_such_code', 'NOT_FOUND', 'constructor', '__proto__', '..%2F..%2Fetc%2Fpasswd'])(
      'answers the unknown code %s with a 404 envelope',
      async (code) => {
        expectError(await app.request('GET', `/docs/errors/${code}`), 404, 'not_found');
      },
    );
  });

  describe('health', () => {
    it('answers GET /health 200 without a key', async () => {
      const res = await app.request('GET', '/health');
      expect(res.status).toBe(200);
      expect(res.body).toStrictEqual({
        data: { status: 'ok' },
        meta: { request_id: res.headers.get('x-request-id') },
      });
    });

    it('answers GET /ready 200 without a key while the database answers', async () => {
      const res = await app.request('GET', '/ready');
      expect(res.status).toBe(200);
      expect(res.body).toStrictEqual({
        data: { ready: true, checks: { database: true } },
        meta: { request_id: res.headers.get('x-request-id') },
      });
    });

    it('answers GET /ready 503 once the database is gone, and GET /health still 200', async () => {
      const owner = await createTestDatabase(dialect);
      const connection = openDatabase(owner.url);
      const lonely = await startTestApp(dialect, {
        env: OFFLINE_REGISTRIES,
        database: { database: connection, url: owner.url },
      });
      try {
        // The first query opens the connection (Kysely connects lazily); closing it then leaves the app without one.
        await sql`select 1`.execute(connection.db);
        await connection.close();
        const ready = await lonely.request('GET', '/ready');
        expect(ready.status).toBe(503);
        expect(ready.body.data).toStrictEqual({ ready: false, checks: { database: false } });
        expect((await lonely.request('GET', '/health')).status).toBe(200);
      } finally {
        await lonely.close();
        await owner.drop();
      }
    });
  });
});

/** Fails on an absolute http(s) URL to another host in src/href attributes, url() or @import. */
function expectNoForeignUrls(text: string, where: string): void {
  const references = [
    ...text.matchAll(/\b(?:src|href)\s*=\s*["'](https?:\/\/[^"']+)["']/gi),
    ...text.matchAll(/url\(\s*["']?(https?:\/\/[^"')]+)/gi),
    ...text.matchAll(/@import\s+["'](https?:\/\/[^"']+)["']/gi),
  ].map((m) => m[1]);
  const foreign = references.filter((url) => !['localhost', '127.0.0.1'].includes(new URL(url).hostname));
  expect(foreign, where).toEqual([]);
}
