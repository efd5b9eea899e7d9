/**
 * Table shapes for Kysely, the same on SQLite and PostgreSQL. Conventions that keep one query layer
 * for both dialects: times are Unix epoch milliseconds in BIGINT columns (the PostgreSQL pool reads
 * int8 as numbers, see database.ts), booleans are INTEGER 0/1, JSON is TEXT.
 */

export type KeyMode = 'live' | 'test';

export interface AccountsTable {
  id: string;
  name: string;
  tier: string;
  created_at: number;
}

export interface ApiKeysTable {
  id: string;
  account_id: string;
  /** SHA-256 of the whole key, hex. The key itself is never stored. */
  key_hash: string;
  mode: KeyMode;
  /** First characters of the key (`svc_live_AbCd`), so people can tell keys apart in listings. */
  key_prefix: string;
  created_at: number;
  revoked_at: number | null;
  /** What the account calls the key; null for keys made without one. */
  name: string | null;
  /** When a request last authenticated with it, to the minute (written at most once a minute). */
  last_used_at: number | null;
}

export interface UsageTable {
  account_id: string;
  /** Calendar month in UTC, `YYYY-MM`. */
  period: string;
  used: number;
}

/** The latest registry answer per normalised number, shared by all accounts (decisions section 2). */
export interface ValidationCacheTable {
  vat_number: string;
  valid: number;
  company_name: string | null;
  company_address: string | null;
  source: string;
  fetched_at: number;
  /** The registry exchange the entry was filled from (evidence of every answer served from it). */
  evidence_id: string | null;
}

/**
 * One row per answer served to a key: the record users list, export and prove. Its
 * hash is over the record as the API shows it (src/records/record-shape.ts), not over this row.
 */
export interface ValidationsTable {
  /** `val_` + a time-ordered id (src/ids.ts); records made before the ledger: a bare UUID v7. */
  id: string;
  account_id: string;
  mode: KeyMode;
  request_id: string;
  reference: string | null;
  /** How the request came: `sync`, `batch`, `async`, `bulk`, `monitor`. */
  channel: string;
  batch_id: string | null;
  bulk_id: string | null;
  monitor_id: string | null;
  vat_number: string;
  country_code: string | null;
  valid: number;
  company_name: string | null;
  company_address: string | null;
  consultation_number: string | null;
  requester_vat_number: string | null;
  requested_at: number | null;
  /** JSON of the name and address comparison, or null. */
  match: string | null;
  source: string;
  source_status: string;
  cached: number | null;
  cached_at: number | null;
  stale: number | null;
  evidence_id: string | null;
  record_hash: string | null;
  seal_id: string | null;
  created_at: number;
}

/**
 * A VAT decision (POST /v1/decisions): the columns its list filters on, the rest of the decision
 * as shown in `body` (JSON); hashed and sealed like a validation record (src/decisions/decision-shape.ts).
 */
export interface DecisionsTable {
  /** `dec_` + a time-ordered id (src/ids.ts). */
  id: string;
  account_id: string;
  mode: KeyMode;
  request_id: string;
  reference: string | null;
  treatment: string;
  seller_country: string;
  buyer_country: string;
  validation_id: string | null;
  body: string;
  record_hash: string;
  seal_id: string | null;
  created_at: number;
}

/** A registry exchange kept as evidence; shared by every record whose answer rests on it. */
export interface EvidenceTable {
  id: string;
  registry: string;
  url: string;
  method: string;
  requested_at: number;
  duration_ms: number;
  request: string;
  response_status: number;
  response_content_type: string | null;
  response_body: string;
  /** `utf8` when the kept bytes are UTF-8 text, else `base64`. */
  response_encoding: 'utf8' | 'base64';
  truncated: number;
  response_sha256: string;
  /** SHA-256 of `request` (UTF-8); null for evidence kept before it was recorded. */
  request_sha256: string | null;
  /** SHA-256 of the reply's kept bytes when `truncated`; null otherwise (`response_sha256` covers them). */
  kept_sha256: string | null;
  account_id: string | null;
  requester_vat_number: string | null;
  consultation_number: string | null;
  created_at: number;
}

/** A seal of the ledger: a Merkle root over the records it closed, chained to the previous seal. */
export interface SealsTable {
  id: string;
  seq: number;
  previous_hash: string | null;
  root: string;
  count: number;
  from_at: number;
  to_at: number;
  hash: string;
  sealed_at: number;
  pruned_at: number | null;
}

