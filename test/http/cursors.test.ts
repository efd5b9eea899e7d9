import { afterAll, beforeAll, expect, it } from 'vitest';
import { upload } from '../bulk/support.js';
import { describeEachDialect } from '../helpers/dialects.js';
import { startTestApp, type TestAccount, type TestApp } from '../helpers/harness.js';
import { checksumFailures, expectError, OFFLINE_REGISTRIES } from './support.js';

/**
 * A cursor is bound to the list, account, key mode and filters it was made for: on every paged
 * list (found in the OpenAPI document, so a new list cannot be missed), a cursor made for another
 * account, another key mode, other filters or another list is 422 `validation_error`, never a page
 * of the caller's own data. No worker runs: everything made here stays queued.
 */

/** How to make two rows of a list for one key, and a filter that selects them too. */
interface ListCase {
  /** The list's path for `key` (the async results name one of the key's own batches). */
  path: (key: Keys) => string;
  /** A query that narrows the list but still holds both rows; absent for lists without filters. */
  filter?: string;
  /** The list exists for test keys too. */
  testMode: boolean;
}

interface Keys {
  key: string;
  batches: string[];
}

const LISTS: Record<string, ListCase> = {
  '/v1/validations': { path: () => '/v1/validations', filter: 'valid=false', testMode: true },
  '/v1/monitors': { path: () => '/v1/monitors', filter: 'status=active', testMode: true },
  '/v1/bulk': { path: () => '/v1/bulk', testMode: true },
  '/v1/decisions': { path: () => '/v1/decisions', filter: 'buyer_country=FR', testMode: true },
  '/v1/webhooks/deliveries': {
    path: () => '/v1/webhooks/deliveries',
    filter: 'event=test',
    testMode: true,
  },
  '/v1/validate/async/batch/{batch_id}/results': {
    path: ({ batches }) => `/v1/validate/async/batch/${batches[0]}/results`,
    testMode: false,
  },
};

describeEachDialect('list cursors', (dialect) => {
  let app: TestApp;
  let a: TestAccount;
  let b: TestAccount;
  const keys = new Map<string, Keys>();
  beforeAll(async () => {
    app = await startTestApp(dialect, {
      env: {
        ...OFFLINE_REGISTRIES,
        WEBHOOK_ALLOWED_HOSTS: 'localhost',
        TIER_LIMITS: '{"business":{"burst_per_minute":10000}}',
      },
    });
    [a, b] = [await app.account('business'), await app.account('business')];
    for (const key of [a.live, a.test, b.live]) keys.set(key, await fill(key, key.includes('_live_')));
  });
  afterAll(async () => {
    await app?.close();
  });

  const ok = async (method: string, path: string, key: string, body?: unknown) => {
    const res = await app.request(method, path, { key, body });
    expect(res.status, `${method} ${path}: ${res.text}`).toBeLessThan(300);
    return res;
  };

  /** Two rows in every list for `key`: validations, monitors, bulk files, decisions, deliveries, async batches. */
  async function fill(key: string, live: boolean): Promise<Keys> {
    // Wrong check digits: answered locally in both key modes, `valid: false`.
    for (const number of checksumFailures(2)) await ok('GET', `/v1/validate?vat_number=${number}`, key);
    for (const number of ['DE123456704', 'FR10123456717'])
      await ok('POST', '/v1/monitors', key, { vat_number: number, interval: 'daily' });
    for (const number of ['DE123456704', 'FR10123456717']) {
      const res = await upload(app, key, `vat_number\n${number}\n`);
      expect(res.status, res.text).toBe(202);
    }
    for (const kind of ['goods', 'services'])
      await ok('POST', '/v1/decisions', key, {
        seller: { country_code: 'DE' },
        buyer: { country_code: 'FR' },
        supply: { kind },
      });
    await ok('PUT', '/v1/webhooks/config', key, { url: 'https://localhost:1/hook' });
    for (let i = 0; i < 2; i += 1) await ok('POST', '/v1/webhooks/test', key);
    const batches: string[] = [];
    if (live) {
      for (let i = 0; i < 2; i += 1) {
        const res = await ok('POST', '/v1/validate/async/batch', key, {
          vat_numbers: ['DE123456704', 'FR10123456717'],
        });
        batches.push(res.body.data.batch_id);
      }
    }
    return { key, batches };
  }

  const list = (key: string, path: string, query: string) =>
    app.request('GET', `${path}?limit=1${query ? `&${query}` : ''}`, { key });
  /** The cursor of the first page of `path` (with `query`) for `key`. */
  const cursorOf = async (key: string, path: string, query = '') => {
    const res = await list(key, path, query);
    expect(res.status, `${path}?${query}: ${res.text}`).toBe(200);
    expect(res.body.meta.has_more, `${path} has a second page`).toBe(true);
    return res.body.meta.next_cursor as string;
  };
  const withCursor = (cursor: string, query = '') =>
    `cursor=${encodeURIComponent(cursor)}${query ? `&${query}` : ''}`;

  it('covers every list that takes a cursor', async () => {
    const document = (await app.request('GET', '/openapi.json')).body;
    const paged = Object.entries(
      document.paths as Record<string, Record<string, { parameters?: Array<{ in: string; name: string }> }>>,
    )
      .filter(([, operations]) =>
        operations.get?.parameters?.some((p) => p.in === 'query' && p.name === 'cursor'),
      )
      .map(([path]) => path)
      .sort();
    expect(paged).toEqual(Object.keys(LISTS).sort());
  });

  for (const [name, list_] of Object.entries(LISTS)) {
    it(`${name}: pages on with its own cursor; refuses one of another account, key mode, filter or list`, async () => {
      const mine = keys.get(a.live)!;
      const path = list_.path(mine);
      const own = await cursorOf(a.live, path);
      expect((await list(a.live, path, withCursor(own))).status).toBe(200);

      const foreign: Array<[string, string, string]> = [];
      // Another account's cursor of the same list (its own batch, for the async results).
      foreign.push(['another account', await cursorOf(b.live, list_.path(keys.get(b.live)!)), '']);
      if (list_.testMode) foreign.push(['the test key mode', await cursorOf(a.test, path), '']);
      if (list_.filter) {
        foreign.push(['other filters', await cursorOf(a.live, path, list_.filter), '']);
        foreign.push(['no filters, used with a filter', own, list_.filter]);
      }
      if (name.includes('{batch_id}'))
        foreign.push([
          'another batch',
          await cursorOf(a.live, list_.path({ ...mine, batches: [mine.batches[1]] })),
          '',
        ]);
      // The same account's cursor of every other list.
      for (const [other, otherCase] of Object.entries(LISTS))
        if (other !== name)
          foreign.push([`the list ${other}`, await cursorOf(a.live, otherCase.path(mine)), '']);
      foreign.push(['a made-up one', Buffer.from('000000000000001-000000000000').toString('base64url'), '']);

      for (const [what, cursor, query] of foreign) {
        const res = await list(a.live, path, withCursor(cursor, query));
        expect(res.status, `${name} with a cursor of ${what}: ${res.text}`).toBe(422);
        expectError(res, 422, 'validation_error');
        expect(res.body.error.message).toMatch(/^cursor: /);
      }
    });
  }

  it('a list without paging (GET /v1/keys) refuses a cursor too', async () => {
    const cursor = await cursorOf(a.live, '/v1/monitors');
    expectError(
      await app.request('GET', `/v1/keys?${withCursor(cursor)}`, { key: a.live }),
      422,
      'validation_error',
    );
  });
});
