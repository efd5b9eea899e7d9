import { randomInt } from 'node:crypto';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from '../helpers/dialects.js';
import { startTestApp, type TestApp, type TestResponse } from '../helpers/harness.js';
import { expectError, OFFLINE_REGISTRIES } from './support.js';

/**
 * Unknown API keys from one client address (src/limits/auth-failures.ts, src/http/plugins/gates.ts):
 * an address that presented AUTH_FAILURES_PER_MINUTE unknown keys within 60 s gets 429
 * `burst_limit_exceeded` with Retry-After for any key not already known in memory, before that key
 * is looked up, so a flood of random keys cannot turn into database reads. Key reads are counted
 * on the real account store the app's authenticator uses. The app's ManualClock moves time.
 */

const LIMIT = 5;
const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A well-formed key that belongs to no account. */
function randomKey(): string {
  return `svc_live_${Array.from({ length: 32 }, () => BASE62[randomInt(BASE62.length)]).join('')}`;
}

describeEachDialect('unknown keys from one address', (dialect) => {
  let app: TestApp;
  let reads = 0;

  beforeAll(async () => {
    app = await startTestApp(dialect, {
      env: { ...OFFLINE_REGISTRIES, AUTH_FAILURES_PER_MINUTE: String(LIMIT) },
    });
    // The authenticator reads keys through this very store object (services.stores.accounts).
    const accounts = app.stores.accounts;
    const findKey = accounts.findKey.bind(accounts);
    accounts.findKey = (keyHash) => {
      reads += 1;
      return findKey(keyHash);
    };
  });
  afterEach(() => {
    // Every test starts with a clean address: its failures leave the 60 s window.
    app.clock.advance(61_000);
    reads = 0;
  });
  afterAll(() => app.close());

  const rates = (key: string) => app.request('GET', '/v1/rates/DE', { key });

  function expectRefused(res: TestResponse): void {
    expectError(res, 429, 'burst_limit_exceeded');
    expect(res.headers.get('retry-after'), res.text).toMatch(/^[1-9]\d*$/);
  }

  it('reads at most AUTH_FAILURES_PER_MINUTE keys of a flood of random ones; the rest get 429 with Retry-After', async () => {
    const answers = await Promise.all(Array.from({ length: 60 }, () => rates(randomKey())));
    const unauthorized = answers.filter((res) => res.status === 401);
    const refused = answers.filter((res) => res.status === 429);
    expect(reads).toBeLessThanOrEqual(LIMIT);
    expect(unauthorized.length).toBe(reads);
    expect(unauthorized.length + refused.length).toBe(answers.length);
    for (const res of unauthorized) expectError(res, 401, 'unauthorized');
    for (const res of refused) expectRefused(res);

    // And sequentially: once refused, every further unknown key is refused without a read.
    const before = reads;
    for (let i = 0; i < 20; i += 1) expectRefused(await rates(randomKey()));
    expect(reads).toBe(before);
  });

  it('keeps serving a valid key used before the flood, also once it is due to be read again', async () => {
    const { live, test } = await app.account('pro');
    expect((await rates(live)).status).toBe(200);
    expect((await rates(test)).status).toBe(200);
    const known = reads;
    const flood = Promise.all(Array.from({ length: 30 }, () => rates(randomKey())));
    const during = await Promise.all([rates(live), rates(test), rates(live)]);
    await flood;
    expect(during.map((res) => res.status)).toEqual([200, 200, 200]);
    expectRefused(await rates(randomKey()));
    expect(reads - known).toBeLessThanOrEqual(LIMIT);

    // Past the authenticator's refresh interval (1 s) the key is read again, still refused to nobody.
    app.clock.advance(2_000);
    const beforeRefresh = reads;
    const after = await Promise.all([rates(live), rates(live), rates(test)]);
    expect(after.map((res) => res.status)).toEqual([200, 200, 200]);
    expect(reads - beforeRefresh).toBe(2);
    expectRefused(await rates(randomKey()));
  });

  it('counts concurrent requests for one key not yet known as one lookup: a burst of them is served', async () => {
    const { live } = await app.account('pro');
    const answers = await Promise.all(Array.from({ length: LIMIT * 4 }, () => rates(live)));
    expect(answers.map((res) => res.status)).toEqual(answers.map(() => 200));
    expect(reads).toBe(1);
  });

  it('refuses a valid key it has not seen yet while the address is refused (no read to tell it apart)', async () => {
    const { live } = await app.account('pro');
    await Promise.all(Array.from({ length: LIMIT }, () => rates(randomKey())));
    const before = reads;
    expectRefused(await rates(live));
    expect(reads).toBe(before);
  });

  it('reads a repeated wrong key once', async () => {
    const wrong = randomKey();
    const answers = [
      ...(await Promise.all(Array.from({ length: 3 }, () => rates(wrong)))),
      await rates(wrong),
    ];
    for (const res of answers) expectError(res, 401, 'unauthorized');
    expect(reads).toBe(1);
  });

  it('lets the address try again 60 s after the failures that filled its window', async () => {
    await Promise.all(Array.from({ length: LIMIT }, () => rates(randomKey())));
    const refused = await rates(randomKey());
    expectRefused(refused);
    expect(refused.headers.get('retry-after')).toBe('60');
    app.clock.advance(59_000);
    const later = await rates(randomKey());
    expectRefused(later);
    expect(later.headers.get('retry-after')).toBe('1');
    const before = reads;
    app.clock.advance(1_000);
    expectError(await rates(randomKey()), 401, 'unauthorized');
    expect(reads).toBe(before + 1);
    const { live } = await app.account('pro');
    expect((await rates(live)).status).toBe(200);
  });
});
