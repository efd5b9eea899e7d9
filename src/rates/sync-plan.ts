import {
  type AppliedChange,
  type CategoryInfo,
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
 * a situation that changed something else, nor by one that changed its kind: of a list of rates,
 * only those TEDB dropped or added move (movedBy). A changed kind (or category) that the service
 * does not already answer for that day is a change, computed against the service as the earlier
 * changes of the same reply leave it. A category TEDB restates is answered as TEDB states it with the
 * hand-kept amendments laid over it again (src/rates/resolve.ts), and its change holds that answer,
 * as `rate.changed` tells it. A change applied earlier on or after `from` that TEDB's situation on
 * its day no longer states is set back to what the service answers without it.
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
    let previous = viewOf(state, baseline);
    for (const day of days) {
      const situation = starting.get(day);
      const next = situation ? viewOf(state, situation) : previous;
      const taken = ownChanges.filter((change) => change.effective_from === day);
      // What the service answers on the day with the changes so far, leaving out `without`.
      const answerWith = (extra: readonly AppliedChange[], without: readonly AppliedChange[] = []) => {
        const view = input.table.viewAt(state, day, [
          ...input.applied.filter((change) => !without.includes(change)),
          ...pending,
          ...extra,
        ]);
        if (!view) throw new RefusedReply(`${state} is not a rate country`);
        return view;
      };
      const answered = answerWith([]);
      const found: Difference[] = [];
      for (const part of partsOf(previous, next, taken, nameOf)) {
        const [was, now] = [part.entries(previous), part.entries(next)];
        const changedByTedb = !sameEntries(was, now);
        // Changes applied from an earlier reply for this day: what the service answers without
        // them is what holds unless TEDB changes it here, so one TEDB withdrew, moved to another
        // day or set back is undone, and only what it stated.
        const own = taken.filter(part.matches);
        if (!changedByTedb && own.length === 0) continue;
        const base = own.length > 0 ? answerWith([], own) : answered;
        let expected: RateEntry[];
        if (!changedByTedb) expected = part.entries(base);
        else if (part.kind === 'standard') expected = now;
        else if (part.category === null) expected = movedBy(part.entries(base), was, now);
        else {
          // TEDB restates the category whole; the hand-kept amendments are laid over it again.
          const restated = { kind: 'category' as const, category: part.category, before: [], after: now };
          expected = part.entries(answerWith(stamp([restated], day), own));
        }
        const before = part.entries(answered);
        if (!sameEntries(expected, before)) {
          found.push({ kind: part.kind, category: part.category, before, after: expected });
        }
      }
      for (const change of found) {
        if (change.kind === 'standard') checkJump(state, day, change);
      }
      pending.push(...stamp(found, day));
      previous = next;
    }
  }
  return pending;
}

type Difference = Pick<AppliedChange, 'kind' | 'category' | 'before' | 'after'>;

/** One kind of rate, or one category, as a sync compares it. */
interface Part {
  kind: ChangeKind;
  category: CategoryInfo | null;
  entries(view: CountryView): RateEntry[];
  matches(change: AppliedChange): boolean;
}

/** The kinds, then every category TEDB states on either side or a change of the day names, by id. */
function partsOf(
  previous: CountryView,
  next: CountryView,
  taken: readonly AppliedChange[],
  nameOf: (id: string) => string,
): Part[] {
  const kinds: Array<Exclude<ChangeKind, 'category'>> = ['standard', 'reduced', 'super_reduced'];
  const ids = new Set([
    ...previous.categories.keys(),
    ...next.categories.keys(),
    ...taken.flatMap((change) => (change.category ? [change.category.id] : [])),
  ]);
  return [
    ...kinds.map((kind) => ({
      kind,
      category: null,
      entries: (view: CountryView) => entriesOf(kind, kind === 'standard' ? [view.standard] : view[kind]),
      matches: (change: AppliedChange) => change.kind === kind,
    })),
    ...[...ids].sort().map((id) => ({
      kind: 'category' as const,
      category: { id, name: nameOf(id) },
      entries: (view: CountryView) => plain(view.categories.get(id)),
      matches: (change: AppliedChange) => change.category?.id === id,
    })),
  ];
}

/**
 * A list of reduced or super-reduced rates as the service answers it once TEDB moved its own from
 * `was` to `now`: the rates TEDB dropped go and the ones it added come, so a rate the hand-kept data
 * holds that TEDB does not list (Ireland's 4.8 %) stays, one the hand-kept data left out while TEDB
 * kept listing it does not come back, and one TEDB comes to list is answered once.
 */
function movedBy(
  answered: readonly RateEntry[],
  was: readonly RateEntry[],
  now: readonly RateEntry[],
): RateEntry[] {
  const rates = (entries: readonly RateEntry[]) => new Set(entries.map((entry) => entry.rate));
  const [before, after] = [rates(was), rates(now)];
  const staying = answered.filter((entry) => after.has(entry.rate) || !before.has(entry.rate));
  const known = rates(staying);
  const added = now.filter((entry) => !before.has(entry.rate) && !known.has(entry.rate));
  return [...staying, ...added].sort((a, b) => b.rate - a.rate);
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
