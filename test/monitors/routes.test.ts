import { afterAll, beforeAll, expect, it } from 'vitest';
import { freshNumbers } from '../async/support.js';
import { describeEachDialect } from '../helpers/dialects.js';
import { startTestApp, type TestAccount, type TestApp } from '../helpers/harness.js';

/** Every monitor route and the bad input each refuses (wave-2 D1, D2, rulings L9 to L11). */
describeEachDialect('monitor routes', (dialect) => {
  let app: TestApp;
  let pro: TestAccount;
  beforeAll(async () => {
    // A small limit so the limit itself can be reached; no worker: checks stay queued.
    app = await startTestApp(dialect, {
      env: { TIER_LIMITS: '{"pro":{"monitors":5,"burst_per_minute":1000}}' },
    });
    pro = await app.account('pro');
  });
  afterAll(async () => {
    await app?.close();
  });

  const post = (key: string, path: string, body?: unknown) => app.request('POST', path, { key, body });

  it('creates a monitor (201) with its first check queued, and answers 200 with it for the same number', async () => {
    const [number] = freshNumbers('DE', 1);
    const spaced = `${number.slice(0, 2)} ${number.slice(2)}`;
    const res = await post(pro.live, '/v1/monitors', {
      vat_number: spaced,
      interval: 'daily',
      reference: ' c-1 ',
    });
    expect(res.status, res.text).toBe(201);
    const monitor = res.body.data;
    expect(monitor).toMatchObject({
      vat_number: number,
      country_code: 'DE',
      interval: 'daily',
      status: 'active',
      reference: 'c-1',
      last_checked_at: null,
      last_error: null,
      last_result: null,
    });
    expect(monitor.id).toMatch(/^mon_[0-9A-Za-z]{20}$/);
    expect(Date.parse(monitor.next_check_at)).toBeGreaterThan(app.clock.now());
    const jobs = await app.database.db.selectFrom('jobs').select(['id', 'run_at']).execute();
    expect(jobs.find((job) => job.id === `monitor:${monitor.id}`)?.run_at).toBe(app.clock.now());

    const again = await post(pro.live, '/v1/monitors', { vat_number: number, interval: 'weekly' });
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual(monitor);
    await app.request('DELETE', `/v1/monitors/${monitor.id}`, { key: pro.live });
  });

  it('counts monitors in GET /v1/usage, per key mode', async () => {
    const account = await app.account('pro');
    for (const number of freshNumbers('DE', 2))
      expect(
        (await post(account.live, '/v1/monitors', { vat_number: number, interval: 'weekly' })).status,
      ).toBe(201);
    const usage = async (key: string) => (await app.request('GET', '/v1/usage', { key })).body.data.monitors;
    expect(await usage(account.live)).toEqual({ used: 2, limit: 5 });
    expect(await usage(account.test)).toEqual({ used: 0, limit: 5 });
  });

  it('refuses bad input with 422: malformed number, bad interval, unknown member, empty reference', async () => {
    const cases: Array<[unknown, string]> = [
      [{ vat_number: 'DE12345', interval: 'daily' }, 'invalid_vat_format'],
      [{ vat_number: 'DE123456704', interval: 'hourly' }, 'validation_error'],
      [{ vat_number: 'DE123456704' }, 'validation_error'],
      [{ vat_number: 'DE123456704', interval: 'daily', colour: 'red' }, 'validation_error'],
      [{ vat_number: 'DE123456704', interval: 'daily', reference: '   ' }, 'validation_error'],
      [{ vat_number: 'DE123456704', interval: 'daily', reference: 'a\u0007b' }, 'validation_error'],
      [{ vat_number: 'DE123456704', interval: 'daily', requester_vat_number: 'XX1' }, 'invalid_vat_format'],
    ];
    for (const [body, code] of cases) {
      const res = await post(pro.live, '/v1/monitors', body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.error.code).toBe(code);
    }
    expect((await app.request('GET', '/v1/monitors', { key: pro.live })).body.data).toEqual([]);
  });

  it('refuses Free accounts (403 tier_insufficient) before looking at the body', async () => {
    const free = await app.account('free');
    for (const [method, path] of [
      ['POST', '/v1/monitors'],
      ['POST', '/v1/monitors/batch'],
      ['POST', '/v1/monitors/mon_x/check'],
    ]) {
      const res = await app.request(method, path, { key: free.live, body: { bad: 1 } });
      expect(res.status, path).toBe(403);
      expect(res.body.error.code).toBe('tier_insufficient');
    }
  });

  it('enforces the limit per key mode: 403 monitor_limit_exceeded, a batch refused whole', async () => {
    const account = await app.account('pro');
    const numbers = freshNumbers('DE', 7);
    const batch = await post(account.live, '/v1/monitors/batch', {
      vat_numbers: numbers.slice(0, 4),
      interval: 'monthly',
    });
    expect(batch.status, batch.text).toBe(200);
    // Two new numbers where one place is left: refused whole, nothing created.
    const over = await post(account.live, '/v1/monitors/batch', {
      vat_numbers: [numbers[0], numbers[4], numbers[5]],
      interval: 'monthly',
    });
    expect(over.status).toBe(403);
    expect(over.body.error.code).toBe('monitor_limit_exceeded');
    const list = await app.request('GET', '/v1/monitors?limit=100', { key: account.live });
    expect(list.body.data).toHaveLength(4);
    expect(
      (await post(account.live, '/v1/monitors', { vat_number: numbers[4], interval: 'daily' })).status,
    ).toBe(201);
    const sixth = await post(account.live, '/v1/monitors', { vat_number: numbers[5], interval: 'daily' });
    expect(sixth.status).toBe(403);
    expect(sixth.body.error.code).toBe('monitor_limit_exceeded');
    // An existing number is still answered at the limit.
    expect(
      (await post(account.live, '/v1/monitors', { vat_number: numbers[0], interval: 'daily' })).status,
    ).toBe(200);
    // Test-mode monitors are counted apart.
    expect(
      (await post(account.test, '/v1/monitors', { vat_number: numbers[6], interval: 'daily' })).status,
    ).toBe(201);
  });

  it('creates in batch: malformed numbers rejected, duplicates once, existing monitors returned as they are', async () => {
    const account = await app.account('pro');
    const [a, b] = freshNumbers('DE', 2);
    const first = await post(account.live, '/v1/monitors', { vat_number: a, interval: 'daily' });
    const res = await post(account.live, '/v1/monitors/batch', {
      vat_numbers: [a, 'DE12345', b, b],
      interval: 'weekly',
      reference: 'import-1',
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.monitors.map((m: { vat_number: string }) => m.vat_number)).toEqual([a, b]);
    expect(res.body.data.monitors[0]).toEqual(first.body.data);
    expect(res.body.data.monitors[1]).toMatchObject({ interval: 'weekly', reference: 'import-1' });
    expect(res.body.data.rejected).toEqual([
      { vat_number: 'DE12345', error: { code: 'invalid_vat_format', message: expect.any(String) } },
    ]);
    for (const body of [
      { vat_numbers: [], interval: 'daily' },
      { vat_numbers: [a], interval: 'daily', extra: true },
      { vat_numbers: Array(1001).fill(a), interval: 'daily' },
    ]) {
      expect((await post(account.live, '/v1/monitors/batch', body)).status).toBe(422);
    }
  });

  it('lists newest first with filters and cursor paging; a malformed cursor or limit is 422', async () => {
    const account = await app.account('pro');
    const numbers = freshNumbers('DE', 5);
    for (const [index, number] of numbers.entries()) {
      app.clock.advance(1);
      await post(account.live, '/v1/monitors', {
        vat_number: number,
        interval: 'daily',
        reference: `r${index % 2}`,
      });
    }
    const get = (query: string) => app.request('GET', `/v1/monitors${query}`, { key: account.live });
    const first = await get('?limit=2');
    expect(first.body.data.map((m: { vat_number: string }) => m.vat_number)).toEqual([
      numbers[4],
      numbers[3],
    ]);
    expect(first.body.meta.has_more).toBe(true);
    const second = await get(`?limit=2&cursor=${first.body.meta.next_cursor}`);
    expect(second.body.data.map((m: { vat_number: string }) => m.vat_number)).toEqual([
      numbers[2],
      numbers[1],
    ]);
    const third = await get(`?limit=2&cursor=${second.body.meta.next_cursor}`);
    expect(third.body.data).toHaveLength(1);
    expect(third.body.meta).toMatchObject({ has_more: false, next_cursor: null });

    expect((await get('?reference=r0')).body.data).toHaveLength(3);
    expect((await get(`?vat_number=${numbers[2].toLowerCase()}`)).body.data).toHaveLength(1);
    expect((await get('?status=paused')).body.data).toHaveLength(0);
    expect((await get('?valid=true')).body.data).toHaveLength(0);
    for (const query of [
      '?cursor=bm9wZQ',
      '?limit=0',
      '?limit=101',
      '?colour=red',
      '?valid=yes',
      '?status=gone',
    ]) {
      const res = await get(query);
      expect(res.status, query).toBe(422);
      expect(res.body.error.code).toBe('validation_error');
    }
    expect((await get('?vat_number=DE12')).status).toBe(422);
  });

  it('reads, changes, checks and removes one monitor; another account or key mode gets 404', async () => {
    const account = await app.account('pro');
    const other = await app.account('pro');
    const [number] = freshNumbers('DE', 1);
    const { id } = (await post(account.live, '/v1/monitors', { vat_number: number, interval: 'daily' })).body
      .data;
    const path = `/v1/monitors/${id}`;

    expect((await app.request('GET', path, { key: account.live })).body.data.id).toBe(id);
    for (const key of [other.live, account.test]) {
      for (const method of ['GET', 'PATCH', 'DELETE']) {
        const res = await app.request(method, path, {
          key,
          body: method === 'PATCH' ? { status: 'paused' } : undefined,
        });
        expect(res.status, method).toBe(404);
        expect(res.body.error.code).toBe('not_found');
      }
      expect((await post(key, `${path}/check`)).status).toBe(404);
    }

    const paused = await app.request('PATCH', path, {
      key: account.live,
      body: { status: 'paused', interval: 'weekly', reference: 'kept' },
    });
    expect(paused.status, paused.text).toBe(200);
    expect(paused.body.data).toMatchObject({ status: 'paused', interval: 'weekly', reference: 'kept' });
    expect(
      (await app.request('PATCH', path, { key: account.live, body: { reference: null } })).body.data
        .reference,
    ).toBe(null);
    for (const body of [
      {},
      { colour: 'red' },
      { interval: 'yearly' },
      { status: 'deleted' },
      { vat_number: 'DE123456704' },
    ]) {
      const res = await app.request('PATCH', path, { key: account.live, body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.error.code).toBe('validation_error');
    }

    const check = await post(account.live, `${path}/check`);
    expect(check.status, check.text).toBe(202);
    expect(check.body.data.id).toBe(id);
    const jobs = await app.database.db
      .selectFrom('jobs')
      .select('id')
      .where('id', '=', `monitor-now:${id}`)
      .execute();
    expect(jobs).toHaveLength(1);
    expect((await post(account.live, `${path}/check`, { now: true })).status).toBe(422);

    const removed = await app.request('DELETE', path, { key: account.live });
    expect(removed.status).toBe(200);
    expect(removed.body.data).toEqual({ id, deleted: true });
    expect((await app.request('GET', path, { key: account.live })).status).toBe(404);
    expect((await app.request('DELETE', path, { key: account.live })).status).toBe(404);
  });
});
