// One small interface over the two databases the platform runs on: PGlite
// (PostgreSQL in WASM, the embedded default) and a real PostgreSQL server.
// Repositories speak SQL through it and never see which one is underneath.
import fs from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';

/**
 * A statement PostgreSQL parses and plans once per connection (PGlite: once
 * on its one session, pgliteStatements below), then runs by name: for the fixed statements every call runs (the session read, consent),
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
  /**
   * Runs fn inside BEGIN/COMMIT, rolling back when it throws. A connection
   * lost on the way fails it with the driver's error (isDatabaseUnreachable
   * says so); lost during COMMIT, the server may have committed all the same,
   * so whatever must happen once after a commit is recorded in the transaction
   * and done from that record, never from the answer alone.
   */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Calls handler with the payload of each NOTIFY on the channel; returns the
   * way to stop. Fails when the first LISTEN does; a connection lost later is
   * opened again until it listens, and `events` hears of both.
   */
  listen(
    channel: string,
    handler: (payload: string) => void,
    events?: ListenEvents,
  ): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/**
 * Notices sent while a LISTEN connection is lost never arrive: whoever relies
 * on them learns when that starts and when it ends.
 */
export interface ListenEvents {
  /** The connection is lost: from now until onListening, notices are missed. */
  onLost?(error: Error | undefined): void;
  /** Listening again after a loss. */
  onListening?(): void;
}

/**
 * Waits between attempts to listen again: the first, doubled after each
 * failure up to the last; tried for as long as the listener is not stopped.
 * The last is short because notices are missed until it listens again: a
 * database back from a restart or a failover of tens of seconds is heard
 * within seconds, for the price of one connect attempt every few seconds.
 */
export const LISTEN_RETRY_MS = { first: 1000, max: 5_000 } as const;
/**
 * A LISTEN connection runs no queries, so a peer that vanished without a
 * word (a dropped NAT entry, a proxy) would never show as an error: it is
 * asked something this often, and counted lost when it does not answer in
 * LISTEN_PING_TIMEOUT_MS. What it is asked is its LISTEN again (a no-op
 * once registered), so pg_stat_activity keeps showing what the connection is for.
 */
export const LISTEN_PING_MS = 30_000;
export const LISTEN_PING_TIMEOUT_MS = 10_000;

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
  /** The search for settled batches the chain node lost, one process at a time. */
  lostBlocks: 7_214_301,
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
  const statements = pgliteStatements(db);
  const wrap = (q: Pick<PGlite, 'query' | 'exec'>, inTransaction: boolean): Queryable => ({
    async query<Row>(sql: string | PreparedStatement, params: unknown[] = []) {
      const result =
        typeof sql === 'string'
          ? await q.query<Row>(sql, params)
          : await q.query<Row>(...(await statements.run(sql, params, inTransaction)));
      return result.rows;
    },
    async exec(sql) {
      await q.exec(sql);
    },
  });
  return {
    driver: 'pglite',
    ...wrap(db, false),
    transaction: (fn) => db.transaction((tx) => fn(wrap(tx, true))),
    // In this process: its LISTEN has no connection to lose, so events never fire.
    listen: (channel, handler) => db.listen(channel, handler),
    close: () => db.close(),
  };
}

/**
 * PGlite's prepared statements. Its query() parses and plans every statement
 * anew (PostgreSQL in WASM, on this thread), and its API has no named
 * statements: a statement is PREPAREd once on its one session and run with
 * EXECUTE, its values given as literals (escaped by pg's own escapeLiteral),
 * which costs a fifth of parsing and planning the session read each call
 * (bench/README.md). Values other than text, numbers, booleans and nulls,
 * and a statement's first use inside a transaction (whose PREPARE would wait
 * on that transaction), take the ordinary path.
 */
function pgliteStatements(db: PGlite) {
  const preparing = new Map<string, Promise<void>>();
  const preparedNow = new Set<string>();
  const prepare = (statement: PreparedStatement) => {
    let done = preparing.get(statement.name);
    if (!done) {
      done = db
        .exec(`PREPARE ${pg.escapeIdentifier(statement.name)} AS ${statement.text}`)
        .then(() => void preparedNow.add(statement.name));
      preparing.set(statement.name, done);
    }
    return done;
  };
  return {
    async run(
      statement: PreparedStatement,
      params: unknown[],
      inTransaction: boolean,
    ): Promise<[string, unknown[]?]> {
      const literals = params.map(literalOf);
      // Inside a transaction, a PREPARE would wait for that very transaction to end.
      const usable = inTransaction ? preparedNow.has(statement.name) : true;
      if (!usable || literals.some((literal) => literal === undefined)) {
        return [statement.text, params];
      }
      await prepare(statement);
      const values = literals.length > 0 ? `(${literals.join(', ')})` : '';
      return [`EXECUTE ${pg.escapeIdentifier(statement.name)}${values}`];
    },
  };
}

/** A value as an SQL literal for EXECUTE, or undefined for one to bind instead. */
function literalOf(value: unknown): string | undefined {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'string') return pg.escapeLiteral(value);
  if (typeof value === 'number' && Number.isFinite(value)) return pg.escapeLiteral(String(value));
  if (typeof value === 'bigint' || typeof value === 'boolean') {
    return pg.escapeLiteral(String(value));
  }
  return undefined;
}