/** The first answer to an Idempotency-Key, kept 24 h per account, mode and key. */
export interface IdempotencyKeysTable {
  account_id: string;
  mode: KeyMode;
  key: string;
  request_hash: string;
  /** Null while the first request runs. */
  status: number | null;
  headers: string | null;
  body: string | null;
  created_at: number;
  expires_at: number;
}

export interface Tables {
  accounts: AccountsTable;
  api_keys: ApiKeysTable;
  usage: UsageTable;
  validation_cache: ValidationCacheTable;
  validations: ValidationsTable;
  decisions: DecisionsTable;
  evidence: EvidenceTable;
  seals: SealsTable;
  idempotency_keys: IdempotencyKeysTable;
  jobs: JobsTable;
  async_batches: AsyncBatchesTable;
  async_items: AsyncItemsTable;
  webhook_endpoints: WebhookEndpointsTable;
  events: EventsTable;
  deliveries: DeliveriesTable;
  delivery_attempts: DeliveryAttemptsTable;
  registry_calls: RegistryCallsTable;
  registry_health: RegistryHealthTable;
  registry_slots: RegistrySlotsTable;
  monitors: MonitorsTable;
  console_sessions: ConsoleSessionsTable;
  bulk_files: BulkFilesTable;
  bulk_rows: BulkRowsTable;
  rate_changes: RateChangesTable;
  rate_syncs: RateSyncsTable;
}

/**
 * A rate change a sync applied from TEDB (docs/rates.md): the rates of one kind, or of one
 * category, of one country from `effective_from` on, with the reply it came from.
 */
export interface RateChangesTable {
  id: string;
  sync_id: string;
  country_code: string;
  /** YYYY-MM-DD */
  effective_from: string;
  /** `standard`, `reduced`, `super_reduced` or `category`. */
  kind: string;
  /** The category's id for kind `category`, '' for the others (so the unique key holds). */
  category_id: string;
  category_name: string | null;
  /** JSON lists of `{ rate, type, note }`: what the service answered, what TEDB says. */
  before: string;
  after: string;
  retrieved_at: number;
  reply_sha256: string;
  applied_at: number;
}

/** One run of `rates sync` (the command or the daily job), whatever its outcome. */
export interface RateSyncsTable {
  id: string;
  started_at: number;
  finished_at: number;
  /** `report` or `apply`. */
  mode: string;
  /** `cli` or `job`. */
  trigger: string;
  /** The first day whose changes it asked for (YYYY-MM-DD). */
  from_date: string;
  /** `ok`, `failed` (TEDB did not answer) or `refused` (the reply was not applied). */
  result: string;
  reason: string | null;
  retrieved_at: number | null;
  reply_sha256: string | null;
  /** JSON list of the differences found (applied or not). */
  differences: string;
  /** Differences found and not applied (report mode). */
  pending: number;
  applied: number;
  /** Where the next sync starts: this run's day, or the first day of a difference left pending. */
  next_from: string | null;
}

/** Registry call outcomes per hour and latency bucket, summed over every instance. */
export interface RegistryCallsTable {
  registry_key: string;
  hour_at: number;
  bucket: number;
  answered: number;
  failed: number;
}

/** One registry's (or VIES member state's) breaker and availability report, as last written. */
export interface RegistryHealthTable {
  registry_key: string;
  breaker: string;
  open_until: number | null;
  last_failure_at: number | null;
  last_success_at: number | null;
  reported: string | null;
  reported_at: number | null;
  updated_at: number;
}

/** The reserved call times of one per-application rate limit (when no Redis is configured). */
export interface RegistrySlotsTable {
  limit_key: string;
  slots: string;
}

export interface JobsTable {
  id: string;
  kind: string;
  payload: string;
  run_at: number;
  attempts: number;
  locked_by: string | null;
  locked_until: number | null;
  last_error: string | null;
  created_at: number;
}

export interface AsyncBatchesTable {
  id: string;
  account_id: string;
  status: 'pending' | 'completed';
  total: number;
  accepted: number;
  unique_count: number;
  done_count: number;
  positions: string;
  created_at: number;
  completed_at: number | null;
}

export interface AsyncItemsTable {
  id: string;
  account_id: string;
  batch_id: string | null;
  item_index: number;
  input: string;
  vat_number: string;
  requester: string | null;
  use_cache: number;
  status: 'pending' | 'completed' | 'failed';
  attempts: number;
  result: string | null;
  reference: string | null;
  /** The record of the item's answer, once it has one. */
  validation_id: string | null;
  created_at: number;
  completed_at: number | null;
}

