// Live status: each change of a user's transaction is pushed as a server-sent
// event to that user, and to nobody else.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import net from 'node:net';
import pg from 'pg';
import { startTestPlatform, withSchema, type TestPlatform } from '../helpers/test-platform.ts';
import { createTestUser, queueTransfers, type TestUser } from '../helpers/accounts.ts';
import { bearer, call, latestOtp, registerUser } from '../helpers/account-flows.ts';
import { adminOfUser } from '../helpers/admin.ts';
import { revokePersonSessions } from '../../src/modules/accounts/session-repository.ts';
import { createSession } from '../../src/modules/accounts/sessions.ts';
import {
  MAX_STREAMS_PER_SESSION,
  TRANSACTION_MESSAGES,
} from '../../src/modules/transactions/service.ts';
import {
  parseStatusNotice,
  STATUS_CHANNEL,
  type StatusNotice,
} from '../../src/chain/pipeline/chain-transaction.ts';
import { ensureRelayer, insertBatch } from '../../src/chain/pipeline/relay-batch-repository.ts';
import {
  markCompletedMany,
  markFailed,
  markSent,
  requeue,
} from '../../src/chain/pipeline/transaction-repository.ts';

interface StatusEvent {
  transactionId: string;
  status: string;
  transactionHash: string | null;
}

/** Reads `event: status` messages from the stream until `until` says stop. */
async function readStatusEvents(
  response: Response,
  until: (events: StatusEvent[]) => boolean,
  timeoutMs = 20_000,
) {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  const events: StatusEvent[] = [];
  let buffer = '';
  const deadline = Date.now() + timeoutMs;
  try {
    while (!until(events)) {
      if (Date.now() > deadline) throw new Error(`stream gave ${JSON.stringify(events)}`);
      const { value, done } = await reader.read();
      if (done) break;
      buffer += value;
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const message = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = message.split('\n').find((line) => line.startsWith('data: '));
        if (message.includes('event: status') && data)
          events.push(JSON.parse(data.slice(6)) as StatusEvent);
      }
    }
  } finally {
    await reader.cancel();
  }
  return events;
}

describe('transaction status stream', () => {
  let platform: TestPlatform;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    platform = await startTestPlatform();
    alice = await createTestUser(platform.ctx, { gets: '10' });
    bob = await createTestUser(platform.ctx, { gets: '10' });
  });
  afterAll(async () => {
    await platform?.stop();
  });

  const openStream = (user: TestUser, signal?: AbortSignal) =>
    platform.request('/gs-api/metakeep/transaction/stream', {
      headers: user.authorization,
      signal,
    });

  it('pushes QUEUED then COMPLETED with the hash to the owner', async () => {
    const stream = await openStream(alice);
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toContain('text/event-stream');
    const [transactionId] = await queueTransfers(platform.ctx, [alice], bob.address, '2');
    const events = await readStatusEvents(stream, (list) =>
      list.some((e) => e.status === 'COMPLETED'),
    );
    const mine = events.filter((e) => e.transactionId === transactionId);
    expect(mine[0]!.status).toBe('QUEUED');
    expect(mine.at(-1)).toMatchObject({
      status: 'COMPLETED',
      transactionHash: expect.stringMatching(/^0x/),
    });
  });

  it("does not push another user's transactions", async () => {
    const controller = new AbortController();
    const stream = await openStream(bob, controller.signal);
    await queueTransfers(platform.ctx, [alice], bob.address, '1');
    const [bobsId] = await queueTransfers(platform.ctx, [bob], alice.address, '1');
    const events = await readStatusEvents(stream, (list) =>
      list.some((e) => e.status === 'COMPLETED'),
    );
    expect(events.length).toBeGreaterThan(0);
    expect(events.every((e) => e.transactionId === bobsId)).toBe(true);
  });

  it('needs a session', async () => {
    const response = await platform.request('/gs-api/metakeep/transaction/stream');
    expect(response.status).toBe(401);
  });
});

