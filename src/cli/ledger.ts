import { systemClock } from '../clock.js';
import { sealLedger } from '../ledger/sealer.js';
import { verifyLedger } from '../ledger/verify.js';
import { LedgerStore } from '../store/ledger.js';
import { type Command, type CommandGroup, UsageError } from './command.js';
import { withDatabase } from './lifecycle.js';

/**
 * `ledger verify [--from DATE]`: checks the seal chain and every record against its seal;
 * one line per break naming the record or seal, then `checked N records in M seals: ok|broken`;
 * exit 1 on a break. `ledger seal`: seals now what the recurring job would seal at this instant.
 */

/** `2026-01-31` (midnight UTC) or a full ISO 8601 time; anything else is a usage error. */
function instantOf(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const ms = /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:\d{2}))?$/.test(value) ? Date.parse(value) : Number.NaN;
  if (Number.isNaN(ms))
    throw new UsageError(`--from must be a date (2026-01-31) or an ISO 8601 time in UTC; got '${value}'`);
  return ms;
}

const verify: Command = {
  path: ['ledger', 'verify'],
  synopsis: '[--from DATE]',
  summary: 'check the seal chain, every record against its seal and its evidence bytes; exit 1 on a break',
  details: [
    "Recomputes each record's hash from its row and its evidence's reply hash, the SHA-256 of the",
    "evidence's stored reply and request, each seal's Merkle root from its records and its hash from",
    'its header, and each link to the previous seal.',
    'Prints one line per break naming the record (val_…) or the seal, then',
    '`checked N records in M seals: ok|broken`. Pruned seals (retention) are checked in the chain only.',
    '--from checks only records made from that time on (and the seals holding them); the whole chain',
    'is still walked.',
  ],
  options: {
    from: { type: 'string', value: 'DATE', description: 'check records made from this date on (UTC)' },
  },
  json: 'print { records, seals, pruned, breaks, ok }',
  examples: ['vat-service ledger verify', 'vat-service ledger verify --from 2026-01-01 --json'],
  async run({ option, env, io, json, print }) {
    const from = instantOf(option('from'));
    return withDatabase(env, async (database) => {
      const result = await verifyLedger(new LedgerStore(database), {
        from,
        onBreak: json ? undefined : (line) => io.out(line),
      });
      const ok = result.breaks.length === 0;
      const pruned =
        result.pruned > 0
          ? `${result.pruned} seal(s) pruned by retention: their records are gone, their chain links were checked\n`
          : '';
      print(
        { records: result.records, seals: result.seals, pruned: result.pruned, breaks: result.breaks, ok },
        `${pruned}checked ${result.records} records in ${result.seals} seals: ${ok ? 'ok' : 'broken'}`,
      );
      return ok ? 0 : 1;
    });
  },
};

const seal: Command = {
  path: ['ledger', 'seal'],
  synopsis: '',
  summary: 'seal now the records the recurring sealing job would seal at this instant',
  details: [
    'Seals every record not yet sealed made before the current cut (the last multiple of',
    'LEDGER_SEAL_SECONDS at least 10 s ago). Safe while the service runs: a seal is added only once.',
  ],
  json: 'print { seal } (null when there was nothing to seal)',
  examples: ['vat-service ledger seal'],
  async run({ env, print }) {
    return withDatabase(env, async (database, config) => {
      const made = await sealLedger({
        ledger: new LedgerStore(database),
        clock: systemClock,
        intervalMs: config.ledger.sealSeconds * 1000,
      });
      print(
        { seal: made },
        made
          ? `${made.id}: ${made.count} records up to ${new Date(made.to_at).toISOString()}, hash ${made.hash}`
          : 'nothing to seal',
      );
      return 0;
    });
  },
};

export const ledger: CommandGroup = {
  name: 'ledger',
  summary: 'The tamper-evident ledger of validation records: verify it, seal now.',
  commands: [verify, seal],
};
