import { createKey, type KeyMode } from '../accounts/keys.js';
import { systemClock } from '../clock.js';
import { createStores } from '../store/stores.js';
import { type Command, type CommandGroup, UsageError } from './command.js';
import { withDatabase } from './lifecycle.js';

/** `keys create | list | revoke`: API keys, stored only as their SHA-256 (decisions section 4). */

const create: Command = {
  path: ['keys', 'create'],
  synopsis: '--account ID --mode MODE',
  summary: 'create an API key (shown once)',
  details: ['The key is printed once; only its SHA-256 hash is stored. An unknown account exits 1.'],
  options: {
    account: { type: 'string', value: 'ID', required: true, description: 'the account (acc_…)' },
    mode: {
      type: 'string',
      value: 'MODE',
      required: true,
      description: 'live (registries, quota) or test (magic numbers, free)',
    },
  },
  json: 'print { id, key, mode, account_id }',
  examples: ['vat-service keys create --account acc_4Jd8sK2mQ9 --mode test'],
  async run({ option, env, print }) {
    const accountId = option('account')!;
    const mode = option('mode')!;
    if (mode !== 'live' && mode !== 'test') throw new UsageError('--mode must be live or test');
    return withDatabase(env, async (database) => {
      const { accounts } = createStores(database);
      if (!(await accounts.getAccount(accountId))) throw new Error(`No account ${accountId}.`);
      const created = await createKey(accounts, accountId, mode as KeyMode, systemClock.now());
      print(
        { ...created },
        `Created ${mode} key ${created.id} for ${accountId}. The key, shown only now:\n${created.key}`,
      );
      return 0;
    });
  },
};

const list: Command = {
  path: ['keys', 'list'],
  synopsis: '--account ID',
  summary: "list an account's keys (prefix and state, never the key)",
  options: {
    account: { type: 'string', value: 'ID', required: true, description: 'the account (acc_…)' },
  },
  details: ['An unknown account exits 1.'],
  json: 'print { keys: [{ id, mode, prefix, created_at, revoked_at }] }',
  examples: ['vat-service keys list --account acc_4Jd8sK2mQ9'],
  run: ({ option, env, print }) =>
    withDatabase(env, async (database) => {
      const accountId = option('account')!;
      const { accounts } = createStores(database);
      // A mistyped account id is an error, as for every other command that names an account, not
      // an account without keys.
      if (!(await accounts.getAccount(accountId))) throw new Error(`No account ${accountId}.`);
      const keys = (await accounts.listKeys(accountId)).map((k) => ({
        id: k.id,
        mode: k.mode,
        prefix: k.key_prefix,
        created_at: new Date(k.created_at).toISOString(),
        revoked_at: k.revoked_at === null ? null : new Date(k.revoked_at).toISOString(),
      }));
      const line = (k: (typeof keys)[number]) =>
        `${k.id}  ${k.mode}  ${k.prefix}…  ${k.revoked_at ? `revoked ${k.revoked_at}` : 'active'}`;
      print({ keys }, keys.length ? keys.map(line).join('\n') : 'No keys.');
      return 0;
    }),
};

const revoke: Command = {
  path: ['keys', 'revoke'],
  synopsis: 'KEY_ID',
  summary: 'revoke a key (401 from then on)',
  details: [
    'KEY_ID is the key’s id (key_…), not the key. Running instances refuse it within a second.',
    'An unknown key exits 1.',
  ],
  positionals: ['KEY_ID'],
  json: 'print { id, revoked }',
  examples: ['vat-service keys revoke key_7Hq2xLm3Pw'],
  run: ({ args, env, print }) =>
    withDatabase(env, async (database) => {
      if (!(await createStores(database).accounts.revokeKey(args.KEY_ID, systemClock.now())))
        throw new Error(`No key ${args.KEY_ID}.`);
      print({ id: args.KEY_ID, revoked: true }, `Key ${args.KEY_ID} revoked.`);
      return 0;
    }),
};

export const keys: CommandGroup = {
  name: 'keys',
  summary: 'API keys: svc_live_… (registries, quota) and svc_test_… (magic numbers, no quota).',
  commands: [create, list, revoke],
};
