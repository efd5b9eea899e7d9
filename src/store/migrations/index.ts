import type { Migration } from 'kysely';
import * as core from './0001-core.js';
import * as jobs from './0002-jobs-webhooks.js';
import * as webhookModes from './0003-webhook-modes.js';
import * as records from './0004-records-evidence-ledger.js';
import * as keyNames from './0005-key-names.js';
import * as availability from './0006-availability.js';
import * as recordReads from './0008-record-reads.js';
import * as monitors from './0009-monitors.js';
import * as bulk from './0010-bulk.js';
import * as consoleSessions from './0012-console-sessions.js';
import * as bulkMatch from './0013-bulk-match.js';
import * as rates from './0014-rates.js';
import * as webhookEndpoints from './0015-webhook-endpoints.js';
import * as evidenceHashes from './0016-evidence-hashes.js';
import * as decisions from './0017-decisions.js';
import * as monitorCheckRequest from './0018-monitor-check-request.js';
import * as rateChangesOncePerSync from './0019-rate-changes-once-per-sync.js';
import * as webhookSecretOverlap from './0020-webhook-secret-overlap.js';

/** Every migration by name; Kysely applies them in the order of their names. */
export const MIGRATIONS: Record<string, Migration> = {
  '0001-core': core,
  '0002-jobs-webhooks': jobs,
  '0003-webhook-modes': webhookModes,
  '0004-records-evidence-ledger': records,
  '0005-key-names': keyNames,
  '0006-availability': availability,
  '0008-record-reads': recordReads,
  '0009-monitors': monitors,
  '0012-console-sessions': consoleSessions,
  '0010-bulk': bulk,
  '0013-bulk-match': bulkMatch,
  '0014-rates': rates,
  '0015-webhook-endpoints': webhookEndpoints,
  '0016-evidence-hashes': evidenceHashes,
  '0017-decisions': decisions,
  '0018-monitor-check-request': monitorCheckRequest,
  '0019-rate-changes-once-per-sync': rateChangesOncePerSync,
  '0020-webhook-secret-overlap': webhookSecretOverlap,
};
