import type { Executor } from './database.js';
import type { EvidenceTable } from './tables.js';

/** Registry exchanges kept as evidence, each shared by every record whose answer rests on it. */

export type EvidenceRow = EvidenceTable;

export interface EvidenceStore {
  insert(row: EvidenceRow): Promise<void>;
  get(id: string): Promise<EvidenceRow | undefined>;
}

export class KyselyEvidenceStore implements EvidenceStore {
  constructor(private readonly db: Executor) {}

  async insert(row: EvidenceRow): Promise<void> {
    await this.db.insertInto('evidence').values(row).execute();
  }

  get(id: string): Promise<EvidenceRow | undefined> {
    return this.db.selectFrom('evidence').selectAll().where('id', '=', id).executeTakeFirst();
  }
}
