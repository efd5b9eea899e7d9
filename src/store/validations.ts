import type { Kysely } from 'kysely';
import type { Tables, ValidationCacheTable, ValidationsTable } from './tables.js';

export type CachedAnswer = ValidationCacheTable;

/** Stores the latest registry answer for a number (one row per number, newest wins). */
export async function writeCachedAnswer(db: Kysely<Tables>, answer: CachedAnswer): Promise<void> {
  await db
    .insertInto('validation_cache')
    .values(answer)
    .onConflict((oc) =>
      oc.column('vat_number').doUpdateSet({
        valid: answer.valid,
        company_name: answer.company_name,
        company_address: answer.company_address,
        source: answer.source,
        fetched_at: answer.fetched_at,
      }),
    )
    .execute();
}

export type ValidationRecord = ValidationsTable;

export async function recordValidations(db: Kysely<Tables>, records: ValidationRecord[]): Promise<void> {
  if (records.length === 0) return;
  await db.insertInto('validations').values(records).execute();
}
