import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../helpers/dialects.js';

/**
 * SQLite's page cache is held to a bound of its own (src/store/database.ts), not the driver's
 * build default: a database that grows with every record must not grow the process with it.
 */
describe('the page cache [sqlite]', () => {
  let test: TestDatabase;

  beforeAll(async () => {
    test = await createTestDatabase({ name: 'sqlite' });
  });
  afterAll(() => test.drop());

  it('is bounded below the driver default of 16,000 KiB', () => {
    const [row] = test.database.sqlite!.rows<{ cache_size: number }>('pragma cache_size', []);
    expect(row.cache_size).toBeLessThan(0);
    expect(-row.cache_size).toBeLessThan(16_000);
  });
});
