import { afterEach, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.js';
import { pruneLedger, sealLedger } from '../../src/ledger/sealer.js';
import { verifyLedger } from '../../src/ledger/verify.js';
import { sha256Hex } from '../../src/records/evidence-integrity.js';
import { recordHash } from '../../src/records/record-shape.js';
import { openDatabase } from '../../src/store/database.js';
import type { EvidenceRow } from '../../src/store/evidence.js';
import { LedgerStore } from '../../src/store/ledger.js';
import { createTestDatabase, describeEachDialect, type TestDatabase } from '../helpers/dialects.js';
import { cli, evidenceRow, insertEvidence, insertRecords, newAccount, recordRow } from './support.js';

/**
 * The ledger (wave-2 A7, A8): sealing closes every unsealed record made before the cut into one
 * seal per interval, chained; a record committed after its interval was sealed lands in the next
 * seal; two sealers at once add one seal; `ledger verify` finds records edited, removed and
 * inserted and seals edited, made directly in the database; retention prunes whole seals.
 */

const MINUTE = 60_000;
/** 10 s past a minute: the cut (the last minute at least 10 s ago) is exactly 10 s back. */
const START = Date.UTC(2026, 0, 5, 12, 0, 10);

describeEachDialect('ledger', (dialect) => {
  const opened: TestDatabase[] = [];
  const fresh = async () => {
    const db = await createTestDatabase(dialect);
    opened.push(db);
    return db;
  };
  afterEach(async () => {
    for (const db of opened.splice(0)) await db.drop();
  });

  /** A database with 12 records, some with evidence, in two seals. */
  const sealedLedger = async () => {
    const db = await fresh();
    const clock = new ManualClock(START);
    const ledger = new LedgerStore(db.database);
    const account = await newAccount(db.database, START);
    const evidence = evidenceRow(START);
    await insertEvidence(db.database, evidence);
    const records = Array.from({ length: 12 }, (_, i) =>
      recordRow(account, START - MINUTE + i * 9_000, i % 3 === 0 ? { evidence } : {}),
    );
    await insertRecords(db.database, records.slice(0, 6));
    await insertRecords(db.database, records.slice(6));
    const first = await sealLedger({ ledger, clock, intervalMs: MINUTE });
    clock.advance(MINUTE);
    const second = await sealLedger({ ledger, clock, intervalMs: MINUTE });
    expect(first?.count).toBeGreaterThan(0);
    expect((first?.count ?? 0) + (second?.count ?? 0)).toBe(12);
    return { db, ledger, clock, account, evidence, records, seals: [first!, second!] };
  };

  it('seals the records made before the cut once per interval, chained; a late commit lands in the next seal', async () => {
    const db = await fresh();
    const clock = new ManualClock(START);
    const ledger = new LedgerStore(db.database);
    const account = await newAccount(db.database, START);
    const seal = () => sealLedger({ ledger, clock, intervalMs: MINUTE });
    const t0 = START - 10_000; // 12:00:00
    const early = [5_000, 30_000, MINUTE - 1].map((offset) => recordRow(account, t0 + offset));
    const next = recordRow(account, t0 + MINUTE);
    await insertRecords(db.database, [...early, next]);

    expect(await seal()).toBeNull(); // cut 12:00:00: nothing made before it
    clock.advance(MINUTE); // 12:01:10, cut 12:01:00
    const first = await seal();
    expect(first).toMatchObject({
      seq: 1,
      previous_hash: null,
      count: 3,
      from_at: t0 + 5_000,
      to_at: t0 + MINUTE,
    });
    expect(await seal()).toBeNull(); // this interval is sealed

    // Written at 12:00:40 but committed only now, after its interval was sealed.
    const late = recordRow(account, t0 + 40_000);
    await insertRecords(db.database, [late]);
    clock.advance(MINUTE);
    const second = await seal();
    expect(second).toMatchObject({ seq: 2, previous_hash: first?.hash, count: 2, to_at: t0 + 2 * MINUTE });
    expect((await ledger.leavesOf(second!.id)).map((leaf) => leaf.id)).toEqual([late.id, next.id]);
    const rows = await db.database.db.selectFrom('validations').select(['id', 'seal_id']).execute();
    expect(Object.fromEntries(rows.map((row) => [row.id, row.seal_id]))).toEqual({
      ...Object.fromEntries(early.map((record) => [record.id, first?.id])),
      [next.id]: second?.id,
      [late.id]: second?.id,
    });
    expect(await verifyLedger(ledger)).toEqual({ records: 5, seals: 2, pruned: 0, breaks: [] });
  });

  it('adds exactly one seal per interval with two sealers at once while records are written', async () => {
    const db = await fresh();
    // PostgreSQL: a second pool on the same database, so the sealers race for real. SQLite's
    // driver is synchronous: a second connection in this process would wait on the lock the first
    // holds while blocking it, so both sealers share the one connection (and its write lock).
    const other = dialect.name === 'postgres' ? openDatabase(db.url) : db.database;
    try {
      const clock = new ManualClock(START);
      const account = await newAccount(db.database, START);
      const sealers = [new LedgerStore(db.database), new LedgerStore(other)];
      const rounds = 6;
      let written = 0;
      for (let round = 0; round < rounds; round++) {
        await insertRecords(
          db.database,
          Array.from({ length: 20 }, (_, i) => recordRow(account, clock.now() - 40_000 + i)),
        );
        written += 20;
        clock.advance(MINUTE);
        // Records made before the cut, committing while the sealers run.
        const writer = (async () => {
          for (let i = 0; i < 10; i++) {
            await insertRecords(i % 2 ? other : db.database, [recordRow(account, clock.now() - 15_000 - i)]);
            written += 1;
          }
        })();
        const made = await Promise.all(
          sealers.map((ledger) => sealLedger({ ledger, clock, intervalMs: MINUTE })),
        );
        await writer;
        expect(made.filter((seal) => seal !== null)).toHaveLength(1);
      }
      clock.advance(MINUTE);
      await sealLedger({ ledger: sealers[0], clock, intervalMs: MINUTE });
      const seals = await sealers[0].seals();
      expect(seals.map((seal) => seal.seq)).toEqual(Array.from({ length: seals.length }, (_, i) => i + 1));
      expect(seals.length).toBe(rounds + 1);
      expect(seals.reduce((sum, seal) => sum + seal.count, 0)).toBe(written);
      const unsealed = await db.database.db
        .selectFrom('validations')
        .select('id')
        .where('seal_id', 'is', null)
        .execute();
      expect(unsealed).toEqual([]);
      expect(await verifyLedger(sealers[1])).toMatchObject({ records: written, breaks: [] });
    } finally {
      if (other !== db.database) await other.close();
    }
  });

  it('verify: ok on an untouched ledger (exit 0, the summary line)', async () => {
    const { db } = await sealedLedger();
    const run = await cli(db.url, 'ledger', 'verify');
    expect(run).toMatchObject({ code: 0, out: ['checked 12 records in 2 seals: ok'] });
    const json = await cli(db.url, 'ledger', 'verify', '--json');
    expect(JSON.parse(json.out[0])).toEqual({ records: 12, seals: 2, pruned: 0, breaks: [], ok: true });
  });

  it('verify: a record edited directly in the database is named', async () => {
    const { db, records } = await sealedLedger();
    await db.database.db
      .updateTable('validations')
      .set({ company_name: 'Someone Else GmbH' })
      .where('id', '=', records[4].id)
      .execute();
    const run = await cli(db.url, 'ledger', 'verify');
    expect(run.code).toBe(1);
    expect(run.out).toEqual([
      `${records[4].id}: its contents do not match its record hash (the record was edited)`,
      'checked 12 records in 2 seals: broken',
    ]);
  });

  it('verify: a record edited with its stored hash recomputed breaks its seal root', async () => {
    const { db, records, seals } = await sealedLedger();
    const edited = { ...records[1], valid: 0 };
    await db.database.db
      .updateTable('validations')
      .set({ valid: 0, record_hash: recordHash(edited, null) })
      .where('id', '=', edited.id)
      .execute();
    const run = await cli(db.url, 'ledger', 'verify');
    expect(run.code).toBe(1);
    expect(run.out[0]).toMatch(new RegExp(`^${seals[0].id}: its records do not hash to its root`));
    expect(run.out.at(-1)).toBe('checked 12 records in 2 seals: broken');
  });

  it('verify: an evidence reply hash edited breaks each record resting on it, and the reply no longer matches it', async () => {
    const { db, evidence, records } = await sealedLedger();
    await db.database.db
      .updateTable('evidence')
      .set({ response_sha256: '0'.repeat(64) })
      .where('id', '=', evidence.id)
      .execute();
    const run = await cli(db.url, 'ledger', 'verify');
    expect(run.code).toBe(1);
    const named = records.filter((_, i) => i % 3 === 0).map((record) => record.id);
    expect(run.out.slice(0, -1)).toEqual(
      named.flatMap((id) => [
        `${id}: its contents do not match its record hash (the record was edited)`,
        `${id}: the reply of its evidence ${evidence.id} does not match the SHA-256 kept with it (the evidence was edited)`,
      ]),
    );
  });

  it('verify: evidence bytes edited are named once per record, across pages, on sealed and unsealed records', async () => {
    const { db, ledger, evidence, records, account } = await sealedLedger();
    const later = recordRow(account, START + 5 * MINUTE, { evidence });
    await insertRecords(db.database, [later]);
    await db.database.db
      .updateTable('evidence')
      .set({ response_body: evidence.response_body.replace('true', 'fals') })
      .where('id', '=', evidence.id)
      .execute();
    const report = await verifyLedger(ledger, { pageSize: 2 });
    const named = [...records.filter((_, i) => i % 3 === 0), later].map((record) => record.id);
    expect(report.breaks).toEqual(
      named.map(
        (id) =>
          `${id}: the reply of its evidence ${evidence.id} does not match the SHA-256 kept with it (the evidence was edited)`,
      ),
    );
    expect(report.records).toBe(13);
  });

  it('verify: base64 and truncated evidence are checked over their stored bytes; older rows as far as they can be', async () => {
    const db = await fresh();
    const ledger = new LedgerStore(db.database);
    const account = await newAccount(db.database, START);
    const binary = Buffer.from([0xff, 0xfe, 0x00, 0x41, 0x42]);
    const base64: EvidenceRow = {
      ...evidenceRow(START),
      response_body: binary.toString('base64'),
      response_encoding: 'base64',
      response_sha256: sha256Hex(binary),
    };
    const kept = 'x'.repeat(100);
    const truncated: EvidenceRow = {
      ...evidenceRow(START),
      response_body: kept,
      truncated: 1,
      response_sha256: sha256Hex(`${kept}and the rest of a long reply`),
      kept_sha256: sha256Hex(kept),
    };
    // Kept before the kept bytes and the request were hashed, and before a byte order mark was kept.
    const older: EvidenceRow = {
      ...evidenceRow(START),
      response_body: '<valid>true</valid>',
      response_sha256: sha256Hex(`\uFEFF<valid>true</valid>`),
      request_sha256: null,
    };
    const olderTruncated: EvidenceRow = { ...truncated, id: `${truncated.id}0`, kept_sha256: null };
    const all = [base64, truncated, older, olderTruncated];
    for (const row of all) await insertEvidence(db.database, row);
    const rows = all.map((evidence, i) => recordRow(account, START - MINUTE + i * 1_000, { evidence }));
    await insertRecords(db.database, rows);
    expect((await verifyLedger(ledger)).breaks).toEqual([]);

    const set = (id: string, values: Partial<EvidenceRow>) =>
      db.database.db.updateTable('evidence').set(values).where('id', '=', id).execute();
    // The same bytes in another spelling of base64 (a character the decoder skips) count as edited.
    await set(base64.id, {
      response_body: `${base64.response_body.slice(0, 2)}*${base64.response_body.slice(2)}`,
    });
    await set(truncated.id, { response_body: kept.replace('x', 'y') });
    await set(older.id, { request: '<checkVat>edited</checkVat>' });
    await set(olderTruncated.id, { response_body: kept.replace('x', 'y') });
    const line = (id: string, evidence: string) =>
      `${id}: the reply of its evidence ${evidence} does not match the SHA-256 kept with it (the evidence was edited)`;
    expect((await verifyLedger(ledger)).breaks).toEqual([
      line(rows[0].id, base64.id),
      line(rows[1].id, truncated.id),
    ]);
  });

  it('verify: a record removed is named by its seal', async () => {
    const { db, records, seals } = await sealedLedger();
    await db.database.db.deleteFrom('validations').where('id', '=', records[2].id).execute();
    const run = await cli(db.url, 'ledger', 'verify');
    expect(run.code).toBe(1);
    expect(run.out).toEqual([
      `${seals[0].id}: holds ${seals[0].count - 1} records, ${seals[0].count} were sealed (a record removed)`,
      'checked 11 records in 2 seals: broken',
    ]);
  });

  it('verify: a record inserted with a seal id is found, also one naming no seal', async () => {
    const { db, account, seals } = await sealedLedger();
    const forged = recordRow(account, seals[1].from_at + 1);
    await insertRecords(db.database, [{ ...forged, seal_id: seals[1].id }]);
    const run = await cli(db.url, 'ledger', 'verify');
    expect(run.code).toBe(1);
    expect(run.out).toEqual([
      `${seals[1].id}: holds ${seals[1].count + 1} records, ${seals[1].count} were sealed (a record inserted)`,
      'checked 13 records in 2 seals: broken',
    ]);
    const stray = recordRow(account, seals[1].from_at + 2);
    await insertRecords(db.database, [{ ...stray, seal_id: 'seal_999999999999' }]);
    const again = await cli(db.url, 'ledger', 'verify');
    expect(again.out).toContain(`${stray.id}: names seal_999999999999, which is no seal (a record inserted)`);
  });

  it('verify: a seal edited breaks its hash; one re-hashed breaks the chain and its root', async () => {
    const { db, seals } = await sealedLedger();
    await db.database.db.updateTable('seals').set({ count: 99 }).where('id', '=', seals[1].id).execute();
    const run = await cli(db.url, 'ledger', 'verify');
    expect(run.code).toBe(1);
    expect(run.out).toContain(
      `${seals[1].id}: its hash does not match its root, count and times (the seal was edited)`,
    );
    await db.database.db
      .updateTable('seals')
      .set({ count: seals[1].count })
      .where('id', '=', seals[1].id)
      .execute();
    expect((await cli(db.url, 'ledger', 'verify')).code).toBe(0);

    await db.database.db
      .updateTable('seals')
      .set({ root: 'f'.repeat(64), hash: 'e'.repeat(64) })
      .where('id', '=', seals[0].id)
      .execute();
    const rehashed = await cli(db.url, 'ledger', 'verify');
    expect(rehashed.code).toBe(1);
    expect(rehashed.out).toEqual(
      expect.arrayContaining([
        `${seals[0].id}: its hash does not match its root, count and times (the seal was edited)`,
        `${seals[1].id}: its previous_hash is not the hash of ${seals[0].id} (a seal edited)`,
        `${seals[0].id}: its records do not hash to its root (a record edited, replaced or reordered)`,
      ]),
    );
  });

  it('verify --from skips older records but walks the whole chain; a bad --from is a usage error', async () => {
    const { db, records, seals } = await sealedLedger();
    await db.database.db
      .updateTable('validations')
      .set({ vat_number: 'ATU99999999' })
      .where('id', '=', records[0].id)
      .execute();
    expect((await cli(db.url, 'ledger', 'verify')).code).toBe(1);
    const from = new Date(seals[0].to_at).toISOString();
    const recent = await cli(db.url, 'ledger', 'verify', '--from', from);
    expect(recent).toMatchObject({ code: 0 });
    expect(recent.out.at(-1)).toBe(`checked ${seals[1].count} records in 2 seals: ok`);
    expect((await cli(db.url, 'ledger', 'verify', '--from', 'yesterday')).code).toBe(2);
  });

  it('prunes whole seals past retention, keeping evidence the cache or newer records use; verify walks pruned seals', async () => {
    const db = await fresh();
    const clock = new ManualClock(START);
    const ledger = new LedgerStore(db.database);
    const account = await newAccount(db.database, START);
    const [onlyOld, cached, shared] = [evidenceRow(START), evidenceRow(START), evidenceRow(START)];
    for (const row of [onlyOld, cached, shared]) await insertEvidence(db.database, row);
    await db.database.db
      .insertInto('validation_cache')
      .values({
        vat_number: 'ATU12345675',
        valid: 1,
        company_name: 'Muster GmbH',
        company_address: null,
        source: 'vies',
        fetched_at: START,
        evidence_id: cached.id,
      })
      .execute();
    const old = [onlyOld, cached, shared].map((evidence, i) =>
      recordRow(account, START - 30_000 + i, { evidence }),
    );
    await insertRecords(db.database, old);
    clock.advance(MINUTE);
    const first = await sealLedger({ ledger, clock, intervalMs: MINUTE });
    clock.advance(20 * 86_400_000);
    const newer = recordRow(account, clock.now() - 30_000, { evidence: shared });
    await insertRecords(db.database, [newer]);
    clock.advance(MINUTE);
    const second = await sealLedger({ ledger, clock, intervalMs: MINUTE });

    expect(await pruneLedger({ ledger, clock, retentionDays: 30 })).toEqual({
      seals: 0,
      records: 0,
      evidence: 0,
    });
    expect(await pruneLedger({ ledger, clock, retentionDays: 10 })).toEqual({
      seals: 1,
      records: 3,
      evidence: 1,
    });
    const evidenceLeft = await db.database.db.selectFrom('evidence').select('id').orderBy('id').execute();
    expect(evidenceLeft.map((row) => row.id).sort()).toEqual([cached.id, shared.id].sort());
    const sealsNow = await ledger.seals();
    expect(sealsNow[0]).toMatchObject({ id: first?.id, count: 3, root: first?.root, pruned_at: clock.now() });
    expect(sealsNow[1]).toMatchObject({ id: second?.id, pruned_at: null });
    expect(await pruneLedger({ ledger, clock, retentionDays: 10 })).toEqual({
      seals: 0,
      records: 0,
      evidence: 0,
    });

    const run = await cli(db.url, 'ledger', 'verify');
    expect(run).toMatchObject({ code: 0 });
    expect(run.out).toEqual([
      '1 seal(s) pruned by retention: their records are gone, their chain links were checked',
      'checked 1 records in 2 seals: ok',
    ]);
    const forged = recordRow(account, START - 1_000);
    await insertRecords(db.database, [{ ...forged, seal_id: first!.id }]);
    const broken = await cli(db.url, 'ledger', 'verify');
    expect(broken.code).toBe(1);
    expect(broken.out).toContain(`${first?.id}: pruned, yet 1 record(s) name it (records inserted)`);
  });

  it('seals records written before the ledger existed (no hash yet), hashing them once', async () => {
    const db = await fresh();
    const clock = new ManualClock(START);
    const ledger = new LedgerStore(db.database);
    const account = await newAccount(db.database, START);
    const legacy = { ...recordRow(account, START - 30_000), record_hash: null };
    await insertRecords(db.database, [legacy]);
    clock.advance(MINUTE);
    const seal = await sealLedger({ ledger, clock, intervalMs: MINUTE });
    expect(seal?.count).toBe(1);
    const row = await db.database.db
      .selectFrom('validations')
      .select('record_hash')
      .where('id', '=', legacy.id)
      .executeTakeFirstOrThrow();
    expect(row.record_hash).toBe(recordHash(legacy, null));
    expect((await verifyLedger(ledger)).breaks).toEqual([]);
  });
});
