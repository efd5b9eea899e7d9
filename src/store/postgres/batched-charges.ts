import { type AnswerWrites, type ChargeStore, NO_WRITES } from '../charges.js';
import type { ValidationRecord } from '../records.js';
import type { DecisionsTable } from '../tables.js';
import type { Reservation, ReserveResult } from '../usage.js';

/** Parameters of one group's statement: PostgreSQL takes at most 65,535. */
const MAX_PARAMETERS_PER_STATEMENT = 60_000;

/**
 * A charge's parameters: 27 per record, 19 per evidence row, 7 per cache entry, 13 per decision,
 * 4 for the reservation.
 */
const parametersOf = (call: Pending) =>
  4 +
  call.records.length * 27 +
  call.writes.evidence.length * 19 +
  call.writes.cache.length * 7 +
  call.decisions.length * 13;

interface Pending {
  reservation: Reservation;
  records: readonly ValidationRecord[];
  writes: AnswerWrites;
  decisions: readonly DecisionsTable[];
  resolve: (result: ReserveResult) => void;
  reject: (error: unknown) => void;
}

/** The charges of one account, month and limit: those waiting, and whether a statement is out. */
interface Lane {
  waiting: Pending[];
  busy: boolean;
}

/**
 * Group commit for PostgreSQL charges, a wrapper around the store that makes them. Each account
 * (and month and limit) has one lane with at most one charge statement out at a time: the charges
 * asked for while it runs wait and then go together, tried as one charge of their sum (one
 * statement, one commit, one turn of the account's usage row lock), and when the sum does not fit,
 * one by one in arrival order, so N racing charges for the last M units still get exactly M. Each
 * caller hears the usage it would have seen had they run one by one.
 *
 * Without it every charge of a busy account is its own statement queued on that row's lock in
 * PostgreSQL, holding a pool connection and a backend while it waits, and on a loaded machine a
 * lock holder that loses its CPU holds up every charge behind it.
 */
export class BatchedCharges implements ChargeStore {
  private readonly lanes = new Map<string, Lane>();

  constructor(private readonly inner: ChargeStore) {}

  charge(
    reservation: Reservation,
    records: readonly ValidationRecord[],
    writes: AnswerWrites = NO_WRITES,
    decisions: readonly DecisionsTable[] = [],
  ): Promise<ReserveResult> {
    return new Promise((resolve, reject) => {
      const { accountId, period, limit } = reservation;
      const key = `${accountId}\u0000${period}\u0000${limit}`;
      let lane = this.lanes.get(key);
      if (!lane) {
        lane = { waiting: [], busy: false };
        this.lanes.set(key, lane);
      }
      lane.waiting.push({ reservation, records, writes, decisions, resolve, reject });
      if (!lane.busy) {
        lane.busy = true;
        // The charges asked for in the rest of this event-loop turn go in the first statement too.
        setImmediate(() => void this.drain(key, lane));
      }
    });
  }

  /** Sends the lane's waiting charges, a group at a time, until none is left. */
  private async drain(key: string, lane: Lane): Promise<void> {
    while (lane.waiting.length > 0) await this.chargeGroup(takeGroup(lane.waiting));
    this.lanes.delete(key);
  }

  /** Settles every call of the group; never throws. */
  private async chargeGroup(group: Pending[]): Promise<void> {
    const first = group[0].reservation;
    const total = group.reduce((sum, call) => sum + call.reservation.units, 0);
    if (group.length > 1 && total <= first.limit && group.every((call) => call.reservation.units > 0)) {
      let result: ReserveResult;
      try {
        result = await this.inner.charge(
          { ...first, units: total },
          group.flatMap((call) => call.records),
          {
            evidence: group.flatMap((call) => call.writes.evidence),
            cache: group.flatMap((call) => call.writes.cache),
          },
          group.flatMap((call) => call.decisions),
        );
      } catch (error) {
        for (const call of group) call.reject(error);
        return;
      }
      if (result.ok) {
        let used = result.used - total;
        for (const call of group) {
          used += call.reservation.units;
          call.resolve({ ok: true, used });
        }
        return;
      }
    }
    for (const call of group) {
      await this.inner
        .charge(call.reservation, call.records, call.writes, call.decisions)
        .then(call.resolve, call.reject);
    }
  }
}

/**
 * Takes the first waiting charges off `waiting`, as many as one statement holds (a statement's
 * parameters are limited to 65,535), and at least one.
 */
function takeGroup(waiting: Pending[]): Pending[] {
  let count = 0;
  let parameters = 0;
  while (count < waiting.length) {
    parameters += parametersOf(waiting[count]);
    if (count > 0 && parameters > MAX_PARAMETERS_PER_STATEMENT) break;
    count += 1;
  }
  return waiting.splice(0, count);
}
