import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKey } from '../../src/accounts/keys.js';
import { accountsOf, unissuedKey } from '../helpers/accounts.js';
import { describeEachDialect } from '../helpers/dialects.js';
import { startTestApp, type TestApp } from '../helpers/harness.js';
import { expectError, OFFLINE_REGISTRIES } from './support.js';

/**
 * Every 401 names the scheme to authenticate with (RFC 6750 section 3): `WWW-Authenticate: Bearer`
 * when no usable credentials were sent, and `Bearer error="invalid_token"` when a key was sent
 * but refused (malformed, never issued, revoked). Answers that are not 401 carry no challenge.
 */

const ROUTES: Array<[string, string, unknown?]> = [
  ['GET', '/v1/validate?vat_number=DE123456704'],
  ['POST', '/v1/validate/batch', { vat_numbers: ['DE123456704'] }],
  ['GET', '/v1/rates/DE'],
  ['GET', '/v1/webhooks/deliveries'],
];

describeEachDialect('WWW-Authenticate on 401', (dialect) => {
  let app: TestApp;
  let revoked: string;
  let live: string;
  beforeAll(async () => {
    app = await startTestApp(dialect, { env: OFFLINE_REGISTRIES });
    const account = await app.account('business');
    live = account.live;
    const key = await createKey(accountsOf(app.database), account.id, 'live', app.clock.now());
    await accountsOf(app.database).revokeKey(key.id, app.clock.now());
    revoked = key.key;
  });
  afterAll(() => app.close());

  describe.each(ROUTES)('%s %s', (method, path, body) => {
    const send = (authorization?: string) =>
      app.request(method, path, { body, headers: authorization === undefined ? {} : { authorization } });

    it.each([
      ['no Authorization header', undefined],
      ['another scheme', 'Basic dXNlcjpwYXNz'],
      ['Bearer without a key', 'Bearer'],
    ])('challenges with Bearer for %s', async (_, authorization) => {
      const res = await send(authorization);
      expectError(res, 401, 'unauthorized');
      expect(res.headers.get('www-authenticate')).toBe('Bearer');
    });

    it.each([
      ['a malformed key', () => 'Bearer svc_live_short'],
      ['a key never issued', () => `Bearer ${unissuedKey()}`],
      ['a revoked key', () => `Bearer ${revoked}`],
    ])('answers %s with error="invalid_token"', async (_, authorization) => {
      const res = await send(authorization());
      expectError(res, 401, 'unauthorized');
      expect(res.headers.get('www-authenticate')).toBe('Bearer error="invalid_token"');
    });

    it('sends no challenge with a valid key', async () => {
      const res = await send(`Bearer ${live}`);
      expect(res.status).not.toBe(401);
      expect(res.headers.get('www-authenticate')).toBeNull();
    });
  });
});
