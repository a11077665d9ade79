import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, prepared, type Database } from './database.ts';

describe('prepared statements', () => {
  let db: Database;
  beforeAll(async () => {
    // The named path is PostgreSQL's; the statement below reads no table, so no schema is needed.
    db = await openDatabase(
      process.env.DATABASE_URL
        ? { kind: 'postgres', url: process.env.DATABASE_URL }
        : { kind: 'pglite', dataDir: undefined },
    );
  });
  afterAll(async () => {
    await db?.close();
  });

  it('refuses a second statement under a name already declared, as a connection caches by name', () => {
    prepared('database-test-once', 'SELECT 1');
    expect(() => prepared('database-test-once', 'SELECT 2')).toThrow(/declared twice/);
  });

  it('answers the same rows as its text would, run again and again', async () => {
    const doubled = prepared('database-test-doubled', 'SELECT $1::int * 2 AS n');
    for (const n of [1, 2, 3]) {
      expect(await db.query(doubled, [n])).toEqual(await db.query(doubled.text, [n]));
      expect(await db.query<{ n: number }>(doubled, [n])).toEqual([{ n: n * 2 }]);
    }
  });
});
