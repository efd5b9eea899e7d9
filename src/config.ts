import { type Static, type TSchema, Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { DEFAULT_TIER_LIMITS, isTier, type Tier, type TierLimits } from './accounts/tiers.js';
import { minutesOfDay, type RatesSyncMode } from './rates/sync-schedule.js';
import { DEFAULT_URL as TEDB_DEFAULT_URL } from './rates/tedb-client.js';
import { DEFAULT_URL as ABR_DEFAULT_URL } from './registries/abr.js';
import { DEFAULT_URL as BRREG_DEFAULT_URL } from './registries/brreg.js';
import { DEFAULT_URL as BZST_DEFAULT_URL } from './registries/bzst.js';
import { DEFAULT_URL as ANAF_DEFAULT_URL } from './registries/fallbacks/anaf.js';
import { DEFAULT_URL as ARES_DEFAULT_URL, DEFAULT_ADIS_URL } from './registries/fallbacks/ares.js';
import { DEFAULT_URL as KAS_DEFAULT_URL } from './registries/fallbacks/kas.js';
import { DEFAULT_URL as HMRC_DEFAULT_URL } from './registries/hmrc.js';
import type { RegistryId } from './registries/registry.js';
import { DEFAULT_URL as UID_DEFAULT_URL } from './registries/uid.js';
import { DEFAULT_URL as VIES_DEFAULT_URL } from './registries/vies.js';

/**
 * Every setting the service reads, with its default and meaning: the environment (and an optional
 * `.env`, loaded by the process entry) is validated once against this table at start-up and the
 * result frozen. No other module reads process.env. A bad value stops the process with a message
 * naming the variable (svix `cfg.rs`, fastify `initial-config-validation.js`).
 */
const Int = (min: number, max = Number.MAX_SAFE_INTEGER) => Type.Integer({ minimum: min, maximum: max });
const Bool = Type.Boolean();
const Str = Type.String({ minLength: 1 });
const Url = Type.String({ pattern: '^https?://' });
const MsList = Type.Array(Int(0), { minItems: 1, maxItems: 20 });
/** `none`, or `{ limit, windowMs }` read from `<calls>/<window>` (e.g. `3/1s`, `20/1m`). */
const RateLimitSetting = Type.Union([
  Type.Literal('none'),
  Type.Object({ limit: Int(1), windowMs: Int(1) }, { additionalProperties: false }),
]);
/** The largest monthly quota the usage table holds on both engines (PostgreSQL INTEGER). */
const MAX_MONTHLY = 2_147_483_647;

interface Setting {
  schema: TSchema;
  default?: string;
  description: string;
  /** Turns the raw string into the value the schema checks (numbers, booleans, lists, JSON). */
  parse?: (raw: string) => unknown;
}

const number = (raw: string) => (/^-?\d+(\.\d+)?$/.test(raw.trim()) ? Number(raw) : raw);
const boolean = (raw: string) => {
  const value = raw.trim().toLowerCase();
  if (['true', '1', 'yes', 'on'].includes(value)) return true;
  if (['false', '0', 'no', 'off'].includes(value)) return false;
  return raw;
};
const list = (raw: string) =>
  raw
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
const numberList = (raw: string) => list(raw).map(number);
const WINDOW_UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000 };
const rateLimit = (raw: string) => {
  const value = raw.trim().toLowerCase();
  if (value === 'none') return 'none';
  const match = /^(\d+)\s*\/\s*(\d*)\s*(ms|s|m)$/.exec(value);
  if (!match) return raw;
  return { limit: Number(match[1]), windowMs: Number(match[2] || '1') * WINDOW_UNITS[match[3]] };
};
const json = (raw: string) => {
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
};

