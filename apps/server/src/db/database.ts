// One small interface over the two databases the platform runs on: PGlite
// (PostgreSQL in WASM, the embedded default) and a real PostgreSQL server.
// Repositories speak SQL through it and never see which one is underneath.
import fs from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';

/**
 * A statement PostgreSQL parses and plans once per connection, then runs by
 * name: for the fixed statements every call runs (the session read, consent),
 * where parsing and planning cost the server more than running them. Only for
 * lookups by key, whose plan does not depend on the values given: a prepared
 * statement may be run with a plan made without them.
 */
export interface PreparedStatement {
  readonly name: string;
  readonly text: string;
}

const preparedNames = new Set<string>();

/** Declares a prepared statement; each name once in the process (a connection caches by name). */
export function prepared(name: string, text: string): PreparedStatement {
  if (preparedNames.has(name)) throw new Error(`prepared statement ${name} is declared twice`);
  preparedNames.add(name);
  return { name, text };
}

/** The SQL of a statement, prepared or not. */
export const statementText = (sql: string | PreparedStatement): string =>
  typeof sql === 'string' ? sql : sql.text;

export interface Queryable {
  query<Row = Record<string, unknown>>(
    sql: string | PreparedStatement,
    params?: unknown[],
  ): Promise<Row[]>;
  /** Runs several statements at once (no parameters); used by migrations. */
  exec(sql: string): Promise<void>;
}

export interface Database extends Queryable {
  readonly driver: 'pglite' | 'postgres';
  /** Runs fn inside BEGIN/COMMIT, rolling back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Calls handler with the payload of each NOTIFY on the channel; returns the way to stop. */
  listen(channel: string, handler: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/**
 * Every transaction-scoped advisory lock the platform takes, in one table so
 * no two uses share a key. Each serialises one change across the processes
 * that share a database.
 */
export const ADVISORY_LOCKS = {
  /** Migrations, when several processes start together. */
  migration: 7_214_001,
  /** The contracts' deployment on a first start. */
  deployment: 7_214_002,
  /** The creation of the credential issuer key. */
  issuerKey: 7_214_050,
  /** The first admin's creation on a first start. */
  firstAdmin: 7_214_101,
  /** The creation of the system wallet. */
  systemWallet: 7_214_102,
  /**
   * The deployer's grants of ADMIN_ROLE at start: processes starting together
   * would otherwise send them with the same nonce, and all but one fail.
   */
  adminRoleGrants: 7_214_103,
  /** Admins' role changes, so two admins cannot remove each other at once. */
  adminRoles: 7_214_201,
} as const;

/** Waits for the lock and holds it until the transaction ends. */
export async function holdAdvisoryLock(
  tx: Queryable,
  lock: keyof typeof ADVISORY_LOCKS,
): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock($1)', [ADVISORY_LOCKS[lock]]);
}

export type DatabaseTarget =
  { kind: 'pglite'; dataDir: string | undefined } | { kind: 'postgres'; url: string };

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  return target.kind === 'pglite' ? openPglite(target.dataDir) : openPostgres(target);
}

async function openPglite(dataDir: string | undefined): Promise<Database> {
  if (dataDir) await fs.mkdir(dataDir, { recursive: true });
  // Without a data directory PGlite lives in memory (used by tests). pg_trgm
  // backs the badge name search (migration 0030).
  const extensions = { pg_trgm };
  const db = await PGlite.create(dataDir ? { dataDir, extensions } : { extensions });
  const wrap = (q: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
    async query<Row>(sql: string | PreparedStatement, params?: unknown[]) {
      // PGlite runs in this process: there is no round trip or server-side parse to save.
      const result = await q.query<Row>(statementText(sql), params);
      return result.rows;
    },
    async exec(sql) {
      await q.exec(sql);
    },
  });
  return {
    driver: 'pglite',
    ...wrap(db),
    transaction: (fn) => db.transaction((tx) => fn(wrap(tx))),
    listen: (channel, handler) => db.listen(channel, handler),
    close: () => db.close(),
  };
}

async function openPostgres(target: { url: string }): Promise<Database> {
  // A URL may carry ?options=-c search_path=... (tests keep a schema per run).
  const pool = new pg.Pool({ connectionString: target.url, max: 20 });
  // Fail at start, with the server's own words, rather than at the first request.
  const probe = await pool.connect();
  probe.release();
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it on next use.
  });
  const wrap = (q: pg.Pool | pg.PoolClient): Queryable => ({
    async query<Row>(sql: string | PreparedStatement, params?: unknown[]) {
      const result =
        typeof sql === 'string'
          ? await q.query(sql, params)
          : await q.query({ name: sql.name, text: sql.text, values: params });
      return result.rows as Row[];
    },
    async exec(sql) {
      await q.query(sql);
    },
  });
  return {
    driver: 'postgres',
    ...wrap(pool),
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(wrap(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    listen: (channel, handler) => listenPostgres(target, channel, handler),
    close: () => pool.end(),
  };
}

/**
 * LISTEN needs a connection of its own that stays open; it reconnects after
 * a lost connection (notifications sent meanwhile are missed, which is why
 * clients also poll).
 */
async function listenPostgres(
  target: { url: string },
  channel: string,
  handler: (payload: string) => void,
): Promise<() => Promise<void>> {
  let client: pg.Client | undefined;
  let stopped = false;
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: target.url });
    next.on('notification', (message) => {
      if (message.channel === channel) handler(message.payload ?? '');
    });
    next.on('error', () => {
      next.end().catch(() => undefined);
      if (!stopped) setTimeout(() => void connect().catch(() => undefined), 1000);
    });
    await next.connect();
    await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    client = next;
  };
  await connect();
  return async () => {
    stopped = true;
    await client?.end().catch(() => undefined);
  };
}
