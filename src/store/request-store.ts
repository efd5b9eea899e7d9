import type SQLite from 'better-sqlite3';
import type { Kysely } from 'kysely';
import type pg from 'pg';
import { Batcher } from './batcher.js';
import type { Database } from './db.js';
import type { Tables, ValidationCacheTable, ValidationsTable } from './tables.js';

/**
 * The three statements every live validation runs (reserve quota, read the cache, record the
 * answer), off Kysely and batched. Measured before (issue 5, `npm run bench`): a cached
 * GET /v1/validate ran four Kysely statements, each built and compiled anew and, on SQLite, prepared
 * anew, with a commit of its own per write: about 500 µs of CPU per request and 2,000 requests/s.
 * Here each statement is prepared once, and the calls that arrive in the same event-loop turn share
 * one round trip (PostgreSQL) or one transaction (SQLite: one commit, so one WAL write).
 *
 * The rules of store/usage.ts hold unchanged: reservations of one account and month are tried as one
 * `used + n <= limit` upsert and, when the sum does not fit, one by one in arrival order, so N
 * racing requests for the last M units still get exactly M (decisions section 4), and each answer
 * reports the usage it would have seen alone.
 */

export interface Reservation {
  accountId: string;
  period: string;
  units: number;
  limit: number;
}

export interface ReserveResult {
  ok: boolean;
  used: number;
}

export interface RequestStore {
  reserveUnits(reservation: Reservation): Promise<ReserveResult>;
  /**
   * Reserves and, only when the reservation is granted, records `records` in the same transaction:
   * for answers already in hand (a cache hit, a check-digit answer), one write instead of two.
   */
  reserveAndRecord(reservation: Reservation, records: readonly ValidationsTable[]): Promise<ReserveResult>;
  /**
   * Reserves one unit and, in the same transaction (one PostgreSQL round trip), reads the cache entry
   * of `lookup.vatNumber`; when the reservation is granted and the entry is fresh, the request's
   * record is written too (a cache hit, served from `cached`). A miss or a stale entry is returned
   * with the unit reserved and nothing recorded: the caller goes on to the registry. `cached` is not
   * read when the reservation is refused.
   */
  reserveAndLookUp(reservation: Reservation, lookup: CacheLookup): Promise<LookupResult>;
  readCachedAnswer(vatNumber: string): Promise<ValidationCacheTable | undefined>;
  recordValidations(records: readonly ValidationsTable[]): Promise<void>;
}

/** The cache lookup of reserveAndLookUp. */
export interface CacheLookup {
  vatNumber: string;
  /** The entry is fresh when its fetched_at is above this (epoch ms; ValidationService.isFresh). */
  freshAfter: number;
  /**
   * The request's record on a fresh hit, less what the lookup and the entry give: `vat_number` is
   * `vatNumber`, `valid` and `source` are the entry's, `source_status` is `cached`.
   */
  hit: Omit<ValidationsTable, 'vat_number' | 'valid' | 'source' | 'source_status'>;
}

export interface LookupResult extends ReserveResult {
  /** The cache entry when the reservation was granted (undefined: none stored, or refused). */
  cached: ValidationCacheTable | undefined;
}

/** The record of a fresh cache hit (the PostgreSQL statement builds the same row in SQL). */
function hitRecord({ vatNumber, hit }: CacheLookup, entry: ValidationCacheTable): ValidationsTable {
  // Spelled out: a spread of `hit` cost about 1.5 µs a record here (profiled).
  return {
    id: hit.id,
    account_id: hit.account_id,
    request_id: hit.request_id,
    vat_number: vatNumber,
    valid: entry.valid,
    source: entry.source,
    source_status: 'cached',
    channel: hit.channel,
    created_at: hit.created_at,
  };
}

export function createRequestStore(database: Database): RequestStore {
  return database.raw.dialect === 'sqlite'
    ? sqliteStore(database.db, database.raw.sqlite)
    : postgresStore(database.raw.pool);
}

const CACHE_COLUMNS = 'vat_number, valid, company_name, company_address, source, fetched_at';
const RECORD_COLUMNS = [
  'id',
  'account_id',
  'request_id',
  'vat_number',
  'valid',
  'source',
  'source_status',
  'channel',
  'created_at',
] as const;
const RESERVE_SQL = (p: (n: number) => string) =>
  `insert into usage (account_id, period, used) values (${p(1)}, ${p(2)}, ${p(3)})
   on conflict (account_id, period) do update set used = usage.used + excluded.used
   where usage.used + excluded.used <= ${p(4)} returning used`;

