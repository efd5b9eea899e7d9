import { Quota, remaining } from '../accounts/quota.js';
import { systemClock } from '../clock.js';
import { createStores } from '../store/stores.js';
import { type Command, UsageError } from './command.js';
import { withDatabase } from './lifecycle.js';

/**
 * `usage --account ID [--month YYYY-MM]`: an account's monthly quota as the API counts it, read
 * through the same Quota and usage counters that gate and charge validations (decisions section 4).
 */

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** An instant inside the month `YYYY-MM` (its first, UTC), or now for the current month. */
function instantOf(month: string | undefined): number {
  if (month === undefined) return systemClock.now();
  const match = MONTH.exec(month);
  if (!match) throw new UsageError(`--month must be YYYY-MM (e.g. 2026-11); got '${month}'`);
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, 1);
}

export const usage: Command = {
  path: ['usage'],
  synopsis: '--account ID [--month YYYY-MM]',
  summary: "an account's monthly quota: tier, limit, used, remaining, reset time",
  details: [
    'Months are calendar months in UTC; the quota resets at the first instant of the next one.',
    'The limit is that of the account’s current tier (TIER_LIMITS applies), also for past months.',
    'Test keys use no quota. An unknown account exits 1.',
  ],
  options: {
    account: { type: 'string', value: 'ID', required: true, description: 'the account (acc_…)' },
    month: { type: 'string', value: 'YYYY-MM', description: 'the month to show (default: this month, UTC)' },
  },
  json: 'print { account_id, tier, month, limit, used, remaining, resets_at }',
  examples: [
    'vat-service usage --account acc_4Jd8sK2mQ9',
    'vat-service usage --account acc_4Jd8sK2mQ9 --month 2026-10 --json',
  ],
  async run({ option, env, print }) {
    const accountId = option('account')!;
    const at = instantOf(option('month'));
    return withDatabase(env, async (database, config) => {
      const stores = createStores(database);
      const account = await stores.accounts.getAccount(accountId);
      if (!account) throw new Error(`No account ${accountId}.`);
      const quota = new Quota(stores.usage, config.tierLimits);
      const state = await quota.current({ accountId, tier: account.tier }, at);
      const report = {
        account_id: accountId,
        tier: account.tier,
        month: state.period,
        limit: state.limit,
        used: state.used,
        remaining: remaining(state),
        resets_at: new Date(state.resetAt).toISOString(),
      };
      const rows: Array<[string, string | number]> = [
        ['account', report.account_id],
        ['tier', report.tier],
        ['month', report.month],
        ['limit', report.limit],
        ['used', report.used],
        ['remaining', report.remaining],
        ['resets at', report.resets_at],
      ];
      print(report, rows.map(([name, value]) => `${name.padEnd(10)} ${value}`).join('\n'));
      return 0;
    });
  },
};