describe('open status streams per session', () => {
  let platform: TestPlatform;
  beforeAll(async () => {
    platform = await startTestPlatform({ MODE: 'api', RATE_LIMIT_ACCOUNT_MAX: '10000' });
  });
  afterAll(async () => {
    await platform?.stop();
  });

  const openStream = (token: string, signal?: AbortSignal) =>
    platform.request('/gs-api/metakeep/transaction/stream', {
      headers: { authorization: `Bearer ${token}` },
      signal,
    });

  it(`are at most ${MAX_STREAMS_PER_SESSION}: the next is refused with 429 in JSON, another session is not, and closing one frees its slot`, async () => {
    const user = await createTestUser(platform.ctx);
    const { token } = await createSession(platform.ctx.db, { kind: 'user', id: user.id }, 60_000);
    const controllers = Array.from(
      { length: MAX_STREAMS_PER_SESSION },
      () => new AbortController(),
    );
    const open = await Promise.all(controllers.map((c) => openStream(token, c.signal)));
    expect(open.map((r) => r.status)).toEqual(open.map(() => 200));

    const refused = await openStream(token);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('content-type')).toContain('application/json');
    expect(await refused.json()).toEqual({
      message: TRANSACTION_MESSAGES.tooManyStreams,
      data: null,
    });

    // The same person signed in elsewhere has slots of that session.
    const other = await createSession(platform.ctx.db, { kind: 'user', id: user.id }, 60_000);
    const elsewhere = new AbortController();
    expect((await openStream(other.token, elsewhere.signal)).status).toBe(200);
    elsewhere.abort();

    // The browser closes one tab: once the server has seen it go, a new one opens.
    controllers[0]!.abort();
    const reopened = new AbortController();
    await vi.waitFor(
      async () => {
        const next = await openStream(token, reopened.signal);
        if (next.status !== 200) await next.body?.cancel();
        expect(next.status).toBe(200);
      },
      { timeout: 5_000, interval: 50 },
    );
    expect((await openStream(token)).status).toBe(429);
    for (const c of [...controllers, reopened]) c.abort();
  });

  it('frees the slot of a stream whose client left before it was answered', async () => {
    const user = await createTestUser(platform.ctx);
    const { token } = await createSession(platform.ctx.db, { kind: 'user', id: user.id }, 60_000);
    // Each client sends the request and hangs up at once: the connection is
    // gone while the server still reads the session, before the stream opens.
    const { port } = new URL(platform.url);
    await Promise.all(
      Array.from(
        { length: 2 * MAX_STREAMS_PER_SESSION },
        () =>
          new Promise<void>((resolve) => {
            const socket = net.connect(Number(port), '127.0.0.1', () => {
              socket.write(
                `GET /gs-api/metakeep/transaction/stream HTTP/1.1\r\nhost: 127.0.0.1\r\nauthorization: Bearer ${token}\r\n\r\n`,
                () => socket.resetAndDestroy(),
              );
            });
            socket.on('error', () => undefined);
            socket.on('close', () => resolve());
          }),
      ),
    );
    // Once the server has seen them go, the session's every slot is free.
    await vi.waitFor(
      async () => {
        const controllers = Array.from(
          { length: MAX_STREAMS_PER_SESSION },
          () => new AbortController(),
        );
        const open = await Promise.all(controllers.map((c) => openStream(token, c.signal)));
        for (const c of controllers) c.abort();
        expect(open.map((r) => r.status)).toEqual(open.map(() => 200));
      },
      { timeout: 5_000, interval: 200 },
    );
  });
});

describe('every status change is announced with its owner', () => {
  let platform: TestPlatform;
  beforeAll(async () => {
    // No worker: the test makes each change itself.
    platform = await startTestPlatform({ MODE: 'api' });
  });
  afterAll(async () => {
    await platform?.stop();
  });

  it('by consent, sending, requeueing, completing and failing, in that order', async () => {
    const { db } = platform.ctx;
    const alice = await createTestUser(platform.ctx);
    const bob = await createTestUser(platform.ctx);
    // On PostgreSQL the channel is the database's: other test files' platforms
    // (other schemas) announce on it too. Theirs are left out, unreadable ones kept.
    const notices: (StatusNotice | null)[] = [];
    const unlisten = await db.listen(STATUS_CHANNEL, (payload) => {
      const notice = parseStatusNotice(payload);
      if (!notice || notice.ownerId === alice.id || notice.ownerId === bob.id) notices.push(notice);
    });
    try {
      const [first, second] = await queueTransfers(platform.ctx, [alice, bob], alice.address, '1');
      const relayer = '0x00000000000000000000000000000000000000aa';
      await ensureRelayer(db, relayer, platform.ctx.chain.chain.id, 0);
      const batchId = crypto.randomUUID();
      await insertBatch(db, {
        id: batchId,
        chainId: platform.ctx.chain.chain.id,
        relayer,
        nonce: 0n,
        attempt: {
          hash: `0x${'1'.repeat(64)}`,
          raw: '0x00',
          maxFeePerGas: '1',
          maxPriorityFeePerGas: '1',
          sentAt: new Date().toISOString(),
        },
        sender: 'test',
      });
      await markSent(
        db,
        [first!, second!].map((id, i) => ({ id, batchId, forwarderNonce: BigInt(i), calls: [] })),
      );
      await requeue(db, second!);
      await markCompletedMany(db, [
        { id: first!, transactionHash: `0x${'2'.repeat(64)}`, events: [] },
      ]);
      // A change that changes nothing (already final) announces nothing.
      await markFailed(db, first!, { reason: 'too late' });
      await markFailed(db, second!, { reason: 'refused' });
      const aliceOf = { ownerKind: 'user', ownerId: alice.id };
      const bobOf = { ownerKind: 'user', ownerId: bob.id };
      await vi.waitFor(() => expect(notices).toHaveLength(7), { timeout: 5000 });
      expect(notices).toEqual([
        { ...aliceOf, transactionId: first }, // QUEUED
        { ...bobOf, transactionId: second }, // QUEUED
        expect.objectContaining({ transactionId: expect.any(String) }), // SENT, one of the two
        expect.objectContaining({ transactionId: expect.any(String) }), // SENT, the other
        { ...bobOf, transactionId: second }, // QUEUED again
        { ...aliceOf, transactionId: first }, // COMPLETED
        { ...bobOf, transactionId: second }, // FAILED
      ]);
      expect(new Set(notices.slice(2, 4))).toEqual(
        new Set([
          { ...aliceOf, transactionId: first },
          { ...bobOf, transactionId: second },
        ]),
      );
    } finally {
      await unlisten();
    }
  });
});

