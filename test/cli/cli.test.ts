import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli.js';
import { createTestDatabase, describeEachDialect, type TestDatabase } from '../helpers/dialects.js';
import { startTestApp } from '../helpers/harness.js';

/**
 * The `vat-service` command-line tool, run in process with runCli against a
 * database of its own on each engine: one JSON object per command with --json, keys stored only as
 * SHA-256 hashes, exit code 2 for bad arguments and 1 for bad configuration or a failed command.
 */

const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const BUILT_CLI = fileURLToPath(new URL('../../dist/src/cli.js', import.meta.url));

interface CliResult {
  code: number;
  out: string[];
  err: string[];
}

describeEachDialect('vat-service CLI', (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(() => database.drop());

  async function cli(argv: string[], env: Record<string, string> = {}): Promise<CliResult> {
    const run = async (): Promise<CliResult> => {
      const result: CliResult = { code: -1, out: [], err: [] };
      result.code = await runCli(
        argv,
        { DATABASE_URL: database.url, LOG_LEVEL: 'silent', ...env },
        { out: (line) => result.out.push(line), err: (line) => result.err.push(line) },
      );
      return result;
    };
    const result = await run();
    // A race outside this suite: every admin command migrates, and Kysely's Migrator looks for its
    // table by introspecting every schema of the database (has_schema_privilege on each); when
    // another test file drops its own schema during that scan, PostgreSQL answers 'schema "t_…"
    // does not exist', naming that other schema. Only that exact failure is run again, once. The
    // fix belongs in migrateToLatest (src/store/db.ts), which could skip the Migrator when nothing
    // is pending.
    const foreign = /schema \\?"(t_[0-9a-f]{12})\\?" does not exist/.exec(result.err.join('\n'));
    if (foreign && !database.url.includes(foreign[1])) return run();
    return result;
  }

  /** Runs a command with --json and returns its one JSON object, after checking it is the only output. */
  async function json(...argv: string[]): Promise<Record<string, unknown>> {
    const result = await cli([...argv, '--json']);
    expect(result.err, argv.join(' ')).toEqual([]);
    expect(result.code, argv.join(' ')).toBe(0);
    expect(result.out, argv.join(' ')).toHaveLength(1);
    const object = JSON.parse(result.out[0]);
    expect(typeof object === 'object' && object !== null && !Array.isArray(object)).toBe(true);
    return object;
  }

  async function newAccount(tier = 'pro'): Promise<string> {
    return (await json('accounts', 'create', '--name', `CLI ${tier}`, '--tier', tier)).id as string;
  }

  describe('commands with --json', () => {
    it('accounts create prints { id, name, tier }', async () => {
      const account = await json('accounts', 'create', '--name', 'Acme GmbH', '--tier', 'pro');
      expect(Object.keys(account).sort()).toEqual(['id', 'name', 'tier']);
      expect(account).toEqual({ id: expect.stringMatching(/^acc_\w+$/), name: 'Acme GmbH', tier: 'pro' });
    });

    it.each(['free', 'pro', 'business', 'scale'])('accounts create accepts the tier %s', async (tier) => {
      expect((await json('accounts', 'create', '--name', 'T', '--tier', tier)).tier).toBe(tier);
    });

    it('accounts list prints { accounts } holding the created accounts', async () => {
      const id = await newAccount('business');
      const listed = await json('accounts', 'list');
      expect(Object.keys(listed)).toEqual(['accounts']);
      expect(listed.accounts).toContainEqual({
        id,
        name: 'CLI business',
        tier: 'business',
        created_at: expect.any(String),
      });
    });

    it('accounts set-tier prints { id, name, tier } with the new tier', async () => {
      const id = await newAccount('free');
      expect(await json('accounts', 'set-tier', id, 'scale')).toEqual({
        id,
        name: 'CLI free',
        tier: 'scale',
      });
      expect((await json('accounts', 'list')).accounts).toContainEqual(
        expect.objectContaining({ id, tier: 'scale' }),
      );
    });

    it.each(['live', 'test'])('keys create --mode %s prints { id, key, mode, account_id }', async (mode) => {
      const accountId = await newAccount();
      const created = await json('keys', 'create', '--account', accountId, '--mode', mode);
      expect(Object.keys(created).sort()).toEqual(['account_id', 'id', 'key', 'mode']);
      expect(created).toEqual({
        id: expect.stringMatching(/^key_\w+$/),
        key: expect.stringMatching(new RegExp(`^svc_${mode}_[0-9A-Za-z]{32}$`)),
        mode,
        account_id: accountId,
      });
    });

    it('keys list prints { keys } without the keys themselves', async () => {
      const accountId = await newAccount();
      const live = await json('keys', 'create', '--account', accountId, '--mode', 'live');
      const test = await json('keys', 'create', '--account', accountId, '--mode', 'test');
      const result = await cli(['keys', 'list', '--account', accountId, '--json']);
      expect(result.out).toHaveLength(1);
      const listed = JSON.parse(result.out[0]);
      expect(Object.keys(listed)).toEqual(['keys']);
      expect(listed.keys.map((k: { id: string }) => k.id).sort()).toEqual([live.id, test.id].sort());
      expect(listed.keys[0]).toEqual({
        id: expect.any(String),
        mode: expect.stringMatching(/^(live|test)$/),
        prefix: expect.any(String),
        created_at: expect.any(String),
        revoked_at: null,
      });
      for (const key of [live.key, test.key] as string[])
        expect(result.out[0]).not.toContain((key as string).slice(9));
    });

    it('keys revoke prints { id, revoked } and keys list then shows when', async () => {
      const accountId = await newAccount();
      const created = await json('keys', 'create', '--account', accountId, '--mode', 'live');
      expect(await json('keys', 'revoke', created.id as string)).toEqual({ id: created.id, revoked: true });
      const listed = await json('keys', 'list', '--account', accountId);
      expect(listed.keys).toEqual([
        expect.objectContaining({ id: created.id, revoked_at: expect.any(String) }),
      ]);
    });

    it('migrate prints { migrated, dialect }', async () => {
      expect(await json('migrate')).toEqual({ migrated: true, dialect: dialect.name });
    });

    it('shows a created key once in the human output too', async () => {
      const accountId = await newAccount();
      const result = await cli(['keys', 'create', '--account', accountId, '--mode', 'test']);
      expect(result.code, result.err.join('\n')).toBe(0);
      expect(result.out.join('\n')).toMatch(/svc_test_[0-9A-Za-z]{32}/);
    });
  });

  describe('keys at rest', () => {
    it('stores a key only as its SHA-256 hash: the key appears nowhere in its row', async () => {
      const accountId = await newAccount();
      const created = await json('keys', 'create', '--account', accountId, '--mode', 'live');
      const key = created.key as string;
      const row = await database.database.db
        .selectFrom('api_keys')
        .selectAll()
        .where('id', '=', created.id as string)
        .executeTakeFirstOrThrow();
      expect(row.key_hash).toBe(createHash('sha256').update(key).digest('hex'));
      const stored = JSON.stringify(row);
      expect(stored).not.toContain(key);
      expect(stored).not.toContain(key.slice('svc_live_'.length));
      // The listing prefix is shorter than the random part: it names the key without revealing it.
      expect(key.startsWith(row.key_prefix)).toBe(true);
      expect(row.key_prefix.length).toBeLessThan('svc_live_'.length + 8);
    });

    it('makes a key work over HTTP at once, and fail with 401 once revoked', async () => {
      const app = await startTestApp(dialect, {
        database: { database: database.database, url: database.url },
      });
      try {
        const accountId = await newAccount();
        const created = await json('keys', 'create', '--account', accountId, '--mode', 'test');
        const path = '/v1/validate?vat_number=DE123456704';
        expect((await app.request('GET', path, { key: created.key as string })).status).toBe(200);
        await json('keys', 'revoke', created.id as string);
        // The CLI is another process to the app: the revocation shows within the refresh interval.
        app.clock.advance(1_000);
        const refused = await app.request('GET', path, { key: created.key as string });
        expect(refused.status).toBe(401);
        expect(refused.body.error.code).toBe('unauthorized');
      } finally {
        await app.close();
      }
    });
  });

  describe('bad arguments: exit code 2 and a clear message', () => {
    it.each([
      [['accounts', 'create', '--name', 'X'], '--tier is required'],
      [['accounts', 'create', '--tier', 'pro'], '--name is required'],
      [
        ['accounts', 'create', '--name', 'X', '--tier', 'gold'],
        "tier must be one of free, pro, business, scale; got 'gold'",
      ],
      [['accounts', 'create', '--name', '  ', '--tier', 'pro'], '--name must not be empty'],
      [['accounts', 'create', '--name'], "'--name"],
      [['accounts', 'set-tier'], 'ID and TIER are required'],
      [['accounts', 'set-tier', 'acc_x'], 'TIER is required'],
      [['accounts', 'set-tier', 'acc_x', 'platinum'], "got 'platinum'"],
      [['accounts', 'delete'], 'Unknown command: accounts delete'],
      [['accounts', 'list', '--bogus'], '--bogus'],
      [['keys', 'create', '--account', 'acc_x'], '--mode is required'],
      [['keys', 'create', '--mode', 'live'], '--account is required'],
      [['keys', 'create', '--account', 'acc_x', '--mode', 'prod'], '--mode must be live or test'],
      [['keys', 'list'], '--account is required'],
      [['keys', 'revoke'], 'KEY_ID is required'],
      [['frobnicate'], 'Unknown command: frobnicate'],
    ])('%j', async (argv, message) => {
      const result = await cli(argv);
      expect(result.code).toBe(2);
      expect(result.out).toEqual([]);
      expect(result.err.join('\n')).toContain(message);
    });

    it('prints the usage and exits 2 without a command', async () => {
      const result = await cli([]);
      expect(result.code).toBe(2);
      expect([...result.out, ...result.err].join('\n')).toContain('Usage: vat-service');
    });

    it('prints the usage and exits 0 with --help', async () => {
      const result = await cli(['--help']);
      expect(result.code).toBe(0);
      expect(result.out.join('\n')).toContain('accounts create --name NAME --tier TIER');
    });

    it.each([
      [['accounts', 'create', '--name', 'X', '--json'], '--tier is required'],
      [['accounts', 'list', '--bogus', '--json'], '--bogus'],
      [['frobnicate', '--json'], 'Unknown command'],
    ])('with --json, %j prints one JSON object naming the problem on stderr', async (argv, message) => {
      const result = await cli(argv);
      expect(result.code).toBe(2);
      expect(result.out).toEqual([]);
      expect(result.err).toHaveLength(1);
      expect(JSON.parse(result.err[0]).error).toContain(message);
    });
  });

  describe('failed commands: exit code 1', () => {
    it.each([
      [['keys', 'create', '--account', 'acc_missing', '--mode', 'live'], 'No account acc_missing'],
      [['keys', 'revoke', 'key_missing'], 'No key key_missing'],
      [['keys', 'list', '--account', 'acc_missing'], 'No account acc_missing'],
      [['accounts', 'set-tier', 'acc_missing', 'pro'], 'No account acc_missing'],
    ])('%j', async (argv, message) => {
      const result = await cli(argv);
      expect(result.code, result.err.join('\n')).toBe(1);
      expect(result.err.join('\n')).toContain(message);
    });
  });

  describe('bad configuration: exit code 1 and a message naming the variable', () => {
    it.each([
      ['PORT', 'abc'],
      ['PORT', '70000'],
      ['DATABASE_URL', 'mysql://localhost/vat'],
      ['TIER_LIMITS', 'not json'],
      ['TIER_LIMITS', '{"gold":{"monthly":1}}'],
      ['TIER_LIMITS', '{"free":{"monthly":-1}}'],
      ['TIER_LIMITS', '{"free":{"daily":5}}'],
      ['TIER_LIMITS', '{"free":{"monthly":3000000000}}'],
      ['LOG_LEVEL', 'loud'],
      ['CHECK_DIGITS', 'perhaps'],
      ['REDIS_URL', 'localhost:6379'],
    ])('%s=%s', async (name, value) => {
      const result = await cli(['accounts', 'list'], { [name]: value });
      expect(result.code).toBe(1);
      expect(result.out).toEqual([]);
      expect(result.err.join('\n')).toContain(name);
    });

    it('prints one JSON object naming the variable with --json', async () => {
      const result = await cli(['accounts', 'list', '--json'], { PORT: 'abc' });
      expect(result.code).toBe(1);
      expect(result.err).toHaveLength(1);
      expect(JSON.parse(result.err[0]).error).toContain('PORT');
    });
  });

  describe('the built executable', () => {
    const built = existsSync(BUILT_CLI);
    (built ? it : it.skip)(
      `runs \`node dist/src/cli.js accounts list --json\`${built ? '' : ' (SKIPPED: dist/src/cli.js not built; run npm run build)'}`,
      async () => {
        const id = await newAccount();
        const { stdout } = await promisify(execFile)(
          process.execPath,
          [BUILT_CLI, 'accounts', 'list', '--json'],
          {
            cwd: PROJECT_ROOT,
            env: { PATH: process.env.PATH, DATABASE_URL: database.url, LOG_LEVEL: 'silent' },
          },
        );
        const lines = stdout.trim().split('\n');
        expect(lines).toHaveLength(1);
        expect(JSON.parse(lines[0]).accounts).toContainEqual(expect.objectContaining({ id }));
      },
    );
  });
});
