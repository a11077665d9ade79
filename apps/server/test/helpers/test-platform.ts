// Boots the real platform for API tests: PGlite in a temporary data directory,
// or, when DATABASE_URL is set, a fresh schema on that PostgreSQL; a throwaway
// Anvil; the real HTTP server on a free port.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadConfig, type Env } from '../../src/config.ts';
import { startPlatform, type Platform } from '../../src/platform.ts';

export interface TestPlatform extends Platform {
  url: string;
  dataDir: string;
  webDistDir: string;
  /** fetch against the platform's base URL. */
  request(pathname: string, init?: RequestInit): Promise<Response>;
}

export const WEB_APP_MARKER = 'test-web-app-index';

/**
 * The key-encryption key of test platforms started in MODE=api or worker,
 * which must be given one (every process of a split deployment shares it).
 */
export const TEST_CUSTODY_KEK = 'd'.repeat(64);

export async function startTestPlatform(
  env: Partial<Record<keyof Env, string>> = {},
  options: { dataDir?: string; schema?: string } = {},
): Promise<TestPlatform> {
  const dataDir = options.dataDir ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'gets-test-')));
  const webDistDir = path.join(dataDir, 'web-dist');
  await fs.mkdir(webDistDir, { recursive: true });
  await fs.writeFile(
    path.join(webDistDir, 'index.html'),
    `<!doctype html><html><body><div id="root">${WEB_APP_MARKER}</div></body></html>`,
  );

  const databaseUrl = process.env.DATABASE_URL;
  const schema = databaseUrl
    ? (options.schema ?? `test_${randomBytes(6).toString('hex')}`)
    : undefined;
  if (databaseUrl && schema) await createSchema(databaseUrl, schema);

  const config = loadConfig({
    DATA_DIR: dataDir,
    PORT: '0',
    ANVIL_PORT: '0',
    LOG_LEVEL: 'silent',
    WORKER_HEARTBEAT_INTERVAL_MS: '200',
    WEB_DIST_DIR: webDistDir,
    DATABASE_URL: databaseUrl && schema ? withSchema(databaseUrl, schema) : undefined,
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
    request: (pathname, init) => fetch(new URL(pathname, url), init),
    async stop() {
      await platform.stop();
      if (!options.dataDir) await fs.rm(dataDir, { recursive: true, force: true });
      if (databaseUrl && schema && !options.schema) await dropSchema(databaseUrl, schema);
    },
  };
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
