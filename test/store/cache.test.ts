import { afterAll, beforeAll, expect, it } from 'vitest';
import { createAccount } from '../../src/accounts/keys.js';
import { createStores, type Stores } from '../../src/store/stores.js';
import { createTestDatabase, describeEachDialect, type TestDatabase } from '../helpers/dialects.js';

/**
 * The validation cache store (src/store/cache.ts): an entry is read back with the SHA-256 of the
 * reply its evidence kept, null when it has no evidence, and replaced whole by a later answer.
 */
describeEachDialect('validation cache store', (dialect) => {
  let test: TestDatabase;
  let stores: Stores;

  beforeAll(async () => {
    test = await createTestDatabase(dialect);
    stores = createStores(test.database);
  });
  afterAll(() => test.drop());

  const evidence = (id: string, sha256: string) =>
    stores.evidence.insert({
      id,
      registry: 'vies',
      url: 'https://ec.europa.eu/taxation_customs/vies/services/checkVatService',
      method: 'POST',
      requested_at: 1_000,
      duration_ms: 120,
      request: '<soap/>',
      response_status: 200,
      response_content_type: 'text/xml',
      response_body: '<soap/>',
      response_encoding: 'utf8',
      truncated: 0,
      response_sha256: sha256,
      request_sha256: null,
      kept_sha256: null,
      account_id: null,
      requester_vat_number: null,
      consultation_number: null,
      created_at: 1_000,
    });

  const entry = (vatNumber: string, evidenceId: string | null, fetchedAt = 1_000) => ({
    vat_number: vatNumber,
    valid: 1,
    company_name: 'Müller GmbH',
    company_address: 'Hauptstraße 1\n10115 Berlin',
    source: 'vies',
    fetched_at: fetchedAt,
    evidence_id: evidenceId,
  });

  it('reads an entry with its evidence hash, null without evidence, undefined when absent', async () => {
    await evidence('ev-cache-1', 'a'.repeat(64));
    await stores.cache.put(entry('DE123456788', 'ev-cache-1'));
    await stores.cache.put(entry('ATU12345675', null));

    expect(await stores.cache.get('DE123456788')).toEqual({
      ...entry('DE123456788', 'ev-cache-1'),
      evidence_sha256: 'a'.repeat(64),
    });
    expect(await stores.cache.get('ATU12345675')).toEqual({
      ...entry('ATU12345675', null),
      evidence_sha256: null,
    });
    expect(await stores.cache.get('FI21000002')).toBeUndefined();
  });

  it('replaces an entry, evidence included', async () => {
    await evidence('ev-cache-2', 'b'.repeat(64));
    await stores.cache.put(entry('DE123456788', 'ev-cache-2', 2_000));
    expect(await stores.cache.get('DE123456788')).toMatchObject({
      fetched_at: 2_000,
      evidence_id: 'ev-cache-2',
      evidence_sha256: 'b'.repeat(64),
    });
  });

  it("reads an entry with an account's usage of a month in one statement, 0 before its first unit", async () => {
    const account = await createAccount(stores.accounts, 'Usage beside', 'pro', 0);
    const usage = { accountId: account.id, period: '2026-11' };
    expect(await stores.cache.getWithUsage('DE123456788', usage)).toEqual({
      entry: await stores.cache.get('DE123456788'),
      used: 0,
    });
    await stores.usage.reserve({ ...usage, units: 7, limit: 100 });
    expect(await stores.cache.getWithUsage('DE123456788', usage)).toMatchObject({
      entry: { evidence_id: 'ev-cache-2', evidence_sha256: 'b'.repeat(64) },
      used: 7,
    });
    expect(await stores.cache.getWithUsage('FI21000002', usage)).toEqual({ entry: undefined, used: 7 });
    expect(await stores.cache.getWithUsage('FI21000002', { ...usage, period: '2026-12' })).toEqual({
      entry: undefined,
      used: 0,
    });
  });
});
