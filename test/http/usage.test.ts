import { afterAll, beforeAll, expect, it } from 'vitest';
import { type RegistrySimulator, startSimulator } from '../../simulator/server.js';
import { describeEachDialect } from '../helpers/dialects.js';
import { startTestApp, type TestAccount, type TestApp } from '../helpers/harness.js';

/**
 * GET /v1/usage (wave-2 F, ruling L14): the quota's own counter (equal to the X-RateLimit headers),
 * daily figures and sources from the records of the key's mode, monitors from the tier, months in
 * UTC; bad months 422. The harness clock starts at 2026-11-22T12:00Z.
 */

const NO_SOURCES = {
  vies: 0,
  hmrc: 0,
  uid: 0,
  brreg: 0,
  abr: 0,
  kas: 0,
  ares: 0,
  anaf: 0,
  bzst: 0,
  checksum: 0,
  format: 0,
  test: 0,
};

function days(month: string, count: number, counts: Record<string, number> = {}) {
  return Array.from({ length: count }, (_, index) => {
    const date = `${month}-${String(index + 1).padStart(2, '0')}`;
    return { date, validations: counts[date] ?? 0 };
  });
}

describeEachDialect('GET /v1/usage', (dialect) => {
  let sim: RegistrySimulator;
  let app: TestApp;
  let account: TestAccount;
  let lastHeaders: Headers;
  beforeAll(async () => {
    sim = await startSimulator();
    app = await startTestApp(dialect, {
      env: { ...sim.env(), TIER_LIMITS: '{"business":{"monitors":25}}' },
    });
    account = await app.account('pro');
    const validate = async (number: string, key = account.live) => {
      const res = await app.request('GET', `/v1/validate?vat_number=${number}`, { key });
      expect(res.status, res.text).toBe(200);
      return res;
    };
    // October's last millisecond: a record of October, not of November.
    app.clock.set('2026-10-31T23:59:59.999Z');
    await validate('NL123456782B01');
    app.clock.set('2026-11-22T12:00:00.000Z');
    await validate('DE123456704'); // VIES
    await validate('DE123456704'); // cached: counted under VIES
    await validate('DE123456705'); // a wrong check digit: answered locally
    await validate('DE123456704', account.test); // a test-mode record
    app.clock.set('2026-11-23T00:00:00.000Z');
    lastHeaders = (await validate('NO974760673MVA')).headers; // brreg
  });
  afterAll(async () => {
    await app?.close();
    await sim?.close();
  });

  const usage = async (query = '', key = account.live) => {
    const res = await app.request('GET', `/v1/usage${query}`, { key });
    expect(res.status, res.text).toBe(200);
    expect(res.body.meta).toEqual({ request_id: expect.any(String) });
    return res.body.data;
  };

  it('this month by default: the quota counter, daily figures up to today, sources, monitors', async () => {
    const data = await usage();
    expect(data).toEqual({
      month: '2026-11',
      tier: 'pro',
      limit: 10_000,
      used: 4,
      remaining: 9_996,
      reset_at: '2026-12-01T00:00:00.000Z',
      daily: days('2026-11', 23, { '2026-11-22': 3, '2026-11-23': 1 }),
      by_source: { ...NO_SOURCES, vies: 2, checksum: 1, brreg: 1 },
      monitors: { used: 0, limit: 1_000 },
    });
    // The same counter the quota headers report.
    expect(String(data.remaining)).toBe(lastHeaders.get('x-ratelimit-remaining'));
    expect(String(data.limit)).toBe(lastHeaders.get('x-ratelimit-limit'));
    expect(data.reset_at).toBe(lastHeaders.get('x-ratelimit-reset'));
    // Reading usage counts against nothing.
    expect((await usage()).used).toBe(4);
  });

  it('another month: ?month=YYYY-MM, whole for a past month, empty for one not begun', async () => {
    expect(await usage('?month=2026-10')).toEqual({
      month: '2026-10',
      tier: 'pro',
      limit: 10_000,
      used: 1,
      remaining: 9_999,
      reset_at: '2026-11-01T00:00:00.000Z',
      daily: days('2026-10', 31, { '2026-10-31': 1 }),
      by_source: { ...NO_SOURCES, vies: 1 },
      monitors: { used: 0, limit: 1_000 },
    });
    const february = await usage('?month=2026-02');
    expect(february).toMatchObject({ used: 0, remaining: 10_000, by_source: NO_SOURCES });
    expect(february.daily).toEqual(days('2026-02', 28));
    const future = await usage('?month=2027-01');
    expect(future).toMatchObject({
      month: '2027-01',
      used: 0,
      daily: [],
      reset_at: '2027-02-01T00:00:00.000Z',
    });
    expect((await usage('?month=2026-11')).used).toBe(4);
  });

  it("a test key: the account's quota, its own mode's records", async () => {
    const data = await usage('', account.test);
    expect(data).toMatchObject({ used: 4, limit: 10_000, remaining: 9_996 });
    expect(data.by_source).toEqual({ ...NO_SOURCES, test: 1 });
    expect(data.daily[21]).toEqual({ date: '2026-11-22', validations: 1 });
  });

  it('another account sees only its own figures; monitors limit from TIER_LIMITS', async () => {
    const other = await app.account('business');
    const data = await usage('', other.live);
    expect(data).toMatchObject({
      tier: 'business',
      used: 0,
      limit: 50_000,
      monitors: { used: 0, limit: 25 },
    });
    expect(data.by_source).toEqual(NO_SOURCES);
    expect(data.daily.every((day: { validations: number }) => day.validations === 0)).toBe(true);
    const free = await app.account('free');
    expect((await usage('', free.live)).monitors).toEqual({ used: 0, limit: 0 });
  });

  it('bad input: 422 validation_error; no key: 401', async () => {
    for (const query of [
      '?month=2026-13',
      '?month=2026-00',
      '?month=2026-1',
      '?month=202611',
      '?month=2026-11-01',
      '?month=0001-01',
      '?month=1969-12',
      '?month=26-11',
      '?month=next',
      '?month=',
      '?month=2026-11&month=2026-10',
      '?from=2026-11-01',
      '?month=%E2%80%AE2026-11',
    ]) {
      const res = await app.request('GET', `/v1/usage${query}`, { key: account.live });
      expect(res.status, query).toBe(422);
      expect(res.body.error.code, query).toBe('validation_error');
    }
    const res = await app.request('GET', '/v1/usage');
    expect(res.status).toBe(401);
  });
});
