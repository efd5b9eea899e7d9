import type { ChargeStore } from '../charges.js';
import type { ValidationRecord } from '../records.js';
import type { Reservation, ReserveResult } from '../usage.js';

/** Records of one group's statement: 27 parameters each stays under PostgreSQL's 65,535. */
const MAX_RECORDS_PER_STATEMENT = 2_000;

interface Pending {
  reservation: Reservation;
  records: readonly ValidationRecord[];
  resolve: (result: ReserveResult) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit for PostgreSQL charges, a wrapper around the store that makes them: the charges of
 * one account and month asked for within one event-loop turn are tried as one charge of their sum
 * (one statement, one commit, one turn of the account's usage row lock), and when the sum does not
 * fit, one by one in arrival order, so N racing charges for the last M units still get exactly M.
 * Each caller hears the usage it would have seen had they run one by one. Without it every charge
 * of a busy account waits for the previous one's commit on that row.
 */
export class BatchedCharges implements ChargeStore {
  private pending: Pending[] = [];
  private scheduled = false;

  constructor(private readonly inner: ChargeStore) {}

  charge(reservation: Reservation, records: readonly ValidationRecord[]): Promise<ReserveResult> {
    return new Promise((resolve, reject) => {
      this.pending.push({ reservation, records, resolve, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  private flush(): void {
    this.scheduled = false;
    const open = new Map<string, { calls: Pending[]; records: number }>();
    const groups: Pending[][] = [];
    for (const call of this.pending) {
      const { accountId, period, limit } = call.reservation;
      const key = `${accountId}\u0000${period}\u0000${limit}`;
      let group = open.get(key);
      // A statement's parameters are limited (65,535): a group holds a bounded number of records.
      if (!group || group.records + call.records.length > MAX_RECORDS_PER_STATEMENT) {
        group = { calls: [], records: 0 };
        open.set(key, group);
        groups.push(group.calls);
      }
      group.calls.push(call);
      group.records += call.records.length;
    }
    this.pending = [];
    for (const group of groups) void this.chargeGroup(group);
  }

  private async chargeGroup(group: Pending[]): Promise<void> {
    const first = group[0].reservation;
    const total = group.reduce((sum, call) => sum + call.reservation.units, 0);
    if (group.length > 1 && total <= first.limit && group.every((call) => call.reservation.units > 0)) {
      let result: ReserveResult;
      try {
        result = await this.inner.charge(
          { ...first, units: total },
          group.flatMap((call) => call.records),
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
      await this.inner.charge(call.reservation, call.records).then(call.resolve, call.reject);
    }
  }
}
