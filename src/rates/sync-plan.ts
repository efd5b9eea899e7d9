import {
  type AppliedChange,
  type CategoryRate,
  type ChangeKind,
  type CountryView,
  entriesOf,
  type RateEntry,
  sameEntries,
} from './entries.js';
import type { RatesTable } from './rates-table.js';
import { lastStarted } from './resolve.js';
import {
  categoriesNamed,
  MalformedTedbReply,
  type Situation,
  situationsByMemberState,
  type TedbResult,
  viewOf,
} from './tedb-results.js';

/**
 * What a TEDB reply changes in what the service answers (pure; src/rates/sync.ts runs it inside
 * the transaction that applies it). For each member state, each situation starting on or after
 * `from` is compared with the one before it: only what TEDB itself changed there counts, so a rate
 * the hand-kept data holds on purpose (Ireland's 4.8 %, which TEDB does not list) is not undone by
 * a situation that changed something else. A changed kind (or category) that the service does not
 * already answer for that day is a change, computed against the service as the earlier changes of
 * the same reply leave it. A change applied earlier on or after `from` that TEDB's situation in
 * force on its day no longer states is set back to what TEDB states there.
 *
 * Refused whole, nothing applied: a reply without a member state asked for (applying it would
 * remove the country), without its situation in force the day before `from`, a situation without
 * exactly one standard rate, and a standard rate moving by more than STANDARD_JUMP_LIMIT points.
 */

/** The largest move of a standard rate applied without a person looking at it, in points. */
export const STANDARD_JUMP_LIMIT = 10;

export interface SyncPlanInput {
  table: RatesTable;
  /** Every change applied so far (the database's, read in the same transaction). */
  applied: readonly AppliedChange[];
  results: readonly TedbResult[];
  memberStates: readonly string[];
  /** The first day whose changes count. */
  from: string;
  source: AppliedChange['source'];
  now: number;
}

export type SyncPlan = { ok: true; changes: AppliedChange[] } | { ok: false; reason: string };

export function planSync(input: SyncPlanInput): SyncPlan {
  try {
    return { ok: true, changes: changesOf(input) };
  } catch (error) {
    if (error instanceof RefusedReply || error instanceof MalformedTedbReply) {
      return { ok: false, reason: error.message };
    }
    throw error;
  }
}

class RefusedReply extends Error {}

function changesOf(input: SyncPlanInput): AppliedChange[] {
  const situations = situationsByMemberState(input.results);
  const names = new Map(categoriesNamed(input.results).map(({ id, name }) => [id, name]));
  const nameOf = (id: string) => input.table.categoryName(id) ?? names.get(id) ?? id;
  const pending: AppliedChange[] = [];
  for (const state of input.memberStates) {
    const list = situations.get(state) ?? [];
    if (list.length === 0) {
      throw new RefusedReply(`TEDB's reply has no rates for ${state}: applying it would remove the country`);
    }
    const baseline = lastStarted(
      list.filter((situation) => situation.date < input.from),
      (situation: Situation) => situation.date,
      input.from,
    );
    if (!baseline) {
      throw new RefusedReply(`TEDB's reply has no situation of ${state} in force before ${input.from}`);
    }
    // The days TEDB starts a situation and the days a change applied earlier takes effect, in
    // order, so each comparison sees what the earlier days' changes leave.
    const starting = new Map(list.filter((s) => s.date >= input.from).map((s) => [s.date, s]));
    const ownChanges = input.applied.filter(
      (change) => change.country_code === state && change.effective_from >= input.from,
    );
    const days = [...new Set([...starting.keys(), ...ownChanges.map((c) => c.effective_from)])].sort();
    const stamp = (found: readonly Difference[], day: string): AppliedChange[] =>
      found.map((change) => ({
        country_code: state,
        effective_from: day,
        ...change,
        source: input.source,
        applied_at: input.now,
      }));
    let before = viewOf(state, baseline);
    for (const day of days) {
      const found: Difference[] = [];
      const situation = starting.get(day);
      if (situation) {
        const service = input.table.viewAt(state, day, [...input.applied, ...pending]);
        if (!service) throw new RefusedReply(`${state} is not a rate country`);
        const after = viewOf(state, situation);
        found.push(...differences(before, after, service, nameOf));
        before = after;
      }
      // A change applied from an earlier reply that this one no longer states (TEDB withdrew it,
      // moved it to another day, or set it back) is set back to TEDB's situation in force on its
      // day; only what such a change stated, so the hand-kept data is not undone.
      const taken = ownChanges.filter((change) => change.effective_from === day);
      if (taken.length > 0) {
        const answered = input.table.viewAt(state, day, [
          ...input.applied,
          ...pending,
          ...stamp(found, day),
        ])!;
        for (const change of differences(answered, before, answered, nameOf)) {
          if (taken.some((c) => c.kind === change.kind && c.category?.id === change.category?.id)) {
            found.push(change);
          }
        }
      }
      for (const change of found) {
        if (change.kind === 'standard') checkJump(state, day, change);
      }
      pending.push(...stamp(found, day));
    }
  }
  return pending;
}

type Difference = Pick<AppliedChange, 'kind' | 'category' | 'before' | 'after'>;

/** The kinds and categories TEDB changed from `previous` to `next` that `service` does not answer yet. */
function differences(
  previous: CountryView,
  next: CountryView,
  service: CountryView,
  nameOf: (id: string) => string,
): Difference[] {
  const found: Difference[] = [];
  const kinds: Array<Exclude<ChangeKind, 'category'>> = ['standard', 'reduced', 'super_reduced'];
  for (const kind of kinds) {
    const sides = (view: CountryView) => entriesOf(kind, kind === 'standard' ? [view.standard] : view[kind]);
    const [was, now, answered] = [sides(previous), sides(next), sides(service)];
    if (!sameEntries(was, now) && !sameEntries(now, answered)) {
      found.push({ kind, category: null, before: answered, after: now });
    }
  }
  const ids = [...new Set([...previous.categories.keys(), ...next.categories.keys()])].sort();
  for (const id of ids) {
    const [was, now, answered] = [previous, next, service].map((view) => plain(view.categories.get(id)));
    if (!sameEntries(was, now) && !sameEntries(now, answered)) {
      found.push({ kind: 'category', category: { id, name: nameOf(id) }, before: answered, after: now });
    }
  }
  return found;
}

function plain(entries: readonly CategoryRate[] | undefined): RateEntry[] {
  return (entries ?? []).map(({ rate, type, note }) => ({ rate, type, note }));
}

function checkJump(state: string, date: string, change: Difference): void {
  const [before] = change.before;
  const [after] = change.after;
  if (before && after && Math.abs(after.rate - before.rate) > STANDARD_JUMP_LIMIT) {
    throw new RefusedReply(
      `${state}'s standard rate would move from ${before.rate} to ${after.rate} on ${date}, more than ${STANDARD_JUMP_LIMIT} points: refused, check TEDB and apply it by hand if it is right`,
    );
  }
}
