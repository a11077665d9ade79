import type { Config } from '../config.ts';
import { openDatabase, type Database } from './database.ts';

/** Opens the configured database, naming the variable to fix when it cannot. */
export function openConfiguredDatabase(
  config: Config,
  postgresSearchPath?: string,
): Promise<Database> {
  const target =
    config.database.kind === 'pglite'
      ? ({ kind: 'pglite', dataDir: config.database.dataDir } as const)
      : ({ kind: 'postgres', url: config.database.url, searchPath: postgresSearchPath } as const);
  return openDatabase(target).catch((error: unknown) => {
    const variable = config.database.kind === 'postgres' ? 'DATABASE_URL' : 'DATA_DIR';
    throw new Error(`${variable}: cannot open the database: ${(error as Error).message}`, {
      cause: error,
    });
  });
}
