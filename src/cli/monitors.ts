import { randomUUID } from 'node:crypto';
import type { Principal } from '../accounts/authenticator.js';
import { isTier } from '../accounts/tiers.js';
import { systemClock } from '../clock.js';
import { MonitorService } from '../monitors/monitor-service.js';
import type { MonitorView } from '../monitors/monitor-shape.js';
import { INTERVALS, type MonitorInterval } from '../monitors/schedule.js';
import { createStores } from '../store/stores.js';
import { type Command, type CommandContext, type CommandGroup, UsageError } from './command.js';
import { withDatabase } from './lifecycle.js';

/**
 * `monitors list | add | remove | pause | resume`: an account's monitors through the same service
 * the API uses (limits, first check queued at once); a running worker does the checks.
 */

const account = { type: 'string', value: 'ID', required: true, description: 'the account (acc_…)' } as const;
const mode = { type: 'string', value: 'MODE', description: 'live (default) or test' } as const;

/** The service and the principal an API key of the account's `--mode` would be. */
async function withMonitors<T>(
  context: CommandContext,
  work: (service: MonitorService, principal: Principal) => Promise<T>,
): Promise<T> {
  const accountId = context.option('account')!;
  const keyMode = context.option('mode') ?? 'live';
  if (keyMode !== 'live' && keyMode !== 'test') throw new UsageError('--mode must be live or test');
  return withDatabase(context.env, async (database, config) => {
    const stores = createStores(database);
    const found = await stores.accounts.getAccount(accountId);
    if (!found) throw new Error(`No account ${accountId}.`);
    const tier = isTier(found.tier) ? found.tier : 'free';
    const service = new MonitorService({ stores, clock: systemClock, limits: config.tierLimits });
    return work(service, { keyId: 'cli', accountId, tier, mode: keyMode });
  });
}

function line(monitor: MonitorView): string {
  const result = monitor.last_result
    ? monitor.last_result.valid
      ? 'valid'
      : 'not valid'
    : 'not checked yet';
  const error = monitor.last_error ? `  last error: ${monitor.last_error.code}` : '';
  return `${monitor.id}  ${monitor.vat_number}  ${monitor.interval}  ${monitor.status}  ${result}  next ${monitor.next_check_at}${error}`;
}

const list: Command = {
  path: ['monitors', 'list'],
  synopsis: '--account ID [--mode MODE]',
  summary: "list an account's monitors, newest first",
  options: { account, mode },
  json: 'print { monitors: [monitor, …] } (the API’s monitor objects)',
  examples: ['vat-service monitors list --account acc_4Jd8sK2mQ9'],
  run: (context) =>
    withMonitors(context, async (service, principal) => {
      const monitors: MonitorView[] = [];
      let cursor: string | undefined;
      do {
        const page = await service.list(principal, { limit: 100, cursor });
        monitors.push(...page.data);
        cursor = page.next_cursor ?? undefined;
      } while (cursor);
      context.print({ monitors }, monitors.length ? monitors.map(line).join('\n') : 'No monitors.');
      return 0;
    }),
};

const add: Command = {
  path: ['monitors', 'add'],
  synopsis: 'VAT_NUMBER --account ID [--interval daily|weekly|monthly] [--reference R] [--mode MODE]',
  summary: 'monitor a number (its first check runs at once)',
  details: [
    'A number the account monitors already is shown as it is. Over the tier’s limit exits 1.',
    'A new monitor’s first check is charged as one validation to the account’s monthly quota (live mode); with the quota used up it exits 1 and nothing is created.',
  ],
  positionals: ['VAT_NUMBER'],
  options: {
    account,
    mode,
    interval: { type: 'string', value: 'INTERVAL', description: 'daily (default), weekly or monthly' },
    reference: { type: 'string', value: 'R', description: 'your own id for the customer' },
  },
  json: 'print { monitor, created }',
  examples: ['vat-service monitors add DE123456704 --account acc_4Jd8sK2mQ9 --interval weekly'],
  run: (context) => {
    const interval = context.option('interval') ?? 'daily';
    if (!(INTERVALS as readonly string[]).includes(interval))
      throw new UsageError('--interval must be daily, weekly or monthly');
    return withMonitors(context, async (service, principal) => {
      const { monitor, created } = await service.create(
        principal,
        {
          vat_number: context.args.VAT_NUMBER,
          interval: interval as MonitorInterval,
          reference: context.option('reference'),
        },
        randomUUID(),
      );
      context.print({ monitor, created }, `${created ? 'Created' : 'Already monitored'}: ${line(monitor)}`);
      return 0;
    });
  },
};

const remove: Command = {
  path: ['monitors', 'remove'],
  synopsis: 'MONITOR_ID --account ID [--mode MODE]',
  summary: 'stop monitoring (its records stay)',
  details: ['An unknown monitor exits 1.'],
  positionals: ['MONITOR_ID'],
  options: { account, mode },
  json: 'print { id, deleted }',
  examples: ['vat-service monitors remove mon_4fQ8xY2kLp9Rt3Vw6Zb1 --account acc_4Jd8sK2mQ9'],
  run: (context) =>
    withMonitors(context, async (service, principal) => {
      await service.remove(principal, context.args.MONITOR_ID);
      context.print(
        { id: context.args.MONITOR_ID, deleted: true },
        `Monitor ${context.args.MONITOR_ID} removed.`,
      );
      return 0;
    }),
};

function statusCommand(name: 'pause' | 'resume'): Command {
  const status = name === 'pause' ? 'paused' : 'active';
  return {
    path: ['monitors', name],
    synopsis: 'MONITOR_ID --account ID [--mode MODE]',
    summary: name === 'pause' ? 'pause a monitor (no checks)' : 'resume a paused monitor',
    details: ['An unknown monitor exits 1.'],
    positionals: ['MONITOR_ID'],
    options: { account, mode },
    json: 'print { monitor }',
    examples: [`vat-service monitors ${name} mon_4fQ8xY2kLp9Rt3Vw6Zb1 --account acc_4Jd8sK2mQ9`],
    run: (context) =>
      withMonitors(context, async (service, principal) => {
        const monitor = await service.update(principal, context.args.MONITOR_ID, { status });
        context.print({ monitor }, line(monitor));
        return 0;
      }),
  };
}

export const monitors: CommandGroup = {
  name: 'monitors',
  summary: 'Numbers re-checked on a schedule, with monitor.changed events (docs/monitors.md).',
  commands: [list, add, remove, statusCommand('pause'), statusCommand('resume')],
};
