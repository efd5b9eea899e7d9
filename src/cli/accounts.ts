import { createAccount } from '../accounts/keys.js';
import { isTier, TIERS, type Tier } from '../accounts/tiers.js';
import { systemClock } from '../clock.js';
import { createStores } from '../store/stores.js';
import { type Command, type CommandGroup, UsageError } from './command.js';
import { withDatabase } from './lifecycle.js';

/** `accounts create | list | set-tier`: accounts and their tiers (decisions section 4). */

const TIER_CHOICES = TIERS.join(', ');

export function tierOf(value: string): Tier {
  if (!isTier(value)) throw new UsageError(`tier must be one of ${TIER_CHOICES}; got '${value}'`);
  return value;
}

const create: Command = {
  path: ['accounts', 'create'],
  synopsis: '--name NAME --tier TIER',
  summary: 'create an account',
  options: {
    name: { type: 'string', value: 'NAME', required: true, description: 'display name, not empty' },
    tier: { type: 'string', value: 'TIER', required: true, description: TIER_CHOICES },
  },
  json: 'print { id, name, tier }',
  examples: ['vat-service accounts create --name "Acme GmbH" --tier pro'],
  async run({ option, env, print }) {
    const name = option('name')!;
    const tier = tierOf(option('tier')!);
    if (name.trim() === '') throw new UsageError('--name must not be empty');
    return withDatabase(env, async (database) => {
      const account = await createAccount(createStores(database).accounts, name, tier, systemClock.now());
      print(
        { id: account.id, name: account.name, tier: account.tier },
        `Created account ${account.id} (${account.name}, ${account.tier}).`,
      );
      return 0;
    });
  },
};

const list: Command = {
  path: ['accounts', 'list'],
  synopsis: '',
  summary: 'list all accounts',
  json: 'print { accounts: [{ id, name, tier, created_at }] }',
  examples: ['vat-service accounts list --json'],
  run: ({ env, print }) =>
    withDatabase(env, async (database) => {
      const rows = (await createStores(database).accounts.listAccounts()).map((a) => ({
        id: a.id,
        name: a.name,
        tier: a.tier,
        created_at: new Date(a.created_at).toISOString(),
      }));
      print(
        { accounts: rows },
        rows.length ? rows.map((a) => `${a.id}  ${a.tier.padEnd(8)}  ${a.name}`).join('\n') : 'No accounts.',
      );
      return 0;
    }),
};

const setTier: Command = {
  path: ['accounts', 'set-tier'],
  synopsis: 'ID TIER',
  summary: "change an account's tier",
  details: [`ID is the account (acc_…); TIER one of ${TIER_CHOICES}. An unknown account exits 1.`],
  positionals: ['ID', 'TIER'],
  json: 'print { id, name, tier }',
  examples: ['vat-service accounts set-tier acc_4Jd8sK2mQ9 business'],
  async run({ args, env, print }) {
    const tier = tierOf(args.TIER);
    return withDatabase(env, async (database) => {
      const { accounts } = createStores(database);
      if (!(await accounts.setTier(args.ID, tier))) throw new Error(`No account ${args.ID}.`);
      const account = (await accounts.getAccount(args.ID))!;
      print(
        { id: account.id, name: account.name, tier: account.tier },
        `Account ${account.id} is now on ${account.tier}.`,
      );
      return 0;
    });
  },
};

export const accounts: CommandGroup = {
  name: 'accounts',
  summary: 'Accounts: each has a tier (monthly quota, burst limit, features) and any number of keys.',
  commands: [create, list, setTier],
};