/**
 * How long a statement waits for a connection, new or from a full pool,
 * before it fails as the database being unavailable: a host that went away
 * without a word would otherwise hold a request for the system's TCP timeout.
 */
export const POOL_CONNECT_TIMEOUT_MS = 10_000;

async function openPostgres(target: { url: string }): Promise<Database> {
  // A URL may carry ?options=-c search_path=... (tests keep a schema per run).
  const pool = new pg.Pool({
    connectionString: target.url,
    max: 20,
    connectionTimeoutMillis: POOL_CONNECT_TIMEOUT_MS,
    keepAlive: true,
  });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it on next use.
  });
  // pg-pool listens for errors on idle clients only. A client a transaction
  // holds (the relay across a chain call, a consent submit) whose connection
  // drops emits 'error' with no listener, and Node ends the whole process on
  // that. Each client is heard for its whole life instead: the loss is
  // remembered, the statement using the connection fails with it, and the
  // transaction hands the client back as broken.
  const connectionLost = new WeakMap<pg.ClientBase, Error>();
  pool.on('connect', (client) => {
    client.on('error', (error) => {
      if (!connectionLost.has(client)) connectionLost.set(client, error);
    });
  });
  // Fail at start, with the server's own words, rather than at the first request.
  const probe = await pool.connect();
  probe.release();
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
      let rollbackFailure: Error | undefined;
      try {
        await client.query('BEGIN');
        const result = await fn(wrap(client));
        // Lost during COMMIT, this throws though the server may have
        // committed (see the interface): the relay's signed batches are on
        // record before their bytes leave, and settle sends recorded bytes again.
        await client.query('COMMIT');
        return result;
      } catch (error) {
        // A lost connection's transaction was rolled back by the server when
        // the session ended; only a live one needs telling.
        if (!connectionLost.has(client)) {
          await client.query('ROLLBACK').catch((failure: Error) => {
            rollbackFailure = failure;
          });
        }
        throw error;
      } finally {
        // A client whose connection broke, or that may still be inside the
        // transaction, is destroyed rather than handed to the next caller.
        client.release(connectionLost.get(client) ?? rollbackFailure);
      }
    },
    listen: (channel, handler, events) => listenPostgres(target, channel, handler, events),
    close: () => pool.end(),
  };
}

/**
 * LISTEN needs a connection of its own that stays open. When it ends or
 * errs (a restarted server, pg_terminate_backend, a network cut), it is
 * opened again with backoff until it listens or the listener stops: a feed
 * that gave up after one failed try would stay deaf until a restart.
 */
async function listenPostgres(
  target: { url: string },
  channel: string,
  handler: (payload: string) => void,
  events: ListenEvents = {},
): Promise<() => Promise<void>> {
  let client: pg.Client | undefined;
  let stopped = false;
  let delay: number = LISTEN_RETRY_MS.first;
  let retry: NodeJS.Timeout | undefined;
  let attempt: Promise<void> | undefined;

  const open = async (): Promise<pg.Client> => {
    const next = new pg.Client({ connectionString: target.url, keepAlive: true });
    let gone = false;
    let ping: NodeJS.Timeout | undefined = undefined;
    const lose = (error?: Error) => {
      if (gone) return;
      gone = true;
      clearInterval(ping);
      next.end().catch(() => undefined);
      // A connection still being set up is the attempt's to report (it fails).
      if (client !== next) return;
      client = undefined;
      if (stopped) return;
      events.onLost?.(error);
      scheduleRetry();
    };
    next.on('notification', (message) => {
      if (message.channel === channel) handler(message.payload ?? '');
    });
    next.on('error', lose);
    next.on('end', () => lose());
    const listenStatement = `LISTEN ${pg.escapeIdentifier(channel)}`;
    try {
      await next.connect();
      await next.query(listenStatement);
    } catch (error) {
      lose();
      throw error;
    }
    if (gone) throw new Error(`the connection listening on ${channel} ended as it started`);
    ping = setInterval(() => {
      const timeout = setTimeout(
        () => lose(new Error(`no answer on the ${channel} connection`)),
        LISTEN_PING_TIMEOUT_MS,
      );
      timeout.unref();
      next.query(listenStatement).then(
        () => clearTimeout(timeout),
        (error: Error) => {
          clearTimeout(timeout);
          lose(error);
        },
      );
    }, LISTEN_PING_MS);
    ping.unref();
    return next;
  };

  const scheduleRetry = () => {
    retry = setTimeout(() => {
      retry = undefined;
      attempt = open().then(
        (next) => {
          attempt = undefined;
          if (stopped) {
            void next.end().catch(() => undefined);
            return;
          }
          client = next;
          delay = LISTEN_RETRY_MS.first;
          events.onListening?.();
        },
        () => {
          attempt = undefined;
          if (!stopped) scheduleRetry();
        },
      );
    }, delay);
    delay = Math.min(delay * 2, LISTEN_RETRY_MS.max);
  };

  client = await open();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await attempt;
    await client?.end().catch(() => undefined);
  };
}
