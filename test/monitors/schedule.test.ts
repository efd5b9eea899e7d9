import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../src/accounts/keys.js';
import { DEFAULT_TIER_LIMITS } from '../../src/accounts/tiers.js';
import { ManualClock } from '../../src/clock.js';
import { queueDueMonitors } from '../../src/jobs/handlers/schedule-monitors.js';
import { MonitorService } from '../../src/monitors/monitor-service.js';
import { INTERVAL_MS, nextCheckAt, slotOffset, slotTimeAfter } from '../../src/monitors/schedule.js';
import { createStores, type Stores } from '../../src/store/stores.js';
import { freshNumbers } from '../async/support.js';
import { createTestDatabase, describeEachDialect, type TestDatabase } from '../helpers/dialects.js';

const DAY = INTERVAL_MS.daily;
const MINUTE = 60_000;

/** Checks per minute of the day [from, from + 1 day) when `count` daily monitors run their schedule. */
function checksPerMinute(count: number, createdAt: (slot: number) => number, from: number): number[] {
  const minutes = new Array<number>(DAY / MINUTE).fill(0);
  for (let slot = 1; slot <= count; slot++) {
    // The first check runs at creation; each check then schedules the next.
    let at = createdAt(slot);
    while (at < from + DAY) {
      if (at >= from) minutes[Math.floor((at - from) / MINUTE)] += 1;
      at = nextCheckAt(at, slot, 'daily');
    }
  }
  return minutes;
}

describe('monitor schedule', () => {
  const start = Date.parse('2026-11-22T00:00:00.000Z');

  it('spreads 10,000 daily monitors made at the same instant over the day: no minute above twice the mean', () => {
    const minutes = checksPerMinute(10_000, () => start, start + DAY);
    const mean = 10_000 / minutes.length;
    expect(minutes.reduce((sum, n) => sum + n, 0)).toBe(10_000);
    expect(Math.max(...minutes)).toBeLessThanOrEqual(2 * mean);
  });

  it('spreads 10,000 daily monitors made at random times the same way', () => {
    let seed = 42;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const made = new Map<number, number>();
    const minutes = checksPerMinute(
      10_000,
      (slot) => made.get(slot) ?? made.set(slot, start + Math.floor(random() * DAY)).get(slot)!,
      start + 2 * DAY,
    );
    expect(minutes.reduce((sum, n) => sum + n, 0)).toBe(10_000);
    expect(Math.max(...minutes)).toBeLessThanOrEqual(2 * (10_000 / minutes.length));
  });

  it('keeps each monitor at its own offset: a check on time is followed by one a whole interval later', () => {
    for (const interval of ['daily', 'weekly', 'monthly'] as const) {
      for (const slot of [1, 2, 3, 1000, 123_456]) {
        const onTime = slotTimeAfter(start, slot, interval);
        expect(onTime % INTERVAL_MS[interval]).toBe(slotOffset(slot, interval));
        expect(nextCheckAt(onTime, slot, interval)).toBe(onTime + INTERVAL_MS[interval]);
        // A late check (a backlog) goes back to the monitor's own time, at least a quarter interval on.
        const late = onTime + INTERVAL_MS[interval] / 2;
        const next = nextCheckAt(late, slot, interval);
        expect((next - onTime) % INTERVAL_MS[interval]).toBe(0);
        expect(next - late).toBeGreaterThanOrEqual(INTERVAL_MS[interval] / 4);
      }
    }
  });
});

describeEachDialect('monitor scheduler', (dialect) => {
  let db: TestDatabase;
  let stores: Stores;
  const clock = new ManualClock(Date.parse('2026-11-22T12:00:00.000Z'));
  beforeAll(async () => {
    db = await createTestDatabase(dialect);
    stores = createStores(db.database);
  });
  afterAll(async () => {
    await db?.drop();
  });

  it('works off a backlog after downtime in bounded slices, the longest overdue first', async () => {
    const account = await createAccount(stores.accounts, 'Backlog', 'business', clock.now());
    const service = new MonitorService({ stores, clock, limits: DEFAULT_TIER_LIMITS });
    const principal = {
      keyId: 'key_x',
      accountId: account.id,
      tier: 'business' as const,
      mode: 'live' as const,
    };
    await service.createBatch(
      principal,
      { vat_numbers: freshNumbers('DE', 250), interval: 'daily' },
      'req_backlog',
    );
    // The first checks ran (their jobs are gone, the monitors wait for their next time).
    await db.database.db.deleteFrom('jobs').where('kind', '=', 'check_monitor').execute();
    await db.database.db.updateTable('monitors').set({ queued_at: null }).execute();

    // Two days of downtime: every monitor is overdue.
    clock.advance(2 * DAY);
    expect(await queueDueMonitors({ stores, clock, slice: 100 })).toBe(100);
    // Nothing more while a full slice is queued or running.
    expect(await queueDueMonitors({ stores, clock, slice: 100 })).toBe(0);
    const queued = await db.database.db
      .selectFrom('monitors')
      .select(['next_check_at', 'queued_at'])
      .execute();
    const waiting = queued.filter((row) => row.queued_at === null).map((row) => row.next_check_at);
    const taken = queued.filter((row) => row.queued_at !== null).map((row) => row.next_check_at);
    expect(Math.max(...taken)).toBeLessThanOrEqual(Math.min(...waiting));
    const jobs = await db.database.db
      .selectFrom('jobs')
      .select('id')
      .where('kind', '=', 'check_monitor')
      .execute();
    expect(jobs).toHaveLength(100);

    // As checks finish, room opens for the next slice.
    await db.database.db
      .updateTable('monitors')
      .set({ queued_at: null })
      .where('queued_at', 'is not', null)
      .execute();
    expect(await queueDueMonitors({ stores, clock, slice: 100 })).toBe(100);
  });
});
