import { afterAll, beforeAll, expect, it } from 'vitest';
import { createAccount } from '../../src/accounts/keys.js';
import { runCli } from '../../src/cli.js';
import { createStores } from '../../src/store/stores.js';
import { createTestDatabase, describeEachDialect, type TestDatabase } from '../helpers/dialects.js';

/** `vat-service monitors list|add|remove|pause|resume`, on each engine. */
describeEachDialect('vat-service monitors', (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(() => database.drop());

  async function cli(argv: string[]) {
    const result = { code: -1, out: [] as string[], err: [] as string[] };
    result.code = await runCli(
      argv,
      { DATABASE_URL: database.url, LOG_LEVEL: 'silent' },
      { out: (line) => result.out.push(line), err: (line) => result.err.push(line) },
    );
    return result;
  }
  async function json(argv: string[]) {
    const result = await cli([...argv, '--json']);
    expect(result.err, argv.join(' ')).toEqual([]);
    expect(result.code).toBe(0);
    return JSON.parse(result.out[0]);
  }

  it('adds, lists, pauses, resumes and removes monitors', async () => {
    const stores = createStores(database.database);
    const { id } = await createAccount(stores.accounts, 'CLI', 'pro', Date.now());
    const added = await json(['monitors', 'add', 'DE 123 456 704', '--account', id, '--interval', 'weekly']);
    expect(added).toMatchObject({
      created: true,
      monitor: { vat_number: 'DE123456704', interval: 'weekly' },
    });
    const monitorId = added.monitor.id;
    expect((await json(['monitors', 'add', 'DE123456704', '--account', id])).created).toBe(false);
    expect((await json(['monitors', 'list', '--account', id])).monitors).toHaveLength(1);
    expect((await json(['monitors', 'list', '--account', id, '--mode', 'test'])).monitors).toHaveLength(0);
    expect((await json(['monitors', 'pause', monitorId, '--account', id])).monitor.status).toBe('paused');
    expect((await json(['monitors', 'resume', monitorId, '--account', id])).monitor.status).toBe('active');
    const text = await cli(['monitors', 'list', '--account', id]);
    expect(text.out.join('\n')).toContain(`${monitorId}  DE123456704  weekly  active  not checked yet`);
    expect(await json(['monitors', 'remove', monitorId, '--account', id])).toEqual({
      id: monitorId,
      deleted: true,
    });
    expect((await cli(['monitors', 'remove', monitorId, '--account', id])).code).toBe(1);
  });

  it('refuses bad arguments (2), a malformed number and a Free account (1)', async () => {
    const stores = createStores(database.database);
    const pro = await createAccount(stores.accounts, 'CLI pro', 'pro', Date.now());
    const free = await createAccount(stores.accounts, 'CLI free', 'free', Date.now());
    expect(
      (await cli(['monitors', 'add', 'DE123456704', '--account', pro.id, '--interval', 'hourly'])).code,
    ).toBe(2);
    expect((await cli(['monitors', 'list', '--account', pro.id, '--mode', 'sandbox'])).code).toBe(2);
    expect((await cli(['monitors', 'list'])).code).toBe(2);
    expect((await cli(['monitors', 'add', 'DE12', '--account', pro.id])).code).toBe(1);
    const refused = await cli(['monitors', 'add', 'DE123456704', '--account', free.id]);
    expect(refused.code).toBe(1);
    expect(refused.err.join('\n')).toContain('Pro');
    // Listing needs no tier: an account moved to Free still sees the monitors it has.
    expect((await cli(['monitors', 'list', '--account', free.id])).code).toBe(0);
  });
});