function registrySettings(id: string, url: string, concurrency: number): Record<string, Setting> {
  const upper = id.toUpperCase();
  return {
    [`${upper}_URL`]: {
      schema: Url,
      default: url,
      description: `${upper} base URL (the real service's root).`,
    },
    [`${upper}_TIMEOUT_MS`]: {
      schema: Int(1),
      parse: number,
      description: `Timeout of one ${upper} call; defaults to REGISTRY_TIMEOUT_MS.`,
    },
    [`${upper}_CONCURRENCY`]: {
      schema: Int(1, 1000),
      default: String(concurrency),
      parse: number,
      description: `Most ${upper} calls in flight at once from one process.`,
    },
  };
}

export const SETTINGS = {
  NODE_ENV: {
    schema: Str,
    default: 'development',
    description: '`production` disables the first-run key bootstrap.',
  },
  PORT: { schema: Int(0, 65535), default: '3000', parse: number, description: 'HTTP port.' },
  HOST: { schema: Str, default: '0.0.0.0', description: 'Address to listen on.' },
  DATABASE_URL: {
    schema: Type.String({ pattern: '^(sqlite:|postgres://|postgresql://)' }),
    default: 'sqlite:./data/vat-service.sqlite',
    description: '`sqlite:<path>` (embedded, default) or `postgres://…` (scale-out).',
  },
  DATABASE_POOL_SIZE: {
    schema: Int(1, 200),
    default: '10',
    parse: number,
    description: 'PostgreSQL pool size.',
  },
  DATABASE_STATEMENT_TIMEOUT_MS: {
    schema: Int(100, 600_000),
    default: '5000',
    parse: number,
    description:
      'Most time one database statement may take; then the request is answered 503 `service_unavailable` and `/ready` says not ready. PostgreSQL: the wait for a pool connection, the connection itself and each statement (the server also ends statements, and sessions idle in a transaction, past it); SQLite: how long a write waits for the write lock (busy timeout). Migrations are exempt.',
  },
  REDIS_URL: {
    schema: Type.String({ pattern: '^rediss?://' }),
    description:
      'Redis for burst and registry rate limits shared by all instances; unset = burst limits per process, registry rate limits in the database.',
  },
  REDIS_COMMAND_TIMEOUT_MS: {
    schema: Int(10, 60_000),
    default: '200',
    parse: number,
    description:
      'Most time a request waits for Redis; a Redis that fails or does not answer in time is left aside (burst limits per process, registry rate limits in the database) until it answers a probe again, once a second.',
  },
  BOOTSTRAP: {
    schema: Bool,
    default: 'true',
    parse: boolean,
    description: 'On an empty database, create a local Business account and print a live and a test key.',
  },
  LOG_LEVEL: {
    schema: Type.Union(
      ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].map((l) => Type.Literal(l)),
    ),
    default: 'info',
    description: 'pino log level.',
  },
  ACCESS_LOG: {
    schema: Bool,
    default: 'true',
    parse: boolean,
    description: 'One log line per request (method, route, status, time).',
  },
  HTTP_HEADERS_TIMEOUT_MS: {
    schema: Int(1000),
    default: '10000',
    parse: number,
    description: "Most time a client may take to send a request's headers; then 408 and close.",
  },
  HTTP_REQUEST_TIMEOUT_MS: {
    schema: Int(1000),
    default: '30000',
    parse: number,
    description: 'Most time a client may take to send a whole request, headers and body; then 408 and close.',
  },
  HTTP_IDLE_TIMEOUT_MS: {
    schema: Int(1000),
    default: '60000',
    parse: number,
    description:
      'A connection on which nothing moves for this long is closed (a stalled body gets 408 first, a stuck client nothing).',
  },
  HTTP_KEEP_ALIVE_TIMEOUT_MS: {
    schema: Int(1000),
    default: '72000',
    parse: number,
    description:
      'How long an idle keep-alive connection stays open between requests (announced in `Keep-Alive: timeout`; Node closes the socket one second later).',
  },
  AUTH_FAILURES_PER_MINUTE: {
    schema: Int(1),
    default: '30',
    parse: number,
    description:
      'Unknown API keys one client address may present per minute before its unknown keys are refused (429) without a database read.',
  },
  IDEMPOTENCY_WAIT_MS: {
    schema: Int(0, 60_000),
    default: '5000',
    parse: number,
    description:
      'How long a retry waits for the first request with its `Idempotency-Key` to finish before it is answered 409 `conflict`.',
  },
  CONSOLE_IDLE_MINUTES: {
    schema: Int(1, 1440),
    default: '30',
    parse: number,
    description: 'A console session ends after this many minutes without a page load.',
  },
  CONSOLE_SESSION_HOURS: {
    schema: Int(1, 720),
    default: '12',
    parse: number,
    description: 'A console session ends this many hours after sign-in, however active.',
  },
  CONSOLE_SESSIONS_PER_ACCOUNT: {
    schema: Int(1, 1000),
    default: '50',
    parse: number,
    description:
      'Most console sessions one account keeps open; a sign-in past it ends the session seen least recently.',
  },
  PUBLIC_URL: {
    schema: Url,
    description: 'Public base URL, used for `docs_url` in errors; default `http://localhost:$PORT`.',
  },
  TIER_LIMITS: {
    schema: Type.Record(
      Type.String(),
      Type.Object(
        // usage.used is a 32-bit INTEGER on PostgreSQL: a larger monthly limit made every live
        // validation fail there (500), so it is refused here, at start-up, naming TIER_LIMITS.
        {
          monthly: Type.Optional(Int(0, MAX_MONTHLY)),
          burst_per_minute: Type.Optional(Int(1)),
          monitors: Type.Optional(Int(0)),
        },
        { additionalProperties: false },
      ),
    ),
    default: '{}',
    parse: json,
    description:
      // The example is the Free tier's defaults, so the example states them as the code has them.
      `JSON overriding tier limits, e.g. \`${JSON.stringify({ free: DEFAULT_TIER_LIMITS.free })}\`.`,
  },
  CHECK_DIGITS: {
    schema: Bool,
    default: 'true',
    parse: boolean,
    description: '`false` skips the local check-digit stage (for registry sandboxes).',
  },
  CACHE_TTL_SECONDS: {
    schema: Int(0),
    default: '86400',
    parse: number,
    description: 'Validation cache TTL.',
  },
  STALE_MAX_AGE_SECONDS: {
    schema: Int(0),
    default: '2592000',
    parse: number,
    description: 'Oldest cached answer served (flagged stale) when a registry is down.',
  },
  DECISION_STALE_MAX_DAYS: {
    schema: Int(0),
    default: '30',
    parse: number,
    description:
      "Oldest answer for a buyer's VAT number a decision uses while the registry is down (a stale or fallback answer, flagged); an older one counts as not checkable.",
  },
  REGISTRY_TIMEOUT_MS: {
    schema: Int(1),
    default: '10000',
    parse: number,
    description: 'Default registry timeout.',
  },
  REGISTRY_MAX_REPLY_BYTES: {
    schema: Int(1),
    default: '1048576',
    parse: number,
    description:
      "Largest reply read from a registry, a national fallback or VIES's availability report, in bytes (1 MiB); a longer one is dropped unread and counts as malformed.",
  },
  CIRCUIT_FAILURE_THRESHOLD: {
    schema: Int(1),
    default: '5',
    parse: number,
    description: 'Consecutive registry failures that open the circuit breaker.',
  },
  CIRCUIT_COOLDOWN_MS: {
    schema: Int(1),
    default: '30000',
    parse: number,
    description: 'How long an open circuit fails fast before one probe call is let through.',
  },
  VIES_MEMBER_STATE_CONCURRENCY: {
    schema: Int(1, 100),
    default: '4',
    parse: number,
    description: 'Most VIES calls in flight at once for one member state, from one process.',
  },
  HMRC_RATE_LIMIT: {
    schema: RateLimitSetting,
    default: '3/1s',
    parse: rateLimit,
    description:
      'Most HMRC calls per window for the whole application (every instance): `<calls>/<window>`, window in `ms`, `s` or `m`; `none` for no limit.',
  },
  UID_RATE_LIMIT: {
    schema: RateLimitSetting,
    default: '20/1m',
    parse: rateLimit,
    description:
      'Most Swiss UID register calls per window for the whole application (its public limit), as HMRC_RATE_LIMIT.',
  },
  BRREG_RATE_LIMIT: {
    schema: RateLimitSetting,
    default: 'none',
    parse: rateLimit,
    description: 'Most Brønnøysund calls per window for the whole application, as HMRC_RATE_LIMIT.',
  },
  ABR_RATE_LIMIT: {
    schema: RateLimitSetting,
    default: 'none',
    parse: rateLimit,
    description: 'Most ABN Lookup calls per window for the whole application, as HMRC_RATE_LIMIT.',
  },
  VIES_RATE_LIMIT: {
    schema: RateLimitSetting,
    default: 'none',
    parse: rateLimit,
    description:
      'Most VIES calls per window for the whole application (all member states), as HMRC_RATE_LIMIT.',
  },
  REGISTRY_BUDGET_MS: {
    schema: Int(0),
    default: '5000',
    parse: number,
    description:
      "Most time a request waits in the service's queue in front of a registry (and retries its busy answers); a longer wait answers stale or 503 at once.",
  },
  VIES_STATUS_POLL_SECONDS: {
    schema: Int(1),
    default: '60',
    parse: number,
    description: "How often a worker reads VIES's availability report (check-status).",
  },
  AVAILABILITY_REFRESH_MS: {
    schema: Int(50),
    default: '5000',
    parse: number,
    description:
      "How often each instance adds its registry call counts to the shared figures and reads the other instances' breakers.",
  },
  ...registrySettings('vies', VIES_DEFAULT_URL, 20),
  ...registrySettings('hmrc', HMRC_DEFAULT_URL, 10),
  ...registrySettings('uid', UID_DEFAULT_URL, 5),
  ...registrySettings('brreg', BRREG_DEFAULT_URL, 10),
  ...registrySettings('abr', ABR_DEFAULT_URL, 10),
  ...registrySettings('kas', KAS_DEFAULT_URL, 2),
  ...registrySettings('ares', ARES_DEFAULT_URL, 4),
  ...registrySettings('anaf', ANAF_DEFAULT_URL, 2),
  ...registrySettings('bzst', BZST_DEFAULT_URL, 2),
  BZST_ENABLED: {
    schema: Bool,
    default: 'false',
    parse: boolean,
    description:
      "Ask Germany's federal tax office (its eVatR REST confirmation service, at BZST_URL) for a qualified confirmation when a German requester (`requester_vat_number`) sends trader fields with a foreign EU number; its field results fill `data.match` (docs/matching.md). VIES answers when it fails.",
  },
  ADIS_URL: {
    schema: Url,
    default: DEFAULT_ADIS_URL,
    description:
      "Root of the Czech VAT-payer register's SOAP service (ADIS), which gives the `ares` fallback its verdict.",
  },
  FALLBACKS_ENABLED: {
    schema: Bool,
    default: 'true',
    parse: boolean,
    description:
      'When VIES cannot answer for CZ or RO (or PL, see KAS_FALLBACK_ACCEPTS_CZYNNY), ask that national register before serving a stale answer or 503 (docs/fallbacks.md).',
  },
  KAS_FALLBACK_ACCEPTS_CZYNNY: {
    schema: Bool,
    default: 'false',
    parse: boolean,
    description:
      "Poland's fallback: when VIES cannot answer for PL, accept the white list's domestic VAT status (`Czynny`) as valid, `meta.source: kas`. It is not the intra-EU VAT-UE registration VIES checks, so it is off unless chosen.",
  },
  HMRC_CLIENT_ID: { schema: Str, description: 'HMRC OAuth client id (client-credentials grant).' },
  HMRC_CLIENT_SECRET: { schema: Str, description: 'HMRC OAuth client secret.' },
  ABR_GUID: { schema: Str, description: 'ABN Lookup web services GUID.' },
  WORKER: { schema: Bool, default: 'true', parse: boolean, description: '`serve` also runs a job worker.' },
  WORKER_CONCURRENCY: { schema: Int(1, 500), default: '20', parse: number, description: 'Jobs run at once.' },
  WORKER_POLL_MS: { schema: Int(5), default: '500', parse: number, description: 'Idle poll interval.' },
  JOB_LEASE_MS: {
    schema: Int(1000),
    default: '60000',
    parse: number,
    description: "A claimed job's lease; a crashed worker's jobs are claimed again after it.",
  },
  ASYNC_RETRY_DELAYS_MS: {
    schema: MsList,
    default: '120000,360000,1080000,3240000,9720000',
    parse: numberList,
    description: 'Delays between async registry retries (2, 6, 18, 54, 162 min).',
  },
  WEBHOOK_RETRY_DELAYS_MS: {
    schema: MsList,
    default: '5000,300000,1800000,7200000,18000000,36000000',
    parse: numberList,
    description: 'Delays between webhook delivery retries (5 s, 5 min, 30 min, 2 h, 5 h, 10 h).',
  },
  WEBHOOK_TIMEOUT_MS: {
    schema: Int(1),
    default: '10000',
    parse: number,
    description: 'One delivery attempt.',
  },
  WEBHOOK_ALLOWED_HOSTS: {
    schema: Type.Array(Str),
    default: '',
    parse: list,
    description: 'Host names exempt from the private-address guard (development and tests only).',
  },
  WEBHOOK_ALLOW_LOCAL_HTTP: {
    schema: Bool,
    default: 'false',
    parse: boolean,
    description:
      'Development only: webhook URLs on this machine (`http://localhost`, `http://127.0.0.1`, `http://[::1]`) are accepted over plain HTTP, for `vat-service webhooks listen`. Refused with NODE_ENV=production.',
  },
  LEDGER_SEAL_SECONDS: {
    schema: Int(1, 86_400),
    default: '60',
    parse: number,
    description:
      'How often the records made since the last seal are sealed into the ledger (a Merkle root chained to the previous seal).',
  },
  EVIDENCE_RETENTION_DAYS: {
    schema: Int(1),
    default: '3650',
    parse: number,
    description:
      'Records and registry evidence older than this are removed, by whole seals, by a daily job; the seals themselves stay.',
  },
  MONITOR_SCHEDULE_MS: {
    schema: Int(1000),
    default: '60000',
    parse: number,
    description: 'How often due monitor checks are queued.',
  },
  MONITOR_SLICE: {
    schema: Int(1),
    default: '500',
    parse: number,
    description:
      'Most monitor checks queued or running at once: after downtime the backlog is worked off this many at a time.',
  },
  RATES_SYNC: {
    schema: Type.Union([Type.Literal('off'), Type.Literal('report'), Type.Literal('apply')]),
    default: 'report',
    description:
      "The daily rates sync with the EU's Taxes in Europe Database (TEDB; docs/rates.md): `report` lists the differences from what the service answers (log, /metrics, /v1/status), `apply` also applies them and sends `rate.changed`, `off` does not run it.",
  },
  RATES_SYNC_AT: {
    schema: Type.String({ pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$' }),
    default: '06:00',
    description: 'When the daily rates sync runs, HH:MM in UTC, on one instance.',
  },
  RATES_TEDB_URL: {
    schema: Url,
    default: TEDB_DEFAULT_URL,
    description: "TEDB's root; the SOAP service is at `/ws/VatRetrievalService` below it.",
  },
  RATES_TEDB_TIMEOUT_MS: {
    schema: Int(1000),
    default: '120000',
    parse: number,
    description: 'One TEDB call, headers and reply: its answer for all member states takes tens of seconds.',
  },
  RATES_TEDB_RETRY_DELAYS_MS: {
    schema: Type.Array(Int(0), { maxItems: 10 }),
    default: '10000,60000',
    parse: numberList,
    description:
      'Pauses before retrying a TEDB call that failed (network, timeout, an error status or fault); empty for no retry.',
  },
  RATES_REFRESH_MS: {
    schema: Int(50),
    default: '60000',
    parse: number,
    description: 'How often each instance looks for rate changes a sync on another instance applied.',
  },
} satisfies Record<string, Setting>;

export type SettingName = keyof typeof SETTINGS;

export interface RegistryConfig {
  url: string;
  timeoutMs: number;
  concurrency: number;
}

export interface Config {
  nodeEnv: string;
  port: number;
  host: string;
  databaseUrl: string;
  databasePoolSize: number;
  /** Most time one statement may take (PostgreSQL), or a write may wait for the lock (SQLite). */
  databaseStatementTimeoutMs: number;
  redisUrl?: string;
  redisCommandTimeoutMs: number;
  bootstrap: boolean;
  logLevel: string;
  accessLog: boolean;
  http: {
    headersTimeoutMs: number;
    requestTimeoutMs: number;
    idleTimeoutMs: number;
    keepAliveTimeoutMs: number;
  };
  authFailuresPerMinute: number;
  idempotencyWaitMs: number;
  /** Console sessions: idle and absolute expiry, and how many one account keeps. */
  console: { idleMs: number; absoluteMs: number; perAccount: number };
  publicUrl: string;
  tierLimits: Readonly<Record<Tier, TierLimits>>;
  checkDigits: boolean;
  cacheTtlSeconds: number;
  staleMaxAgeSeconds: number;
  /** Decisions (POST /v1/decisions): the oldest stale or fallback answer used for the buyer. */
  decisionStaleMaxDays: number;
  circuit: { failureThreshold: number; cooldownMs: number };
  registries: Readonly<Record<RegistryId, RegistryConfig>>;
  /** The service's queue in front of the registries. */
  registryLimits: {
    viesMemberStateConcurrency: number;
    rates: Partial<Readonly<Record<RegistryId, { limit: number; windowMs: number }>>>;
    budgetMs: number;
  };
  availability: { viesStatusPollMs: number; refreshMs: number };
  /** Largest reply body read from any registry, in bytes. */
  registryMaxReplyBytes: number;
  hmrc: { clientId?: string; clientSecret?: string };
  monitors: { scheduleMs: number; slice: number };
  abr: { guid?: string };
  /** National registers asked when VIES cannot answer (docs/fallbacks.md). */
  fallbacks: { enabled: boolean; kasAcceptsCzynny: boolean; adisUrl: string };
  /** Germany's federal tax office confirmation service (docs/matching.md). */
  bzst: { enabled: boolean };
  worker: { enabled: boolean; concurrency: number; pollMs: number; leaseMs: number };
  asyncRetryDelaysMs: readonly number[];
  webhook: {
    retryDelaysMs: readonly number[];
    timeoutMs: number;
    allowedHosts: readonly string[];
    /** WEBHOOK_ALLOW_LOCAL_HTTP: loopback targets over plain HTTP (never in production). */
    allowLocalHttp: boolean;
  };
  ledger: { sealSeconds: number; retentionDays: number };
  /** Rates kept current from TEDB (docs/rates.md). */
  rates: {
    sync: RatesSyncMode;
    /** RATES_SYNC_AT as minutes after midnight UTC. */
    syncAtMinutes: number;
    tedb: { url: string; timeoutMs: number; retryDelaysMs: readonly number[] };
    refreshMs: number;
  };
}

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/** Validates the environment once; throws ConfigError naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined>): Readonly<Config> {
  const values: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const [name, setting] of Object.entries(SETTINGS) as Array<[string, Setting]>) {
    const raw =
      env[name] === '' && setting.default === undefined ? undefined : (env[name] ?? setting.default);
    if (raw === undefined) continue;
    const value = setting.parse ? setting.parse(raw) : raw;
    if (!Value.Check(setting.schema, value)) {
      const first = [...Value.Errors(setting.schema, value)][0];
      problems.push(
        `${name}=${JSON.stringify(raw)} is invalid: ${describeError(first?.message)}. ${setting.description}`,
      );
      continue;
    }
    values[name] = value;
  }
  const tierLimits = mergeTierLimits(values.TIER_LIMITS as Record<string, Partial<TierLimits>>, problems);
  if ((values.HTTP_HEADERS_TIMEOUT_MS as number) > (values.HTTP_REQUEST_TIMEOUT_MS as number)) {
    problems.push(
      'HTTP_HEADERS_TIMEOUT_MS must not be above HTTP_REQUEST_TIMEOUT_MS (the headers are part of the request).',
    );
  }
  // Loopback over plain HTTP is for `webhooks listen` on a developer's machine. On a shared service
  // it would let any Pro account make the service POST to ports on its own host, so production
  // refuses to start with it rather than quietly ignoring it.
  if (values.WEBHOOK_ALLOW_LOCAL_HTTP === true && values.NODE_ENV === 'production') {
    problems.push(
      "WEBHOOK_ALLOW_LOCAL_HTTP=true is refused with NODE_ENV=production: it lets webhook deliveries go over plain HTTP to this machine's own loopback addresses (localhost), which the target guard otherwise refuses. It is for local development with `vat-service webhooks listen`; unset it.",
    );
  }
  if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);

  const v = values as { [K in SettingName]: Static<(typeof SETTINGS)[K]['schema']> };
  const registry = (id: RegistryId): RegistryConfig => {
    const upper = id.toUpperCase();
    return {
      url: values[`${upper}_URL`] as string,
      timeoutMs: (values[`${upper}_TIMEOUT_MS`] as number | undefined) ?? v.REGISTRY_TIMEOUT_MS,
      concurrency: values[`${upper}_CONCURRENCY`] as number,
    };
  };
  return deepFreeze<Config>({
    nodeEnv: v.NODE_ENV,
    port: v.PORT,
    host: v.HOST,
    databaseUrl: v.DATABASE_URL,
    databasePoolSize: v.DATABASE_POOL_SIZE,
    databaseStatementTimeoutMs: v.DATABASE_STATEMENT_TIMEOUT_MS,
    redisUrl: v.REDIS_URL,
    redisCommandTimeoutMs: v.REDIS_COMMAND_TIMEOUT_MS,
    bootstrap: v.BOOTSTRAP,
    logLevel: v.LOG_LEVEL,
    accessLog: v.ACCESS_LOG,
    http: {
      headersTimeoutMs: v.HTTP_HEADERS_TIMEOUT_MS,
      requestTimeoutMs: v.HTTP_REQUEST_TIMEOUT_MS,
      idleTimeoutMs: v.HTTP_IDLE_TIMEOUT_MS,
      keepAliveTimeoutMs: v.HTTP_KEEP_ALIVE_TIMEOUT_MS,
    },
    authFailuresPerMinute: v.AUTH_FAILURES_PER_MINUTE,
    idempotencyWaitMs: v.IDEMPOTENCY_WAIT_MS,
    console: {
      idleMs: v.CONSOLE_IDLE_MINUTES * 60_000,
      absoluteMs: v.CONSOLE_SESSION_HOURS * 3_600_000,
      perAccount: v.CONSOLE_SESSIONS_PER_ACCOUNT,
    },
    publicUrl: (v.PUBLIC_URL ?? `http://localhost:${v.PORT}`).replace(/\/+$/, ''),
    tierLimits,
    checkDigits: v.CHECK_DIGITS,
    cacheTtlSeconds: v.CACHE_TTL_SECONDS,
    staleMaxAgeSeconds: v.STALE_MAX_AGE_SECONDS,
    decisionStaleMaxDays: v.DECISION_STALE_MAX_DAYS,
    circuit: { failureThreshold: v.CIRCUIT_FAILURE_THRESHOLD, cooldownMs: v.CIRCUIT_COOLDOWN_MS },
    registries: {
      vies: registry('vies'),
      hmrc: registry('hmrc'),
      uid: registry('uid'),
      brreg: registry('brreg'),
      abr: registry('abr'),
      kas: registry('kas'),
      ares: registry('ares'),
      anaf: registry('anaf'),
      bzst: registry('bzst'),
    },
    registryMaxReplyBytes: v.REGISTRY_MAX_REPLY_BYTES,
    registryLimits: {
      viesMemberStateConcurrency: v.VIES_MEMBER_STATE_CONCURRENCY,
      rates: Object.fromEntries(
        (['vies', 'hmrc', 'uid', 'brreg', 'abr'] as const).flatMap((id) => {
          const rate = values[`${id.toUpperCase()}_RATE_LIMIT`];
          return rate && rate !== 'none' ? [[id, rate]] : [];
        }),
      ),
      budgetMs: v.REGISTRY_BUDGET_MS,
    },
    availability: {
      viesStatusPollMs: v.VIES_STATUS_POLL_SECONDS * 1000,
      refreshMs: v.AVAILABILITY_REFRESH_MS,
    },
    hmrc: { clientId: v.HMRC_CLIENT_ID, clientSecret: v.HMRC_CLIENT_SECRET },
    abr: { guid: v.ABR_GUID },
    fallbacks: {
      enabled: v.FALLBACKS_ENABLED,
      kasAcceptsCzynny: v.KAS_FALLBACK_ACCEPTS_CZYNNY,
      adisUrl: v.ADIS_URL,
    },
    bzst: { enabled: v.BZST_ENABLED },
    worker: {
      enabled: v.WORKER,
      concurrency: v.WORKER_CONCURRENCY,
      pollMs: v.WORKER_POLL_MS,
      leaseMs: v.JOB_LEASE_MS,
    },
    asyncRetryDelaysMs: v.ASYNC_RETRY_DELAYS_MS,
    monitors: { scheduleMs: v.MONITOR_SCHEDULE_MS, slice: v.MONITOR_SLICE },
    webhook: {
      retryDelaysMs: v.WEBHOOK_RETRY_DELAYS_MS,
      timeoutMs: v.WEBHOOK_TIMEOUT_MS,
      allowedHosts: v.WEBHOOK_ALLOWED_HOSTS.map((host) => host.toLowerCase()),
      allowLocalHttp: v.WEBHOOK_ALLOW_LOCAL_HTTP,
    },
    ledger: { sealSeconds: v.LEDGER_SEAL_SECONDS, retentionDays: v.EVIDENCE_RETENTION_DAYS },
    rates: {
      sync: v.RATES_SYNC,
      syncAtMinutes: minutesOfDay(v.RATES_SYNC_AT),
      tedb: {
        url: v.RATES_TEDB_URL,
        timeoutMs: v.RATES_TEDB_TIMEOUT_MS,
        retryDelaysMs: v.RATES_TEDB_RETRY_DELAYS_MS,
      },
      refreshMs: v.RATES_REFRESH_MS,
    },
  });
}

/**
 * Settings a process logs a warning about at start-up: allowed, but not what a service reachable
 * by others should run with.
 */
export function configWarnings(config: Readonly<Config>): string[] {
  const warnings: string[] = [];
  if (config.webhook.allowLocalHttp) {
    warnings.push(
      'WEBHOOK_ALLOW_LOCAL_HTTP=true: webhook URLs on this machine (http://localhost, http://127.0.0.1, http://[::1]) are accepted over plain HTTP, for any account and key mode. Development only: any account with webhooks can then make this service POST to ports on its own host.',
    );
  }
  return warnings;
}

function mergeTierLimits(
  overrides: Record<string, Partial<TierLimits>> | undefined,
  problems: string[],
): Record<Tier, TierLimits> {
  const merged = structuredClone(DEFAULT_TIER_LIMITS) as Record<Tier, TierLimits>;
  for (const [tier, limits] of Object.entries(overrides ?? {})) {
    if (!isTier(tier)) {
      problems.push(`TIER_LIMITS names an unknown tier '${tier}' (known: free, pro, business, scale).`);
      continue;
    }
    merged[tier] = { ...merged[tier], ...limits };
  }
  return merged;
}

function describeError(message: string | undefined): string {
  return (message ?? 'unexpected value').replace(/^Expected/, 'expected');
}

function deepFreeze<T>(value: T): Readonly<T> {
  if (value && typeof value === 'object') {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}
