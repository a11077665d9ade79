import type { Queryable } from '../../db/database.ts';

export async function findSetting(db: Queryable, key: string): Promise<string | null> {
  const rows = await db.query<{ value: string }>(
    'SELECT value FROM platform_settings WHERE key = $1',
    [key],
  );
  return rows[0]?.value ?? null;
}

/** Stores the value unless the key exists; answers the value in force. */
export async function insertSettingOnce(db: Queryable, key: string, value: string) {
  await db.query(
    'INSERT INTO platform_settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING',
    [key, value],
  );
  return (await findSetting(db, key))!;
}

/** Replaces the value only if it is still `expected`; answers whether it did. */
export async function replaceSettingIf(
  db: Queryable,
  key: string,
  expected: string,
  value: string,
): Promise<boolean> {
  const rows = await db.query(
    'UPDATE platform_settings SET value = $3 WHERE key = $1 AND value = $2 RETURNING key',
    [key, expected, value],
  );
  return rows.length > 0;
}
