import { systemClock } from '../clock.js';
import { parseRatesDate, RatesTable } from '../rates/rates-table.js';
import { describeChange, RatesSync, type SyncReport } from '../rates/sync.js';
import { TedbClient } from '../rates/tedb-client.js';
import { createStores } from '../store/stores.js';
import { DeliveryService } from '../webhooks/delivery-service.js';
import { createWebhookSender } from '../webhooks/send-attempt.js';
import { type Command, type CommandGroup, UsageError } from './command.js';
import { withDatabase } from './lifecycle.js';

/**
 * `rates sync [--apply] [--from DATE]`: the daily job's sync with TEDB, run now (docs/rates.md).
 * Exit 0 when TEDB answered and its reply was compared (with or without differences), 1 when TEDB
 * failed or its reply was refused (nothing applied), 2 on bad arguments.
 */

const sync: Command = {
  path: ['rates', 'sync'],
  synopsis: '[--apply] [--from DATE]',
  summary: "compare the rates with the EU's TEDB; --apply applies the differences",
  details: [
    "Asks TEDB (RATES_TEDB_URL) for the EU member states' rates that changed since the rates data's",
    'cut-off (every time: TEDB states some changes late) and prints each difference from what the',
    'service answers: country, kind or category, old and new rates, the day it takes effect.',
    '--apply stores them as effective-dated changes (every instance answers them within',
    'RATES_REFRESH_MS) and sends rate.changed for those taking effect today or later.',
    'A reply that is malformed, lacks a member state or moves a standard rate by more than 10',
    'points is refused: nothing is applied and the command exits 1, as when TEDB fails.',
    'Safe while the service runs: syncs on several instances run one after another.',
  ],
  options: {
    apply: { type: 'boolean', description: 'apply the differences (default: report them only)' },
    from: {
      type: 'string',
      value: 'DATE',
      description: 'report changes taking effect on or after DATE (YYYY-MM-DD) instead',
    },
  },
  json: 'print the sync { id, mode, from, result, reason, differences, applied, events, reply_sha256, … }',
  examples: [
    'vat-service rates sync',
    'vat-service rates sync --apply',
    'vat-service rates sync --from 2025-07-01',
  ],
  async run({ option, flag, env, io, json, print }) {
    const fromOption = option('from');
    const from = fromOption === undefined ? undefined : parseRatesDate(fromOption);
    if (from && !from.ok) throw new UsageError(`--from: ${from.message}`);
    return withDatabase(env, async (database, config) => {
      const stores = createStores(database);
      const sender = createWebhookSender({
        timeoutMs: config.webhook.timeoutMs,
        policy: { allowedHosts: config.webhook.allowedHosts, allowLocalHttp: config.webhook.allowLocalHttp },
      });
      const client = new TedbClient(config.rates.tedb);
      try {
        const report = await new RatesSync({
          stores,
          table: RatesTable.load(),
          client,
          clock: systemClock,
          deliveries: new DeliveryService({
            stores,
            clock: systemClock,
            sender,
            retryDelaysMs: config.webhook.retryDelaysMs,
          }),
        }).run({ apply: flag('apply'), from: from?.ok ? from.date : undefined, trigger: 'cli' });
        if (report.result !== 'ok') {
          if (json) print({ ...report }, '');
          else
            io.err(`Rates sync ${report.result}: ${report.reason?.replace(/\.$/, '')}. Nothing was applied.`);
          return 1;
        }
        print({ ...report }, summary(report));
        return 0;
      } finally {
        await Promise.all([client.close(), sender.close()]);
      }
    });
  },
};

function summary(report: SyncReport): string {
  const lines = [
    `TEDB answered at ${report.retrieved_at} (reply SHA-256 ${report.reply_sha256}); changes taking effect from ${report.from} on:`,
    ...report.differences.map((change) => `  ${describeChange(change)}`),
  ];
  const count = report.differences.length;
  if (count === 0) lines.push('No differences: the service answers what TEDB says.');
  else if (report.mode === 'report')
    lines.push(`${count} difference(s), not applied: run with --apply to apply them.`);
  else {
    const others = count - report.applied;
    lines.push(
      `${count} difference(s); ${report.applied} applied${others > 0 ? ` (${others} already applied by another sync)` : ''}, ${report.events} rate.changed event(s) recorded.`,
    );
  }
  return lines.join('\n');
}

export const rates: CommandGroup = {
  name: 'rates',
  summary: "VAT rates: compare them with the EU's TEDB and apply its changes.",
  commands: [sync],
};