/** Records per multi-row insert: 576 parameters, far below SQLite's limit of 32,766. */
const ROWS_PER_INSERT = 64;

type WriteOp =
  | { kind: 'reserve'; reservation: Reservation; records?: readonly ValidationsTable[] }
  | { kind: 'lookup'; reservation: Reservation; lookup: CacheLookup }
  | { kind: 'record'; records: readonly ValidationsTable[] };

interface Group {
  first: Reservation;
  indices: number[];
  total: number;
}

/** Reservations that can be tried as one: same account, month and limit, units between 1 and the limit. */
function groupReservations(items: readonly Reservation[]): { groups: Group[]; alone: number[] } {
  const groups = new Map<string, Group>();
  const alone: number[] = [];
  items.forEach((item, index) => {
    if (item.units <= 0 || item.units > item.limit) {
      alone.push(index);
      return;
    }
    const key = `${item.accountId}\u0000${item.period}\u0000${item.limit}`;
    const group = groups.get(key);
    if (group) {
      group.indices.push(index);
      group.total += item.units;
    } else groups.set(key, { first: item, indices: [index], total: item.units });
  });
  return { groups: [...groups.values()], alone };
}

/** A group granted whole: each item sees the usage it would have seen had they run one by one. */
function grantGroup(
  items: readonly Reservation[],
  group: Group,
  usedAfter: number,
  results: ReserveResult[],
) {
  let used = usedAfter - group.total;
  for (const index of group.indices) {
    used += items[index].units;
    results[index] = { ok: true, used };
  }
}

/**
 * A PostgreSQL batch of reservations: each group of one account, month and limit tried as one
 * statement when its sum fits, and otherwise (and for the reservations that group with nothing)
 * one by one in arrival order. A granted group gives each member its result through `answer`.
 */
