import { Quota } from '../accounts/quota.js';
import { monthStart, usageReport } from '../accounts/usage-report.js';
import { systemClock } from '../clock.js';
import { createStores } from '../store/stores.js';
import { type Command, UsageError } from './command.js';
import { withDatabase } from './lifecycle.js';

/**
 * `usage --account ID [--month YYYY-MM]`: an account's monthly quota as the API counts it, read
 * through the same Quota and usage counters that gate and charge validations (decisions section 4).
 */

/** An instant inside the month `YYYY-MM` (its first, UTC), or now for the current month. */
function instantOf(month: string | undefined): number {
  if (month === undefined) return systemClock.now();
  const start = monthStart(month);
  if (start === undefined) throw new UsageError(`--month must be YYYY-MM (e.g. 2026-11); got '${month}'`);
  return start;
}

/** `vies 12, checksum 3`: the month's records by source, or `none`. */
function answered(bySource: Record<string, number>): string {
  const parts = Object.entries(bySource).filter(([, count]) => count > 0);
  return parts.length ? parts.map(([source, count]) => `${source} ${count}`).join(', ') : 'none';
}

export const usage: Command = {
  path: ['usage'],
  synopsis: '--account ID [--month YYYY-MM]',
  summary: "an account's month as GET /v1/usage shows it: quota, daily figures, sources, monitors",
  details: [
    'Months are calendar months in UTC; the quota resets at the first instant of the next one.',
    'The limit is that of the account’s current tier (TIER_LIMITS applies), also for past months.',
    'Test keys use no quota. daily and by_source count live records. An unknown account exits 1.',
  ],
  options: {
    account: { type: 'string', value: 'ID', required: true, description: 'the account (acc_…)' },
    month: { type: 'string', value: 'YYYY-MM', description: 'the month to show (default: this month, UTC)' },
  },
  json: 'print { account_id, month, tier, limit, used, remaining, reset_at, resets_at, daily, by_source, monitors }: GET /v1/usage of a live key, and resets_at (= reset_at)',
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
      const figures = await usageReport(
        {
          quota,
          usage: stores.usage,
          limits: config.tierLimits,
          monitorsUsed: (id, mode) => stores.monitors.count({ accountId: id, mode }),
        },
        { accountId, tier: account.tier, mode: 'live' },
        at,
        systemClock.now(),
      );
      const report = { account_id: accountId, ...figures, resets_at: figures.reset_at };
      const rows: Array<[string, string | number]> = [
        ['account', report.account_id],
        ['tier', report.tier],
        ['month', report.month],
        ['limit', report.limit],
        ['used', report.used],
        ['remaining', report.remaining],
        ['resets at', report.reset_at],
        ['answered', answered(report.by_source)],
        ['monitors', `${report.monitors.used} of ${report.monitors.limit}`],
      ];
      print(report, rows.map(([name, value]) => `${name.padEnd(10)} ${value}`).join('\n'));
      return 0;
    });
  },
};
