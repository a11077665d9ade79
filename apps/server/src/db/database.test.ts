import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, prepared, type Database } from './database.ts';

describe('prepared statements', () => {
  let db: Database;
  beforeAll(async () => {
    // Named on PostgreSQL, PREPARE and EXECUTE on PGlite; the statements read
    // no table, so no schema is needed.
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

  it('gives every value as it was: quotes, backslashes, nulls, numbers, booleans, JSON text', async () => {
    const echo = prepared(
      'database-test-echo',
      `SELECT $1::text AS text, $2::text AS missing, $3::numeric AS amount, $4::boolean AS flag,
              $5::jsonb AS action, $6::bigint::text AS big`,
    );
    const values = [
      `O'Brien \\ "quoted" $1 -- not a comment; DROP TABLE x`,
      null,
      1.5,
      true,
      JSON.stringify({ to: "it's", amount: '10' }),
      2n ** 62n,
    ];
    const expected = [
      {
        text: values[0],
        missing: null,
        amount: '1.5',
        flag: true,
        action: { to: "it's", amount: '10' },
        big: String(2n ** 62n),
      },
    ];
    expect(await db.query(echo, values)).toEqual(expected);
    expect(await db.query(echo, values)).toEqual(await db.query(echo.text, values));
  });

  it('runs inside a transaction, before its first use outside one and after it', async () => {
    const inTx = prepared('database-test-in-transaction', 'SELECT $1::int + 1 AS n');
    const fresh = await db.transaction((tx) => tx.query<{ n: number }>(inTx, [1]));
    expect(fresh).toEqual([{ n: 2 }]);
    expect(await db.query<{ n: number }>(inTx, [2])).toEqual([{ n: 3 }]);
    const again = await db.transaction((tx) => tx.query<{ n: number }>(inTx, [3]));
    expect(again).toEqual([{ n: 4 }]);
  });

  it('takes values it cannot write as text (bytes) all the same', async () => {
    const length = prepared('database-test-bytes', 'SELECT length($1::bytea) AS n');
    expect(await db.query<{ n: number }>(length, [new Uint8Array([1, 2, 3])])).toEqual([{ n: 3 }]);
  });

  it.skipIf(!!process.env.DATABASE_URL)(
    'on PGlite, is parsed once: PREPAREd on its session and run by EXECUTE',
    async () => {
      const once = prepared('database-test-prepared-once', 'SELECT $1::text AS s');
      await db.query(once, ['a']);
      await db.query(once, ['b']);
      const statements = await db.query<{ name: string; statement: string }>(
        'SELECT name, statement FROM pg_prepared_statements WHERE name = $1',
        ['database-test-prepared-once'],
      );
      expect(statements).toEqual([
        {
          name: 'database-test-prepared-once',
          statement: `PREPARE "database-test-prepared-once" AS ${once.text}`,
        },
      ]);
    },
  );
});
