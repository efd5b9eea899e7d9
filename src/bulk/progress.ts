import { type Static, Type } from '@sinclair/typebox';
import { decodeCursor, pageOf } from '../cursors.js';
import type { BulkFile, BulkOwner, BulkStore } from '../store/bulk.js';
import { IsoTime } from '../validation/answer.js';
import { bulkCompleted, type NewEvent } from '../webhooks/events.js';

/** How a bulk file is shown: its progress, in `GET /v1/bulk/{id}` and the list. */

export const BulkProgress = Type.Object(
  {
    bulk_id: Type.String({ pattern: '^blk_[0-9a-f]{32}$' }),
    status: Type.Union([Type.Literal('pending'), Type.Literal('processing'), Type.Literal('completed')], {
      description: '`pending` until the first row is answered, `completed` once every accepted row is',
    }),
    total: Type.Integer({ description: 'Data rows in the file' }),
    accepted: Type.Integer({ description: 'Rows with a well-formed number, duplicates included' }),
    rejected: Type.Integer({
      description: 'Rows refused at acceptance; their `error_code` is in the results',
    }),
    processed: Type.Integer({ description: 'Accepted rows answered so far (succeeded + failed)' }),
    succeeded: Type.Integer(),
    failed: Type.Integer({ description: 'Accepted rows without an answer: the registry stayed unavailable' }),
    created_at: IsoTime,
    completed_at: Type.Union([IsoTime, Type.Null()]),
    eta_seconds: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], {
      description:
        'Seconds until completion at the pace so far; null before the first answer, 0 once completed',
    }),
    results_url: Type.String({ description: 'The results CSV (rows answered so far while processing)' }),
  },
  { $id: 'BulkProgress' },
);
export type BulkProgressView = Static<typeof BulkProgress>;

export function resultsUrl(publicUrl: string, id: string): string {
  return `${publicUrl}/v1/bulk/${id}/results`;
}

export function progressOf(file: BulkFile, now: number, publicUrl: string): BulkProgressView {
  const completed = file.status === 'completed';
  return {
    bulk_id: file.id,
    status: completed ? 'completed' : file.processed > 0 ? 'processing' : 'pending',
    total: file.total,
    accepted: file.accepted,
    rejected: file.rejected,
    processed: file.processed,
    succeeded: file.succeeded,
    failed: file.failed,
    created_at: new Date(file.created_at).toISOString(),
    completed_at: file.completed_at === null ? null : new Date(file.completed_at).toISOString(),
    eta_seconds: completed ? 0 : etaSeconds(file, now),
    results_url: resultsUrl(publicUrl, file.id),
  };
}

/** The rows left at the pace since acceptance; unknown before the first answer. */
function etaSeconds(file: BulkFile, now: number): number | null {
  if (file.processed === 0) return null;
  const elapsedMs = Math.max(1, now - file.created_at);
  const left = file.accepted - file.processed;
  return Math.ceil((left * elapsedMs) / file.processed / 1000);
}

export function bulkCompletedEvent(file: BulkFile, publicUrl: string): NewEvent {
  return bulkCompleted({
    bulk_id: file.id,
    total: file.total,
    accepted: file.accepted,
    rejected: file.rejected,
    succeeded: file.succeeded,
    failed: file.failed,
    results_url: resultsUrl(publicUrl, file.id),
  });
}

/** GET /v1/bulk: the owner's files, newest first, `limit` at a time after `cursor`. */
export async function pageOfFiles(
  bulk: BulkStore,
  owner: BulkOwner,
  query: { limit: number; cursor?: string },
  shown: { now: number; publicUrl: string },
) {
  // A cursor pages on only the list, account and key mode it was made for.
  const scope = { list: 'bulk', accountId: owner.accountId, mode: owner.mode };
  const before =
    query.cursor === undefined ? undefined : decodeCursor(query.cursor, scope, /^blk_[0-9a-f]{32}$/);
  const rows = await bulk.listFiles(owner, { limit: query.limit, before });
  const { rows: files, ...more } = pageOf(rows, query.limit, scope, (file) => file.id);
  return { data: files.map((file) => progressOf(file, shown.now, shown.publicUrl)), ...more };
}
