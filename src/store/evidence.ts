import { Sql, type SqlRunner } from './sql.js';
import type { EvidenceTable } from './tables.js';

/** Registry exchanges kept as evidence, each shared by every record whose answer rests on it. */

export type EvidenceRow = EvidenceTable;

export interface EvidenceStore {
  insert(row: EvidenceRow): Promise<void>;
  get(id: string): Promise<EvidenceRow | undefined>;
}

export const EVIDENCE_COLUMNS = [
  'id',
  'registry',
  'url',
  'method',
  'requested_at',
  'duration_ms',
  'request',
  'response_status',
  'response_content_type',
  'response_body',
  'response_encoding',
  'truncated',
  'response_sha256',
  'request_sha256',
  'kept_sha256',
  'account_id',
  'requester_vat_number',
  'consultation_number',
  'created_at',
] as const satisfies ReadonlyArray<keyof EvidenceRow>;

const INSERT = new Sql(
  `insert into evidence (${EVIDENCE_COLUMNS.join(', ')}) values (${EVIDENCE_COLUMNS.map(() => '?').join(', ')})`,
  { prepare: true },
);
const GET = new Sql('select * from evidence where id = ?');

/**
 * Hand-written SQL, as the other stores on the validation path (sql.ts): every registry answer
 * keeps its exchange, and the query builder redid the same work for each one.
 */
export class SqlEvidenceStore implements EvidenceStore {
  constructor(private readonly sql: SqlRunner) {}

  async insert(row: EvidenceRow): Promise<void> {
    await this.sql.write(
      INSERT,
      EVIDENCE_COLUMNS.map((column) => row[column]),
    );
  }

  async get(id: string): Promise<EvidenceRow | undefined> {
    return (await this.sql.read<EvidenceRow>(GET, [id]))[0];
  }
}