/** Resolves with how long the stream stayed open, once the server ends it. */
async function endOf(response: Response, timeoutMs: number): Promise<number> {
  const started = Date.now();
  const reader = response.body!.getReader();
  const timer = setTimeout(() => void reader.cancel(new Error('still open')), timeoutMs);
  try {
    for (;;) {
      const { done } = await reader.read();
      if (done) break;
    }
  } finally {
    clearTimeout(timer);
  }
  const open = Date.now() - started;
  if (open >= timeoutMs) throw new Error(`the stream was still open after ${timeoutMs} ms`);
  return open;
}

describe('a status stream ends with its session', () => {
  let platform: TestPlatform;
  beforeAll(async () => {
    platform = await startTestPlatform({ RATE_LIMIT_ACCOUNT_MAX: '10000' });
  });
  afterAll(async () => {
    await platform?.stop();
  });

  const openStream = (token: string) =>
    platform.request('/gs-api/metakeep/transaction/stream', {
      headers: { authorization: `Bearer ${token}` },
    });

  it('at logout: the open stream ends at once, and the token opens no new one', async () => {
    const person = await registerUser(platform);
    const stream = await openStream(person.token);
    expect(stream.status).toBe(200);
    const ended = endOf(stream, 5_000);
    const logout = await call(platform, 'POST', '/user/logout', undefined, bearer(person.token));
    expect(logout.status).toBe(200);
    expect(await ended).toBeLessThan(5_000);
    expect((await openStream(person.token)).status).toBe(401);
  });

  it("at a password reset: every stream of the person ends, their admin session's too", async () => {
    const person = await registerUser(platform);
    const second = (
      await call<{ token: string }>(platform, 'POST', '/metakeep/auth/login', {
        email: person.email,
        password: person.password,
      })
    ).data.token;
    const asAdmin = await adminOfUser(platform, person, 'linked');
    const streams = [
      await openStream(person.token),
      await openStream(second),
      await openStream(asAdmin.token),
    ];
    expect(streams.map((s) => s.status)).toEqual([200, 200, 200]);
    const ended = Promise.all(streams.map((s) => endOf(s, 5_000)));
    await call(platform, 'POST', '/admin-auth/reset-password/mail', { email: person.email });
    const otp = await latestOtp(platform, person.email);
    const reset = await call(platform, 'POST', '/admin-auth/reset-password', {
      email: person.email,
      otp,
      password: 'An0ther!pass',
    });
    expect(reset.status).toBe(200);
    expect((await ended).every((ms) => ms < 5_000)).toBe(true);
  });

  it('at a revocation made by another process (the statement a ban runs, on its own connection)', async () => {
    const person = await registerUser(platform);
    const stream = await openStream(person.token);
    const ended = endOf(stream, 5_000);
    if (process.env.DATABASE_URL) {
      // A connection of its own, as another API process would have.
      const schema = (
        await platform.ctx.db.query<{ s: string }>('SELECT current_schema() AS s')
      )[0]!.s;
      const other = new pg.Client({
        connectionString: withSchema(process.env.DATABASE_URL, schema),
      });
      await other.connect();
      try {
        await revokePersonSessions(
          {
            query: async (sql, params) => (await other.query(sql, params)).rows,
            exec: async () => {},
          },
          person.user._id,
        );
      } finally {
        await other.end();
      }
    } else {
      await revokePersonSessions(platform.ctx.db, person.user._id);
    }
    expect(await ended).toBeLessThan(5_000);
  });

  it('at expiry', async () => {
    const user = await createTestUser(platform.ctx);
    const { token, expiresAt } = await createSession(
      platform.ctx.db,
      { kind: 'user', id: user.id },
      1_500,
    );
    const stream = await openStream(token);
    expect(stream.status).toBe(200);
    const open = await endOf(stream, 10_000);
    expect(Date.now()).toBeGreaterThanOrEqual(expiresAt.getTime());
    expect(open).toBeLessThan(10_000);
  });
});
