// A connection that PostgreSQL ends while a transaction holds it (the relay
// signing across a chain call, a consent submit) fails that transaction and
// nothing else: before, pg emitted 'error' on the checked-out client with no
// listener, and Node ended the whole process.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { isDatabaseUnreachable } from './database-unreachable.ts';
import { openDatabase, type Database } from './database.ts';

const databaseUrl = process.env.DATABASE_URL;

describe.runIf(!!databaseUrl)('a transaction whose connection is lost on PostgreSQL', () => {
  let db: Database;
  let admin: Database;
  const uncaught: unknown[] = [];
  const noteUncaught = (error: unknown) => uncaught.push(error);
  beforeAll(async () => {
    db = await openDatabase({ kind: 'postgres', url: databaseUrl! });
    admin = await openDatabase({ kind: 'postgres', url: databaseUrl! });
    process.on('uncaughtException', noteUncaught);
  });
  afterEach(() => {
    expect(uncaught.splice(0)).toEqual([]);
  });
  afterAll(async () => {
    process.off('uncaughtException', noteUncaught);
    await db?.close();
    await admin?.close();
  });

  /** Ends the backend as an administrator would, and waits until it is gone. */
  async function terminate(pid: number) {
    const [row] = await admin.query<{ ended: boolean }>(
      'SELECT pg_terminate_backend($1) AS ended',
      [pid],
    );
    expect(row!.ended).toBe(true);
    for (;;) {
      const alive = await admin.query('SELECT 1 FROM pg_stat_activity WHERE pid = $1', [pid]);
      if (alive.length === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    // The server's goodbye (57P01, then the socket's end) reaches the client.
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  /** What the promise failed with; it is read from the start, so it never rejects unheard. */
  const failureOf = (promise: Promise<unknown>): Promise<unknown> =>
    promise.then(
      () => 'it succeeded on a terminated connection',
      (error: unknown) => error,
    );

  const backendPid = async (q: Pick<Database, 'query'>) =>
    (await q.query<{ pid: number }>('SELECT pg_backend_pid() AS pid'))[0]!.pid;

  it('held between statements (a chain call): the next statement fails, the process does not', async () => {
    let heldPid = 0;
    const error = await failureOf(
      db.transaction(async (tx) => {
        heldPid = await backendPid(tx);
        await terminate(heldPid);
        return tx.query('SELECT 1');
      }),
    );
    expect(error).toSatisfy(isDatabaseUnreachable);

    // The broken client was destroyed, not handed to the next transaction.
    const pids = await Promise.all(
      Array.from({ length: 5 }, () => db.transaction((tx) => backendPid(tx))),
    );
    expect(pids).not.toContain(heldPid);
  });

  it('in the middle of a statement: that statement fails, the process does not', async () => {
    let heldPid = 0;
    const failure = failureOf(
      db.transaction(async (tx) => {
        heldPid = await backendPid(tx);
        return tx.query('SELECT pg_sleep(30)');
      }),
    );
    // Terminated once the sleep is running on the server.
    for (;;) {
      const rows = await admin.query<{ query: string }>(
        'SELECT query FROM pg_stat_activity WHERE pid = $1',
        [heldPid],
      );
      if (rows[0]?.query.includes('pg_sleep')) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await terminate(heldPid);
    expect(await failure).toSatisfy(isDatabaseUnreachable);
    expect(await db.transaction((tx) => backendPid(tx))).not.toBe(heldPid);
  });

  it('idle in the pool: the next statement runs on a new connection', async () => {
    const idlePid = await backendPid(db);
    await terminate(idlePid);
    const pids = await Promise.all(Array.from({ length: 3 }, () => backendPid(db)));
    expect(pids).not.toContain(idlePid);
  });
});
