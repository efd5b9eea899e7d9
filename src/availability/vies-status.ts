import type { Clock } from '../clock.js';
import { requestCapped } from '../http-client/capped-reply.js';
import { VIES_MEMBER_STATES } from '../registries/gateway.js';
import { joinUrl } from '../registries/http.js';
import type { AvailabilityStore } from '../store/availability.js';

/**
 * VIES's own availability report (REST `check-status`, ../../shared/upstreams/vies-approx-and-status.md
 * §5), read by a recurring job and written per member state to registry_health, where every
 * instance's gateway reads it: `Unavailable` opens the member state's breaker; `Monitoring
 * Disabled` and unknown values change nothing (real traffic decides).
 */

export type Reported = 'available' | 'unavailable' | 'monitoring_disabled';

const CHECK_STATUS_PATH = '/rest-api/check-status';
const VALUES: Readonly<Record<string, Reported>> = {
  available: 'available',
  unavailable: 'unavailable',
  'monitoring disabled': 'monitoring_disabled',
};

export interface ViesReport {
  platformAvailable: boolean;
  countries: Map<string, Reported>;
}

/** Reads a check-status body; throws on anything not of its shape. */
export function readViesReport(body: unknown): ViesReport {
  const document = body as { vow?: { available?: unknown }; countries?: unknown };
  if (typeof document?.vow?.available !== 'boolean' || !Array.isArray(document.countries))
    throw new Error('check-status answer without vow.available and countries');
  const countries = new Map<string, Reported>();
  for (const entry of document.countries as Array<{ countryCode?: unknown; availability?: unknown }>) {
    const code = typeof entry?.countryCode === 'string' ? entry.countryCode.toUpperCase() : '';
    const value =
      typeof entry?.availability === 'string' ? VALUES[entry.availability.toLowerCase()] : undefined;
    if (VIES_MEMBER_STATES.includes(code) && value) countries.set(code, value);
  }
  return { platformAvailable: document.vow.available, countries };
}

/**
 * Reads the report through the shared capped reader: a reply past `maxReplyBytes` (the registry
 * replies' cap) is refused and thrown, like any unusable report, for the job to log.
 */
export async function pollViesStatus(deps: {
  baseUrl: string;
  timeoutMs: number;
  /** The cap on the report's size (DEFAULT_MAX_REPLY_BYTES when not given). */
  maxReplyBytes?: number;
  store: AvailabilityStore;
  clock: Clock;
}): Promise<ViesReport> {
  const reply = await requestCapped(joinUrl(deps.baseUrl, CHECK_STATUS_PATH), {
    headers: { accept: 'application/json' },
    timeoutMs: deps.timeoutMs,
    maxBytes: deps.maxReplyBytes,
  }).catch((error: unknown) => {
    throw new Error(`VIES check-status could not be read: ${(error as Error).message}`, { cause: error });
  });
  if (reply.status < 200 || reply.status > 299)
    throw new Error(`VIES check-status answered HTTP ${reply.status}`);
  const report = readViesReport(JSON.parse(reply.body.toString('utf8')));
  const now = deps.clock.now();
  await deps.store.putHealth(
    'vies',
    { reported: report.platformAvailable ? 'available' : 'unavailable', reported_at: now },
    now,
  );
  for (const code of VIES_MEMBER_STATES) {
    // The platform down: every member state is unreachable through it.
    const reported = report.platformAvailable ? report.countries.get(code) : 'unavailable';
    if (reported) await deps.store.putHealth(`vies:${code}`, { reported, reported_at: now }, now);
  }
  return report;
}