/**
 * Where events go: up to ten endpoints per account and key mode, each with its own secret and the
 * event kinds it subscribes to. One with `expires_at` is temporary (`webhooks listen`): from that
 * instant on it is treated as removed, and a sweep deletes its row.
 */
export interface WebhookEndpointsTable {
  /** `we_…` */
  id: string;
  account_id: string;
  mode: KeyMode;
  url: string;
  description: string | null;
  /** JSON array of event kinds, or `["*"]` for every kind. */
  events: string;
  signing_secret: string;
  /** The secret before the latest rotation, signing too until `previous_secret_expires_at`. */
  previous_signing_secret: string | null;
  previous_secret_expires_at: number | null;
  enabled: number;
  expires_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface EventsTable {
  id: string;
  account_id: string;
  mode: KeyMode;
  type: string;
  payload: string;
  created_at: number;
}

export interface DeliveriesTable {
  id: string;
  account_id: string;
  mode: KeyMode;
  event_id: string;
  event_type: string;
  /** The endpoint it is for; null when no endpoint subscribed to the event when it happened. */
  endpoint_id: string | null;
  url: string | null;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  last_status_code: number | null;
  next_attempt_at: number | null;
  failure_reason: string | null;
  request_headers: string | null;
  replay_of: string | null;
  seq: string;
  created_at: number;
  delivered_at: number | null;
}

/**
 * One row per attempt, written before the request is sent and completed after it: an attempt cut
 * short by a crash stays in the log with `finished_at` null.
 */
export interface DeliveryAttemptsTable {
  id: string;
  delivery_id: string;
  at: number;
  finished_at: number | null;
  status_code: number | null;
  duration_ms: number;
  response_body: string | null;
  error: string | null;
}

/** A number re-checked on a schedule, per account and key mode. */
export interface MonitorsTable {
  /** `mon_…` */
  id: string;
  account_id: string;
  mode: KeyMode;
  vat_number: string;
  country_code: string;
  interval: 'daily' | 'weekly' | 'monthly';
  status: 'active' | 'paused';
  reference: string | null;
  requester_vat_number: string | null;
  /** Where in each interval its checks fall (src/monitors/schedule.ts). */
  slot: number;
  /**
   * Creation time and random bits that count up within a millisecond (timeOrderedKey, src/ids.ts):
   * the newest-first sort key of the list.
   */
  seq: string;
  created_at: number;
  last_checked_at: number | null;
  next_check_at: number;
  /** When its check job was queued; null when none is waiting or running. */
  queued_at: number | null;
  /** JSON `{ code, message, at }`, or null. */
  last_error: string | null;
  /** JSON `{ valid, company, source, validation_id }` of the last successful check, or null. */
  last_result: string | null;
  /** `valid` of `last_result` as 0/1 (the list filters on it). */
  last_valid: number | null;
  /** The request id of its latest "check now" (not shown by the API); null before the first. */
  last_check_request_id: string | null;
}

/** A console sign-in; `id` is the SHA-256 of the cookie's token, hex. */
export interface ConsoleSessionsTable {
  id: string;
  account_id: string;
  key_id: string;
  mode: KeyMode;
  csrf_token: string;
  created_at: number;
  last_seen_at: number;
  /** The absolute end; the idle end is `last_seen_at` + the idle time (config). */
  expires_at: number;
}

/** An uploaded bulk file and its counters (`processed` = accepted rows answered). */
export interface BulkFilesTable {
  id: string;
  account_id: string;
  mode: KeyMode;
  /** `receiving`: rows still being written while the upload is read; seen by no reader. */
  status: 'receiving' | 'pending' | 'completed';
  total: number;
  accepted: number;
  rejected: number;
  unique_count: number;
  processed: number;
  succeeded: number;
  failed: number;
  columns: string;
  delimiter: string;
  reference: string | null;
  use_cache: number;
  created_at: number;
  started_at: number | null;
  completed_at: number | null;
}

/** One data line of a bulk file: its input as given and, once answered, its result columns. */
export interface BulkRowsTable {
  bulk_id: string;
  position: number;
  line: number;
  input: string;
  vat_number: string;
  normalised: string | null;
  unit: number | null;
  reference: string | null;
  status: 'rejected' | 'pending' | 'succeeded' | 'failed';
  valid: number | null;
  company_name: string | null;
  company_address: string | null;
  source: string | null;
  source_status: string | null;
  consultation_number: string | null;
  validation_id: string | null;
  error_code: string | null;
  /** JSON: the answer's `data.match`; null without an answer or without trader fields (0013). */
  match: string | null;
}
