import type { Clock } from '../clock.js';
import type { RedisLink } from '../limits/redis-link.js';
import type { BreakerState } from '../registries/breaker.js';
import { type RegistryGateway, VIES_MEMBER_STATES } from '../registries/gateway.js';
import type { RegistryId } from '../registries/registry.js';
import type { AvailabilityStore } from '../store/availability.js';
import type { RegistryHealthTable } from '../store/tables.js';
import { closedElsewhere, FAILED_BUCKET, HOUR_MS, LATENCY_BOUNDS_MS, sharedOpen } from './tracker.js';

/**
 * The public status: per registry and per VIES member state, figures over the last 24
 * hours summed across every instance, each breaker, and the VIES report. Computed at most once per
 * `maxAgeMs` and served from memory in between, so the endpoint costs no query per request.
 */

export type RegistryState = 'operational' | 'degraded' | 'down';

export interface RegistryStatus {
  state: RegistryState;
  checked_at: string | null;
  availability_24h: number | null;
  latency_ms_24h: { p50: number | null; p95: number | null };
  breaker: BreakerState;
  last_failure_at: string | null;
}

/**
 * This instance's link to Redis, through which the burst and registry rate limits are shared:
 * `down` while it fails or does not answer in time (the limits are then kept per process and in
 * the database), `not_configured` without REDIS_URL.
 */
export interface RedisStatus {
  state: 'operational' | 'down' | 'not_configured';
  /** When this instance saw the state begin; null when not configured. */
  since: string | null;
}

export interface StatusView {
  generated_at: string;
  redis: RedisStatus;
  registries: Record<Exclude<RegistryId, 'vies'>, RegistryStatus> & {
    vies: RegistryStatus & { member_states: Record<string, RegistryStatus> };
  };
}

/** The figures computed from the database, without what is read live from this process. */
type RegistriesView = Omit<StatusView, 'redis'>;

/** Below this share of calls answered over 24 h a registry is `degraded`. */
const DEGRADED_BELOW_PERCENT = 95;
/**
 * Every registry but VIES, the national fallback registers (docs/fallbacks.md) and Germany's
 * confirmation service (docs/matching.md) included.
 */
const OTHER_REGISTRIES = ['hmrc', 'uid', 'brreg', 'abr', 'kas', 'ares', 'anaf', 'bzst'] as const;

interface Tally {
  answered: number;
  failed: number;
  /** Answered calls per latency bucket. */
  buckets: number[];
}

const iso = (ms: number | null | undefined) => (ms ? new Date(ms).toISOString() : null);
const latest = (...values: Array<number | null | undefined>) => {
  const known = values.filter((value): value is number => typeof value === 'number');
  return known.length > 0 ? Math.max(...known) : null;
};

function emptyTally(): Tally {
  return { answered: 0, failed: 0, buckets: new Array(LATENCY_BOUNDS_MS.length).fill(0) };
}

function percentile(tally: Tally, share: number): number | null {
  if (tally.answered === 0) return null;
  const wanted = tally.answered * share;
  let seen = 0;
  for (const [index, count] of tally.buckets.entries()) {
    seen += count;
    if (seen >= wanted) return LATENCY_BOUNDS_MS[index];
  }
  return LATENCY_BOUNDS_MS.at(-1)!;
}

export class StatusBoard {
  private view: RegistriesView | undefined;
  private computedAt = 0;
  private computing: Promise<RegistriesView> | undefined;

  constructor(
    private readonly deps: {
      store: AvailabilityStore;
      gateway: RegistryGateway;
      clock: Clock;
      maxAgeMs: number;
      /** This process's link to Redis, when one is configured (read live at every read). */
      redis?: RedisLink;
    },
  ) {}

  /** The current view: recomputed when older than `maxAgeMs` (callers meanwhile get the last one). */
  async read(): Promise<StatusView> {
    const age = Date.now() - this.computedAt;
    if (this.view && age < this.deps.maxAgeMs) return this.withRedis(this.view);
    this.computing ??= this.computeRegistries().finally(() => {
      this.computing = undefined;
    });
    if (this.view && age < this.deps.maxAgeMs * 10) return this.withRedis(this.view);
    return this.withRedis(await this.computing);
  }

  /** Recomputes now (tests, and after this instance flushed its counts). */
  async compute(): Promise<StatusView> {
    return this.withRedis(await this.computeRegistries());
  }

  /** The state of Redis as this process sees it now. */
  redisStatus(): RedisStatus {
    const { redis } = this.deps;
    if (!redis) return { state: 'not_configured', since: null };
    return { state: redis.state === 'up' ? 'operational' : 'down', since: iso(redis.since) };
  }

  private withRedis(view: RegistriesView): StatusView {
    return { generated_at: view.generated_at, redis: this.redisStatus(), registries: view.registries };
  }

