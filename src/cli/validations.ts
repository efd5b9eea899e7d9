import { Value } from '@sinclair/typebox/value';
import { ApiError } from '../errors.js';
import { FilterQuery, type FilterQueryValue, filterOf, pageOfRecords } from '../records/record-query.js';
import type { RecordSummaryView } from '../records/record-shape.js';
import { createStores } from '../store/stores.js';
import { type Command, type CommandGroup, type OptionSpec, UsageError } from './command.js';
import { withDatabase } from './lifecycle.js';

/**
 * `validations list`: validation records as the history API reads them, for an
 * operator: one account or all, either key mode or both, with the API's filters and cursor.
 */

/** The API's filters, as options: `--vat-number` for `vat_number`. */
const FILTERS: Record<string, { query: keyof FilterQueryValue } & OptionSpec> = {
  'vat-number': {
    query: 'vat_number',
    type: 'string',
    value: 'NUMBER',
    description: 'normalised before matching',
  },
  'country-code': { query: 'country_code', type: 'string', value: 'CC', description: 'e.g. DE, EL, XI' },
  valid: {
    query: 'valid',
    type: 'string',
    value: 'true|false',
    description: 'only valid or only invalid answers',
  },
  source: {
    query: 'source',
    type: 'string',
    value: 'SOURCE',
    description: 'vies, hmrc, uid, brreg, abr, checksum…',
  },
  channel: {
    query: 'channel',
    type: 'string',
    value: 'CHANNEL',
    description: 'sync, batch, async, bulk, monitor',
  },
  reference: { query: 'reference', type: 'string', value: 'REF', description: 'the caller’s reference' },
  from: { query: 'from', type: 'string', value: 'TIME', description: 'written at or after (ISO 8601)' },
  to: { query: 'to', type: 'string', value: 'TIME', description: 'written before (ISO 8601)' },
  'monitor-id': { query: 'monitor_id', type: 'string', value: 'ID', description: 'checks of one monitor' },
  'bulk-id': { query: 'bulk_id', type: 'string', value: 'ID', description: 'rows of one bulk file' },
};

const MAX_LIMIT = 1000;
const DEFAULT_LIMIT = 50;

/** The API filters named by the options given; a value the API would refuse is a bad argument. */
function queryOf(option: (name: string) => string | undefined): FilterQueryValue {
  const query: Record<string, string> = {};
  for (const [name, spec] of Object.entries(FILTERS)) {
    const value = option(name);
    if (value !== undefined) query[spec.query] = value;
  }
  const error = Value.Errors(FilterQuery, query).First();
  if (error) {
    const name = Object.keys(FILTERS).find((key) => `/${FILTERS[key].query}` === error.path) ?? error.path;
    // A choice among fixed values names them, rather than TypeBox's "expected union value".
    // A pattern is named by the option's own description, not shown lowercased.
    const choices = (error.schema.anyOf as Array<{ const?: unknown }> | undefined)?.map(
      (branch) => branch.const,
    );
    const spec = FILTERS[name] as OptionSpec | undefined;
    const expected = choices?.every((choice) => typeof choice === 'string')
      ? `must be one of ${choices.join(', ')}`
      : typeof error.schema.pattern === 'string' && spec
        ? `must be ${spec.value} (${spec.description})`
        : error.message.replace(/^Expected/, 'expected');
    throw new UsageError(`--${name}: ${expected}; got '${error.value}'`);
  }
  return query as FilterQueryValue;
}

function limitOf(value: string | undefined): number {
  if (value === undefined) return DEFAULT_LIMIT;
  const limit = Number(value);
  if (!/^\d+$/.test(value) || limit < 1 || limit > MAX_LIMIT)
    throw new UsageError(`--limit must be from 1 to ${MAX_LIMIT}; got '${value}'`);
  return limit;
}

/** The API's `vat_number: …` refusal as the option's: `--vat-number: …`. */
function asUsageError(error: ApiError): UsageError {
  return new UsageError(
    error.message.replace(/^([a-z_]+):/, (_, name: string) => `--${name.replace(/_/g, '-')}:`),
  );
}

function line(record: RecordSummaryView): string {
  return [
    record.created_at,
    record.id,
    record.mode.padEnd(4),
    record.vat_number.padEnd(16),
    (record.valid ? 'valid' : 'invalid').padEnd(7),
    `${record.source}/${record.source_status}`.padEnd(18),
    record.channel.padEnd(7),
    record.reference ?? '',
  ]
    .join('  ')
    .trimEnd();
}

const list: Command = {
  path: ['validations', 'list'],
  synopsis: '[--account ID] [--mode live|test] [filters] [--limit N] [--cursor CURSOR]',
  summary: 'validation records, newest first, with the history API’s filters',
  details: [
    'Without --account, the records of every account; without --mode, those of live and test keys.',
    'Filters are those of GET /v1/validations (docs/records.md); --from and --to take ISO 8601.',
    'When more records match, the last line names the --cursor that lists the next ones.',
  ],
  options: {
    account: { type: 'string', value: 'ID', description: 'the account (acc_…)' },
    mode: { type: 'string', value: 'live|test', description: 'records of live or of test keys' },
    ...Object.fromEntries(Object.entries(FILTERS).map(([name, { query: _, ...spec }]) => [name, spec])),
    limit: {
      type: 'string',
      value: 'N',
      description: `records to show, 1 to ${MAX_LIMIT} (default ${DEFAULT_LIMIT})`,
    },
    cursor: {
      type: 'string',
      value: 'CURSOR',
      description: 'the next_cursor of an earlier run, same options',
    },
  },
  json: 'print { records: [record summaries as GET /v1/validations], next_cursor, has_more }',
  examples: [
    'vat-service validations list --account acc_4Jd8sK2mQ9 --valid false --from 2026-03-01',
    'vat-service validations list --account acc_4Jd8sK2mQ9 --vat-number "DE 123 456 704" --json',
  ],
  async run({ option, env, print }) {
    const mode = option('mode');
    if (mode !== undefined && mode !== 'live' && mode !== 'test')
      throw new UsageError(`--mode must be live or test; got '${mode}'`);
    const accountId = option('account');
    const limit = limitOf(option('limit'));
    const query = queryOf(option);
    let filter: ReturnType<typeof filterOf>;
    try {
      filter = filterOf({ accountId, mode }, query);
    } catch (error) {
      if (error instanceof ApiError) throw asUsageError(error);
      throw error;
    }
    return withDatabase(env, async (database) => {
      const stores = createStores(database);
      if (accountId !== undefined && !(await stores.accounts.getAccount(accountId)))
        throw new Error(`No account ${accountId}.`);
      let page: Awaited<ReturnType<typeof pageOfRecords>>;
      try {
        page = await pageOfRecords(stores.recordReads, filter, { limit, cursor: option('cursor') });
      } catch (error) {
        if (error instanceof ApiError) throw asUsageError(error);
        throw error;
      }
      const lines = page.data.map(line);
      if (page.has_more) lines.push(`More records: add --cursor ${page.next_cursor}`);
      print(
        { records: page.data, next_cursor: page.next_cursor, has_more: page.has_more },
        lines.length > 0 ? lines.join('\n') : 'No records.',
      );
      return 0;
    });
  },
};

export const validations: CommandGroup = {
  name: 'validations',
  summary: 'validation records (history)',
  commands: [list],
};