async function reserveInGroups<R extends ReserveResult>(
  items: readonly Reservation[],
  tryGroup: (
    group: Group,
  ) => Promise<{ used: number; answer: (index: number, result: ReserveResult) => R } | undefined>,
  one: (index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  const { groups, alone } = groupReservations(items);
  await Promise.all([
    ...alone.map(async (index) => {
      results[index] = await one(index);
    }),
    ...groups.map(async (group) => {
      if (group.indices.length > 1 && group.total <= group.first.limit) {
        const granted = await tryGroup(group);
        if (granted !== undefined) {
          const each: ReserveResult[] = [];
          grantGroup(items, group, granted.used, each);
          for (const index of group.indices) results[index] = granted.answer(index, each[index]);
          return;
        }
      }
      for (const index of group.indices) results[index] = await one(index);
    }),
  ]);
  return results;
}

function sqliteStore(db: Kysely<Tables>, sqlite: SQLite.Database): RequestStore {
  const reserve = sqlite.prepare<[string, string, number, number], { used: number }>(RESERVE_SQL(() => '?'));
  const used = sqlite.prepare<[string, string], { used: number }>(
    'select used from usage where account_id = ? and period = ?',
  );
  const readCache = sqlite.prepare<[string], ValidationCacheTable>(
    `select ${CACHE_COLUMNS} from validation_cache where vat_number = ?`,
  );
  // Records go in as multi-row inserts of up to ROWS_PER_INSERT rows, one statement prepared per
  // row count: one call into SQLite per batch instead of one per record (1.2-1.5 µs less per record
  // in a micro-benchmark of 27-record transactions; inside the spread of the service's own bench).
  // Positional parameters: binding named ones from an object cost about 1.5 µs more per record.
  const inserts = new Map<number, SQLite.Statement<unknown[]>>();
  const insertOf = (rows: number) => {
    let statement = inserts.get(rows);
    if (statement === undefined) {
      const row = `(${RECORD_COLUMNS.map(() => '?').join(', ')})`;
      statement = sqlite.prepare<unknown[]>(
        `insert into validations (${RECORD_COLUMNS.join(', ')}) values ${Array(rows).fill(row).join(', ')}`,
      );
      inserts.set(rows, statement);
    }
    return statement;
  };
  const usedOf = (item: Reservation) => used.get(item.accountId, item.period)?.used ?? 0;
  const reserveOne = (item: Reservation): ReserveResult => {
    if (item.units <= 0 || item.units > item.limit) return { ok: item.units <= 0, used: usedOf(item) };
    const row = reserve.get(item.accountId, item.period, item.units, item.limit);
    return row ? { ok: true, used: row.used } : { ok: false, used: usedOf(item) };
  };

  const reserveAll = (items: Reservation[]): ReserveResult[] => {
    const results: ReserveResult[] = new Array(items.length);
    const { groups, alone } = groupReservations(items);
    for (const index of alone) results[index] = reserveOne(items[index]);
    for (const group of groups) {
      const { accountId, period, limit } = group.first;
      const row = group.total <= limit ? reserve.get(accountId, period, group.total, limit) : undefined;
      if (row) grantGroup(items, group, row.used, results);
      else for (const index of group.indices) results[index] = reserveOne(items[index]);
    }
    return results;
  };
  const insertAll = (records: readonly ValidationsTable[]) => {
    for (let start = 0; start < records.length; start += ROWS_PER_INSERT) {
      const end = Math.min(records.length, start + ROWS_PER_INSERT);
      const values: unknown[] = [];
      for (let index = start; index < end; index++) {
        const record = records[index];
        for (const column of RECORD_COLUMNS) values.push(record[column]);
      }
      insertOf(end - start).run(values);
    }
  };
  // Reservations and records of one event-loop turn share one transaction: one commit, one WAL write.
  // A reservation's own records are written only when it was granted.
  // A lookup's cache entry is read inside the same transaction, after its reservation was granted.
  const writeAll = sqlite.transaction((ops: WriteOp[]): Array<ReserveResult | undefined> => {
    const reservations = ops.flatMap((op) => (op.kind === 'record' ? [] : [op.reservation]));
    const reserved = reservations.length > 0 ? reserveAll(reservations) : [];
    const records: ValidationsTable[] = [];
    // Each number read once per transaction: the many requests for one popular number that arrive
    // together share its entry.
    const entries = new Map<string, ValidationCacheTable | undefined>();
    const entryOf = (vatNumber: string) => {
      if (!entries.has(vatNumber)) entries.set(vatNumber, readCache.get(vatNumber));
      return entries.get(vatNumber);
    };
    let next = 0;
    const results = ops.map((op): ReserveResult | LookupResult | undefined => {
      if (op.kind === 'record') {
        for (const record of op.records) records.push(record);
        return undefined;
      }
      const result = reserved[next++];
      if (op.kind === 'reserve') {
        if (result.ok && op.records) for (const record of op.records) records.push(record);
        return result;
      }
      const cached = result.ok ? entryOf(op.lookup.vatNumber) : undefined;
      if (cached !== undefined && cached.fetched_at > op.lookup.freshAfter)
        records.push(hitRecord(op.lookup, cached));
      return { ok: result.ok, used: result.used, cached };
    });
    insertAll(records);
    return results;
  });

  // Writes wait for Kysely's connection, so they never land inside a transaction Kysely has open on
  // this same connection (the async worker's); BEGIN IMMEDIATE takes the write lock at once.
  const exclusive = <T>(work: () => T): Promise<T> => db.connection().execute(async () => work());
  const writes = new Batcher<WriteOp, ReserveResult | undefined>((ops) =>
    exclusive(() => writeAll.immediate(ops)),
  );

  // The reads of one event-loop turn (the registry path's: stale and degraded rules, batches) run
  // together, each number once, in one read transaction: one shared lock instead of one per statement.
  const readMany = sqlite.transaction((numbers: string[]) => numbers.map((number) => readCache.get(number)));
  const reads = new Batcher<string, ValidationCacheTable | undefined>((numbers) => {
    const unique = [...new Set(numbers)];
    const run = () => {
      const rows = readMany.deferred(unique);
      const byNumber = new Map(unique.map((number, index) => [number, rows[index]]));
      return numbers.map((number) => byNumber.get(number));
    };
    // Never inside a transaction Kysely has open on this connection (it may still roll back).
    return sqlite.inTransaction ? exclusive(run) : run();
  });

  return {
    reserveUnits: (reservation) => writes.add({ kind: 'reserve', reservation }) as Promise<ReserveResult>,
    reserveAndRecord: (reservation, records) =>
      writes.add({ kind: 'reserve', reservation, records }) as Promise<ReserveResult>,
    reserveAndLookUp: (reservation, lookup) =>
      writes.add({ kind: 'lookup', reservation, lookup }) as Promise<LookupResult>,
    recordValidations: async (records) => {
      if (records.length > 0) await writes.add({ kind: 'record', records });
    },
    readCachedAnswer: (vatNumber) => reads.add(vatNumber),
  };
}

function postgresStore(pool: pg.Pool): RequestStore {
  const cacheReads = new Batcher<string, ValidationCacheTable | undefined>(async (numbers) => {
    const { rows } = await pool.query<ValidationCacheTable>({
      name: 'vat_cache_read',
      text: `select ${CACHE_COLUMNS} from validation_cache where vat_number = any($1::text[])`,
      values: [[...new Set(numbers)]],
    });
    const byNumber = new Map(rows.map((row) => [row.vat_number, row]));
    return numbers.map((number) => byNumber.get(number));
  });

  const types = ['text', 'text', 'text', 'text', 'int', 'text', 'text', 'text', 'bigint'];
  const unnest = (first: number) =>
    `unnest(${types.map((type, i) => `$${i + first}::${type}[]`).join(', ')})`;
  const columnsOf = (list: readonly ValidationsTable[]) =>
    RECORD_COLUMNS.map((column) => list.map((record) => record[column]));
  const records = new Batcher<readonly ValidationsTable[], undefined>(async (batches) => {
    await pool.query({
      name: 'vat_record_validations',
      text: `insert into validations (${RECORD_COLUMNS.join(', ')}) select * from ${unnest(1)}`,
      values: columnsOf(batches.flat()),
    });
    return batches.map(() => undefined);
  });

  const reserveText = RESERVE_SQL((n) => `$${n}`);
  // One statement, so one round trip and one commit: the upsert of RESERVE_SQL, and the records
  // inserted only when it returned a row (it was granted).
  const recordedText = `recorded as (
      insert into validations (${RECORD_COLUMNS.join(', ')})
      select * from ${unnest(5)} where exists (select 1 from reserved)
    )`;
  const reserveRecordText = `with reserved as (${reserveText}), ${recordedText}
    select used from reserved`;
  // With cache lookups (reserveAndLookUp): the same, plus the cache entries of the looked-up numbers,
  // and the record of every lookup whose entry is fresh, built from the entry as hitRecord() does.
  // All parts see one snapshot, so the entries returned are the ones the records were made from.
  const lookupText = `with reserved as (${reserveText}), ${recordedText},
    lookups as (
      select * from unnest($14::text[], $15::text[], $16::text[], $17::text[], $18::text[], $19::bigint[], $20::bigint[])
        as l(id, account_id, request_id, vat_number, channel, created_at, fresh_after)
    ),
    entries as (
      select ${CACHE_COLUMNS} from validation_cache where vat_number in (select vat_number from lookups)
    ),
    hits as (
      insert into validations (${RECORD_COLUMNS.join(', ')})
      select l.id, l.account_id, l.request_id, l.vat_number, e.valid, e.source, 'cached', l.channel, l.created_at
      from lookups l join entries e on e.vat_number = l.vat_number
      where e.fetched_at > l.fresh_after and exists (select 1 from reserved)
    )
    select r.used, ${CACHE_COLUMNS.split(', ')
      .map((column) => `e.${column}`)
      .join(', ')}
    from (select 1) one left join reserved r on true left join entries e on r.used is not null`;
  const lookupColumnsOf = (list: readonly CacheLookup[]) => [
    list.map((lookup) => lookup.hit.id),
    list.map((lookup) => lookup.hit.account_id),
    list.map((lookup) => lookup.hit.request_id),
    list.map((lookup) => lookup.vatNumber),
    list.map((lookup) => lookup.hit.channel),
    list.map((lookup) => lookup.hit.created_at),
    list.map((lookup) => lookup.freshAfter),
  ];

  /** What one reservation statement answered: `used` after it (undefined: refused) and the cache entries read. */
  interface Upserted {
    used: number | undefined;
    entries: Map<string, ValidationCacheTable>;
  }
  const NO_ENTRIES = new Map<string, ValidationCacheTable>();

  /** The upsert of `units`, with `list` recorded and `lookups` made in the same statement when there are any. */
  const upsert = async (
    { accountId, period, limit }: Reservation,
    units: number,
    list: readonly ValidationsTable[],
    lookups: readonly CacheLookup[],
  ): Promise<Upserted> => {
    const values = [accountId, period, units, limit];
    if (lookups.length === 0) {
      const { rows } = await pool.query<{ used: number }>(
        list.length === 0
          ? { name: 'vat_reserve_units', text: reserveText, values }
          : {
              name: 'vat_reserve_and_record',
              text: reserveRecordText,
              values: [...values, ...columnsOf(list)],
            },
      );
      return { used: rows[0]?.used, entries: NO_ENTRIES };
    }
    const { rows } = await pool.query<{ used: number | null } & Partial<ValidationCacheTable>>({
      name: 'vat_reserve_and_look_up',
      text: lookupText,
      values: [...values, ...columnsOf(list), ...lookupColumnsOf(lookups)],
    });
    const used = rows[0]?.used ?? undefined;
    const entries = new Map<string, ValidationCacheTable>();
    for (const { used: _, ...entry } of rows)
      if (entry.vat_number != null) entries.set(entry.vat_number, entry as ValidationCacheTable);
    return { used, entries };
  };
  const readUsed = async (item: Reservation): Promise<number> => {
    const { rows } = await pool.query<{ used: number }>({
      name: 'vat_used_units',
      text: 'select used from usage where account_id = $1 and period = $2',
      values: [item.accountId, item.period],
    });
    return rows[0]?.used ?? 0;
  };

  // Plain reservations, reservations with their records and lookups share the batches of one
  // event-loop turn.
  type Call = { reservation: Reservation; records: readonly ValidationsTable[]; lookup?: CacheLookup };
  const lookupsOf = (calls: readonly Call[]) => calls.flatMap((call) => (call.lookup ? [call.lookup] : []));
  /** One call's answer from its statement: a lookup gets its entry when granted. */
  const answerOf = (call: Call, result: ReserveResult, entries: Map<string, ValidationCacheTable>) =>
    call.lookup
      ? {
          ok: result.ok,
          used: result.used,
          cached: result.ok ? entries.get(call.lookup.vatNumber) : undefined,
        }
      : result;

  const reserveOne = async (call: Call): Promise<ReserveResult | LookupResult> => {
    const item = call.reservation;
    if (item.units > 0 && item.units <= item.limit) {
      const { used, entries } = await upsert(item, item.units, call.records, lookupsOf([call]));
      const result = used === undefined ? { ok: false, used: await readUsed(item) } : { ok: true, used };
      return answerOf(call, result, entries);
    }
    // Nothing to reserve (units 0) is granted; more than the limit never is. A lookup reserves one
    // unit, so it is refused here (limit 0) and needs no entry.
    const result = { ok: item.units <= 0, used: await readUsed(item) };
    if (result.ok && call.records.length > 0) await records.add(call.records);
    return answerOf(call, result, NO_ENTRIES);
  };

  const reservations = new Batcher<Call, ReserveResult | LookupResult>((calls) => {
    const items = calls.map((call) => call.reservation);
    return reserveInGroups(
      items,
      async (group) => {
        const members = group.indices.map((index) => calls[index]);
        const { used, entries } = await upsert(
          group.first,
          group.total,
          members.flatMap((call) => call.records),
          lookupsOf(members),
        );
        if (used === undefined) return undefined;
        return { used, answer: (index, result) => answerOf(calls[index], result, entries) };
      },
      (index) => reserveOne(calls[index]),
    );
  });

  return {
    reserveUnits: (reservation) => reservations.add({ reservation, records: [] }),
    reserveAndRecord: (reservation, list) => reservations.add({ reservation, records: list }),
    reserveAndLookUp: (reservation, lookup) =>
      reservations.add({ reservation, records: [], lookup }) as Promise<LookupResult>,
    readCachedAnswer: (vatNumber) => cacheReads.add(vatNumber),
    recordValidations: async (list) => {
      if (list.length > 0) await records.add(list);
    },
  };
}
