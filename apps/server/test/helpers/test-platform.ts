// Boots the real platform for API tests: PGlite in a temporary data directory,
// or, when DATABASE_URL is set, a fresh schema on that PostgreSQL; a throwaway
// Anvil; the real HTTP server on a free port.
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadConfig, type Env } from '../../src/config.ts';
import { openDatabase } from '../../src/db/database.ts';
import { listMigrations, migrate } from '../../src/db/migrate.ts';
import { startPlatform, type Platform } from '../../src/platform.ts';
import { confirmingWithPasskeys } from './admin-factor.ts';

export interface TestPlatform extends Platform {
  url: string;
  dataDir: string;
  webDistDir: string;
  /** fetch against the platform's base URL. */
  request(pathname: string, init?: RequestInit): Promise<Response>;
}

/** Throwaway data lives in memory where the machine has a tmpfs: copying a database there is cheap. */
const scratchDir = existsSync('/dev/shm') ? '/dev/shm' : os.tmpdir();

/** A new directory for a test's throwaway data (a platform's DATA_DIR). */
export function makeScratchDir(prefix: string): Promise<string> {
  return fs.mkdtemp(path.join(scratchDir, prefix));
}

export const WEB_APP_MARKER = 'test-web-app-index';

/**
 * The key-encryption key of test platforms started in MODE=api or worker,
 * which must be given one (every process of a split deployment shares it).
 */
export const TEST_CUSTODY_KEK = 'd'.repeat(64);

/**
 * `databaseUrl`: a PostgreSQL database of the test's own (a private server it
 * started), used as it is, in place of DATABASE_URL and a schema on it.
 */
export async function startTestPlatform(
  env: Partial<Record<keyof Env, string>> = {},
  options: { dataDir?: string; schema?: string; databaseUrl?: string } = {},
): Promise<TestPlatform> {
  const dataDir = options.dataDir ?? (await makeScratchDir('gets-test-'));
  const webDistDir = path.join(dataDir, 'web-dist');
  await fs.mkdir(webDistDir, { recursive: true });
  await fs.writeFile(
    path.join(webDistDir, 'index.html'),
    `<!doctype html><html><body><div id="root">${WEB_APP_MARKER}</div></body></html>`,
  );

  const databaseUrl = options.databaseUrl ?? process.env.DATABASE_URL;
  const schema =
    databaseUrl && !options.databaseUrl
      ? (options.schema ?? `test_${randomBytes(6).toString('hex')}`)
      : undefined;
  if (databaseUrl && schema) await createSchema(databaseUrl, schema);
  if (!databaseUrl) await seedPgliteDataDir(path.join(dataDir, 'pglite'));

  const config = loadConfig({
    DATA_DIR: dataDir,
    PORT: '0',
    ANVIL_PORT: '0',
    LOG_LEVEL: 'silent',
    WORKER_HEARTBEAT_INTERVAL_MS: '200',
    WEB_DIST_DIR: webDistDir,
    DATABASE_URL: databaseUrl && schema ? withSchema(databaseUrl, schema) : databaseUrl,
    ...(env.MODE === 'api' || env.MODE === 'worker' ? { CUSTODY_KEK: TEST_CUSTODY_KEK } : {}),
    ...env,
  });
  let platform: Platform;
  try {
    platform = await startPlatform(config);
  } catch (error) {
    // A start that is meant to fail (bad configuration) leaves nothing behind.
    if (!options.dataDir) await fs.rm(dataDir, { recursive: true, force: true });
    if (databaseUrl && schema && !options.schema) await dropSchema(databaseUrl, schema);
    throw error;
  }
  if (!platform.url) throw new Error('the test platform serves no HTTP (MODE=worker?)');
  const url = platform.url;
  return {
    ...platform,
    url,
    dataDir,
    webDistDir,
    // The tests' admins confirm with their passkeys, as their browsers would (admin-factor.ts).
    request: confirmingWithPasskeys((pathname, init) => fetch(new URL(pathname, url), init), url),
    async stop() {
      await platform.stop();
      if (!options.dataDir) await fs.rm(dataDir, { recursive: true, force: true });
      if (databaseUrl && schema && !options.schema) await dropSchema(databaseUrl, schema);
    },
  };
}

/**
 * A new PGlite database spends seconds in initdb, a copy of a migrated one a
 * fraction of that. The template is kept in the scratch directory under a key
 * of the migrations and the PGlite build, so runs share it until either changes.
 */
let pgliteTemplate: Promise<string> | undefined;

async function seedPgliteDataDir(target: string) {
  if (existsSync(target)) return;
  pgliteTemplate ??= preparePgliteTemplate();
  await fs.cp(await pgliteTemplate, target, { recursive: true });
}

async function preparePgliteTemplate(): Promise<string> {
  const hash = createHash('sha256');
  hash.update(await fs.readFile(createRequire(import.meta.url).resolve('@electric-sql/pglite')));
  for (const { name, sql } of await listMigrations()) hash.update(name).update(sql);
  const prefix = 'gets-pglite-template-';
  const template = path.join(scratchDir, prefix + hash.digest('hex').slice(0, 16));
  if (existsSync(template)) return template;

  // Built aside and renamed into place, so no process copies a half-made one.
  const building = await fs.mkdtemp(path.join(scratchDir, 'gets-pglite-building-'));
  const db = await openDatabase({ kind: 'pglite', dataDir: building });
  await migrate(db);
  await db.close();
  await fs.rename(building, template).catch(async (error: unknown) => {
    await fs.rm(building, { recursive: true, force: true });
    // Only another test process putting the same template in place first is fine.
    if (!existsSync(template)) throw error;
  });
  // Templates made for other migrations go once they are a day old (another
  // process may be removing the same ones: what is gone is gone).
  for (const name of await fs.readdir(scratchDir)) {
    const dir = path.join(scratchDir, name);
    if (!name.startsWith(prefix) || dir === template) continue;
    const stat = await fs.stat(dir).catch(() => undefined);
    if (stat && Date.now() - stat.mtimeMs > 86_400_000)
      await fs.rm(dir, { recursive: true, force: true });
  }
  return template;
}

/** The same database, with every connection's search_path set to one schema. */
export function withSchema(databaseUrl: string, schema: string): string {
  const url = new URL(databaseUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return url.toString();
}

export async function createSchema(databaseUrl: string, schema: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
  await client.end();
}

export async function dropSchema(databaseUrl: string, schema: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await client.end();
}