  private async computeRegistries(): Promise<RegistriesView> {
    const now = this.deps.clock.now();
    const fromHour = Math.floor((now - 24 * HOUR_MS) / HOUR_MS) * HOUR_MS + HOUR_MS;
    const [sums, health] = await Promise.all([this.deps.store.sumCalls(fromHour), this.deps.store.health()]);
    const tallies = new Map<string, Tally>();
    for (const row of sums) {
      const tally = tallies.get(row.registry_key) ?? emptyTally();
      tally.failed += row.failed;
      tally.answered += row.answered;
      if (row.bucket !== FAILED_BUCKET)
        tally.buckets[Math.min(row.bucket, tally.buckets.length - 1)] += row.answered;
      tallies.set(row.registry_key, tally);
    }
    const rows = new Map(health.map((row) => [row.registry_key, row]));
    const status = (key: string) => this.statusOf(key, tallies.get(key) ?? emptyTally(), rows.get(key), now);

    const memberStates = Object.fromEntries(VIES_MEMBER_STATES.map((code) => [code, status(`vies:${code}`)]));
    const viesTally = emptyTally();
    for (const code of VIES_MEMBER_STATES) {
      const tally = tallies.get(`vies:${code}`);
      if (!tally) continue;
      viesTally.answered += tally.answered;
      viesTally.failed += tally.failed;
      tally.buckets.forEach((count, index) => {
        viesTally.buckets[index] += count;
      });
    }
    const states = Object.values(memberStates);
    const platform = rows.get('vies');
    const platformDown =
      platform?.reported === 'unavailable' &&
      (platform.reported_at ?? 0) >
        (latest(...states.map((s) => Date.parse(s.checked_at ?? '') || null)) ?? 0);
    const allOpen = states.every((s) => s.breaker === 'open');
    const vies: StatusView['registries']['vies'] = {
      ...this.figures(viesTally),
      state:
        platformDown || states.every((s) => s.state === 'down')
          ? 'down'
          : states.some((s) => s.state !== 'operational') || this.belowThreshold(viesTally)
            ? 'degraded'
            : 'operational',
      checked_at: iso(
        latest(platform?.reported_at, ...states.map((s) => Date.parse(s.checked_at ?? '') || null)),
      ),
      breaker: allOpen ? 'open' : states.some((s) => s.breaker !== 'closed') ? 'half_open' : 'closed',
      last_failure_at: iso(latest(...states.map((s) => Date.parse(s.last_failure_at ?? '') || null))),
      member_states: memberStates,
    };
    const others = Object.fromEntries(OTHER_REGISTRIES.map((id) => [id, status(id)])) as Record<
      (typeof OTHER_REGISTRIES)[number],
      RegistryStatus
    >;
    this.view = { generated_at: new Date(now).toISOString(), registries: { vies, ...others } };
    this.computedAt = Date.now();
    return this.view;
  }

  private figures(tally: Tally): Pick<RegistryStatus, 'availability_24h' | 'latency_ms_24h'> {
    const total = tally.answered + tally.failed;
    return {
      availability_24h: total === 0 ? null : Math.round((tally.answered / total) * 10000) / 100,
      latency_ms_24h: { p50: percentile(tally, 0.5), p95: percentile(tally, 0.95) },
    };
  }

  private belowThreshold(tally: Tally): boolean {
    const total = tally.answered + tally.failed;
    return total > 0 && (tally.answered / total) * 100 < DEGRADED_BELOW_PERCENT;
  }

  private statusOf(
    key: string,
    tally: Tally,
    row: RegistryHealthTable | undefined,
    now: number,
  ): RegistryStatus {
    const local = this.deps.gateway.breakerStates().get(key);
    // Another instance's answered probe closed it after it opened here: closed, before this
    // instance's next refresh closes its own.
    const openHere = local && local.state !== 'closed' && !(row && closedElsewhere(row, local.openedAt));
    const breaker: BreakerState =
      local && openHere
        ? local.state
        : row && sharedOpen(row, now, local?.lastSuccessAt ?? null)
          ? 'open'
          : 'closed';
    const lastFailure = latest(row?.last_failure_at, local?.lastFailureAt);
    const lastSuccess = latest(row?.last_success_at, local?.lastSuccessAt);
    const reportedDown = row?.reported === 'unavailable' && (row.reported_at ?? 0) > (lastSuccess ?? 0);
    const failingNow = lastFailure !== null && lastFailure > (lastSuccess ?? 0);
    const state: RegistryState =
      breaker === 'open' || reportedDown
        ? 'down'
        : breaker === 'half_open' || failingNow || this.belowThreshold(tally)
          ? 'degraded'
          : 'operational';
    return {
      state,
      checked_at: iso(latest(lastFailure, lastSuccess, row?.reported_at)),
      ...this.figures(tally),
      breaker,
      last_failure_at: iso(lastFailure),
    };
  }
}
