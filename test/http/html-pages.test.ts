import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ERROR_CODES } from '../../src/errors.js';
import { withoutFraming } from '../../src/http/plugins/frame-guard.js';
import { consoleSession } from '../console/support.js';
import { describeEachDialect } from '../helpers/dialects.js';
import { startTestApp, type TestAccount, type TestApp } from '../helpers/harness.js';
import { OFFLINE_REGISTRIES } from './support.js';

/**
 * No page of the service can be framed: every route the app registers (read from Fastify itself
 * while the app is built, not listed here) is requested with a console session and a key, every
 * console form is also posted without its CSRF token and as JSON (their refusal pages), and every
 * answer served as text/html must carry `X-Frame-Options: DENY` and a policy whose only
 * frame-ancestors is 'none'.
 */

/** Values for path parameters; any other parameter gets `unknown`. */
const PARAMETERS: Record<string, readonly string[]> = { code: ERROR_CODES };
/** What a wildcard stands for: the reference page's own files. */
const WILDCARD = 'index.html';

interface Route {
  method: string;
  url: string;
}

/** The paths to request for a route: each parameter filled with each of its values. */
function pathsOf(url: string): string[] {
  let paths = [url.replace(/\*$/, WILDCARD)];
  for (const [, name] of url.matchAll(/:(\w+)/g)) {
    const values = PARAMETERS[name] ?? ['unknown'];
    paths = paths.flatMap((path) => values.map((value) => path.replace(`:${name}`, value)));
  }
  return paths;
}

describeEachDialect('framing of HTML pages', (dialect) => {
  let app: TestApp;
  let account: TestAccount;
  const routes: Route[] = [];

  beforeAll(async () => {
    // Fastify announces each instance it creates on this channel, before any route is added.
    const collect = (message: unknown) => {
      (message as { fastify: FastifyInstance }).fastify.addHook('onRoute', (route: RouteOptions) => {
        for (const method of [route.method].flat()) routes.push({ method, url: route.url });
      });
    };
    subscribe('fastify.initialization', collect);
    try {
      app = await startTestApp(dialect, { env: OFFLINE_REGISTRIES });
    } finally {
      unsubscribe('fastify.initialization', collect);
    }
    account = await app.account('business');
  });
  afterAll(() => app?.close());

  function expectNoFraming(where: string, response: Response): void {
    expect(response.headers.get('x-frame-options'), where).toBe('DENY');
    const policy = response.headers.get('content-security-policy') ?? '';
    const ancestors = policy.split(/[;,]/).filter((directive) => /frame-ancestors/i.test(directive));
    expect(
      ancestors.map((directive) => directive.trim()),
      where,
    ).toEqual(["frame-ancestors 'none'"]);
  }

  it('forbids framing on every route that answers text/html', async () => {
    const { cookie, csrf } = await consoleSession(app, account.live);
    expect(csrf).toBeTruthy();
    const headers = { cookie, authorization: `Bearer ${account.live}` };
    const html: string[] = [];
    const gets = routes.filter((route) => route.method === 'GET');
    for (const path of new Set(gets.flatMap((route) => pathsOf(route.url)))) {
      const response = await fetch(`${app.url}${path}`, { headers, redirect: 'manual' });
      await response.arrayBuffer();
      if (!response.headers.get('content-type')?.startsWith('text/html')) continue;
      html.push(path);
      expectNoFraming(`GET ${path}`, response);
    }
    const posts = routes.filter((route) => route.method === 'POST' && route.url.startsWith('/console/'));
    expect(posts.length).toBeGreaterThan(5);
    for (const path of posts.flatMap((route) => pathsOf(route.url))) {
      for (const [type, body] of [
        ['application/x-www-form-urlencoded', 'no_token=1'],
        ['application/json', '{}'],
      ]) {
        const response = await fetch(`${app.url}${path}`, {
          method: 'POST',
          headers: { ...headers, 'content-type': type },
          body,
          redirect: 'manual',
        });
        await response.arrayBuffer();
        expect(response.status, `POST ${path} (${type})`).toBeGreaterThanOrEqual(400);
        expect(response.headers.get('content-type'), `POST ${path}`).toMatch(/^text\/html/);
        expectNoFraming(`POST ${path} (${type})`, response);
      }
    }
    // The walk reached the pages it is about.
    expect(html).toEqual(
      expect.arrayContaining([
        '/docs',
        '/docs/errors',
        ...ERROR_CODES.map((code) => `/docs/errors/${code}`),
        '/docs/test-mode',
        '/status',
        '/console',
        '/console/sign-in',
        '/console/keys',
        '/console/bulk',
      ]),
    );
  });

  it("keeps a page's own policy and replaces only its frame-ancestors", () => {
    expect(withoutFraming(undefined)).toBe("frame-ancestors 'none'");
    expect(withoutFraming("default-src 'self'; frame-ancestors 'self'; img-src data:")).toBe(
      "default-src 'self'; img-src data:; frame-ancestors 'none'",
    );
    expect(withoutFraming(["script-src 'self';", 'FRAME-ANCESTORS https://x.example'])).toEqual([
      "script-src 'self'; frame-ancestors 'none'",
      "frame-ancestors 'none'",
    ]);
  });
});
