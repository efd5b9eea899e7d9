import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli.js';
import { FORMATS } from '../../src/numbers/formats.js';
import { startTestApp, type TestAccount, type TestApp } from '../helpers/harness.js';
import { freePort } from '../helpers/processes.js';
import { OFFLINE_REGISTRIES } from '../http/support.js';

/**
 * `vat-service decide` against the real app with a test key: the decision in words, or as JSON;
 * bad arguments exit 2, a refusal by the service exits 1 with its reason.
 */

async function run(argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(
    ['decide', ...argv],
    {},
    { out: (line) => out.push(line), err: (line) => err.push(line) },
  );
  return { code, out, err };
}

describe('vat-service decide', () => {
  let app: TestApp;
  let account: TestAccount;
  beforeAll(async () => {
    app = await startTestApp({ name: 'sqlite' }, { env: OFFLINE_REGISTRIES });
    account = await app.account('pro');
  });
  afterAll(async () => {
    await app?.close();
  });
  const client = () => ['--url', app.url, '--key', account.test];

  it('prints the treatment, rate, note and reasons of a sale', async () => {
    const result = await run([
      '--seller',
      'DE',
      '--buyer',
      'FR',
      '--buyer-vat',
      FORMATS.FR.example,
      '--kind',
      'services',
      ...client(),
    ]);
    expect(result.code, result.err.join('\n')).toBe(0);
    const text = result.out.join('\n');
    expect(text).toMatch(/^Treatment: {2}reverse_charge, no VAT charged$/m);
    expect(text).toMatch(/^Rate: {7}0 %/m);
    expect(text).toMatch(/^Invoice note:$/m);
    expect(text).toMatch(/^Decision: {3}dec_[0-9a-f]{32}/m);
  });

  it('prints the decision as JSON with --json, amounts included', async () => {
    const result = await run([
      '--seller',
      'NL',
      '--buyer',
      'NL',
      '--kind',
      'goods',
      '--amount',
      '0.50',
      '--currency',
      'EUR',
      '--json',
      ...client(),
    ]);
    expect(result.code, result.err.join('\n')).toBe(0);
    const decision = JSON.parse(result.out[0]);
    expect(decision).toMatchObject({
      treatment: 'domestic',
      rate: 21,
      amount: { vat: '0.11', gross: '0.61' },
    });
  });

  it('exits 2 on bad arguments and 1 with the service’s reason when it refuses', async () => {
    expect((await run(['--seller', 'DE', '--buyer', 'FR', '--kind', 'food', ...client()])).code).toBe(2);
    expect(
      (await run(['--seller', 'DE', '--buyer', 'FR', '--kind', 'goods', '--amount', '1', ...client()])).code,
    ).toBe(2);
    const refused = await run(['--seller', 'DE', '--buyer', 'US', '--kind', 'goods', ...client()]);
    expect(refused.code).toBe(1);
    expect(refused.err.join('\n')).toMatch(/422 validation_error: buyer\.country_code/);
  });

  it('says how to start the service when none answers at --url (no webhook setting)', async () => {
    const nobody = `http://127.0.0.1:${await freePort()}`;
    const result = await run([
      '--seller',
      'DE',
      '--buyer',
      'FR',
      '--kind',
      'goods',
      '--url',
      nobody,
      '--key',
      account.test,
    ]);
    expect(result.code).toBe(1);
    expect(result.err.join('\n')).toContain(
      `Could not reach the service at ${nobody} (ECONNREFUSED). Is it running? Start it with vat-service serve, or pass --url.`,
    );
  });
});
