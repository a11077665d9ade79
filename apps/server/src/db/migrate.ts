// Applies the SQL files of ./migrations in name order, each once, recorded in
// schema_migrations. The same files run on PGlite and PostgreSQL.
import fs from 'node:fs/promises';
import path from 'node:path';
import { holdAdvisoryLock, type Database } from './database.ts';

const MIGRATIONS_DIR = path.join(import.meta.dirname, 'migrations');

export async function listMigrations(dir = MIGRATIONS_DIR) {
  const files = (await fs.readdir(dir)).filter((f) => /^\d{4}_[a-z0-9_]+\.sql$/.test(f)).sort();
  return Promise.all(
    files.map(async (name) => ({ name, sql: await fs.readFile(path.join(dir, name), 'utf8') })),
  );
}

/** Returns the names of the migrations applied by this call. */
export async function migrate(db: Database, dir = MIGRATIONS_DIR): Promise<string[]> {
  const migrations = await listMigrations(dir);
  return db.transaction(async (tx) => {
    await holdAdvisoryLock(tx, 'migration');
    await tx.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      name text PRIMARY KEY,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const done = new Set(
      (await tx.query<{ name: string }>('SELECT name FROM schema_migrations')).map((r) => r.name),
    );
    const applied: string[] = [];
    for (const migration of migrations) {
      if (done.has(migration.name)) continue;
      try {
        await tx.exec(migration.sql);
      } catch (error) {
        throw new Error(`Migration ${migration.name} failed: ${(error as Error).message}`, {
          cause: error,
        });
      }
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [migration.name]);
      applied.push(migration.name);
    }
    return applied;
  });
}
