import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { type RegistrySimulator, startSimulator } from '../../simulator/server.js';
import { runCli } from '../../src/cli.js';
import { createTestDatabase, describeEachDialect, type TestDatabase } from '../helpers/dialects.js';

/**
 * `vat-service rates sync [--apply] [--from DATE] [--json]`, run in process against the simulator's
 * TEDB and a database of each engine: exit 0 when the sync ran (with or without differences), 1
 * when TEDB failed or its reply was refused, 2 on bad arguments, each with a clear message.
 */

interface CliResult {
  code: number;
  out: string[];
  err: string[];
}

describeEachDialect('vat-service rates sync', (dialect) => {
  let database: TestDatabase;
  let sim: RegistrySimulator;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    sim = await startSimulator();
  });
  beforeEach(() => sim.reset());
  afterAll(async () => {
    await sim.close();
    await database.drop();
  });

  async function cli(...argv: string[]): Promise<CliResult> {
    const result: CliResult = { code: -1, out: [], err: [] };
    result.code = await runCli(
      ['rates', 'sync', ...argv],
      {
        DATABASE_URL: database.url,
        LOG_LEVEL: 'silent',
        RATES_TEDB_URL: sim.env().RATES_TEDB_URL,
        RATES_TEDB_RETRY_DELAYS_MS: '10',
      },
      { out: (line) => result.out.push(line), err: (line) => result.err.push(line) },
    );
    return result;
  }

  it('reports differences without applying them, then applies them with --apply', async () => {
    const none = await cli('--from', '2030-01-01');
    expect(none.code, none.err.join('\n')).toBe(0);
    expect(none.out.join('\n')).toMatch(
      /^TEDB answered at \S+ \(reply SHA-256 [0-9a-f]{64}\); changes taking effect from 2030-01-01 on:\nNo differences: the service answers what TEDB says\.$/,
    );

    sim.announceTedbChange({ memberState: 'DE', situationOn: '2030-01-01', standard: 21 });
    const report = await cli('--from', '2030-01-01');
    expect(report.code, report.err.join('\n')).toBe(0);
    expect(report.out.join('\n').split('\n').slice(1)).toEqual([
      '  DE standard 19 → 21 from 2030-01-01',
      '1 difference(s), not applied: run with --apply to apply them.',
    ]);

    const applied = await cli('--apply', '--from', '2030-01-01', '--json');
    expect(applied.code, applied.err.join('\n')).toBe(0);
    expect(applied.out).toHaveLength(1);
    expect(JSON.parse(applied.out[0])).toMatchObject({
      mode: 'apply',
      result: 'ok',
      reason: null,
      applied: 1,
      differences: [{ country_code: 'DE', effective_from: '2030-01-01', kind: 'standard' }],
    });
    const again = await cli('--apply', '--from', '2030-01-01');
    expect(again.out.join('\n')).toMatch(/\nNo differences: the service answers what TEDB says\.$/);
  }, 120_000);

  it('exits 1 with the reason when TEDB is down, after retrying', async () => {
    sim.setBehaviour('tedb', { mode: 'down' });
    const result = await cli('--apply');
    expect(result.code).toBe(1);
    expect(result.out).toEqual([]);
    expect(result.err).toEqual([
      'Rates sync failed: TEDB answered HTTP 503 (after 2 attempts). Nothing was applied.',
    ]);
  });

  it('exits 1 with the reason when the reply is refused, and says so in --json', async () => {
    sim.announceTedbChange({ memberState: 'LU', situationOn: '2030-01-01', withdrawn: true });
    const text = await cli('--apply', '--from', '2030-01-01');
    expect(text.code).toBe(1);
    expect(text.err).toEqual([
      "Rates sync refused: TEDB's reply has no rates for LU: applying it would remove the country. Nothing was applied.",
    ]);
    const json = await cli('--apply', '--from', '2030-01-01', '--json');
    expect(json.code).toBe(1);
    expect(JSON.parse(json.out[0])).toMatchObject({ result: 'refused', applied: 0, differences: [] });
  });

  it.each([
    [['--from', '2025-02-30'], '--from: date 2025-02-30 does not exist'],
    [['--from', '2023-12-31'], '--from: rates are available from 2024-01-01 on; date 2023-12-31 is earlier'],
    [['--from', 'yesterday'], '--from: date must be a calendar date in the form YYYY-MM-DD'],
    [['--from'], "Option '--from <value>' argument missing"],
    [['--force'], "Unknown option '--force'"],
    [['now'], "Unexpected argument 'now'"],
  ])('exits 2 on the bad arguments %j, with the usage line', async (argv, message) => {
    const result = await cli(...argv);
    expect(result.code).toBe(2);
    expect(result.err.join('\n')).toContain(message);
    expect(result.err.join('\n')).toContain('Usage: vat-service rates sync [--apply] [--from DATE] [--json]');
    expect(sim.statsOf('tedb').calls).toBe(0);
  });
});
