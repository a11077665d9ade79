// Live status: each change of a user's transaction is pushed as a server-sent
// event to that user, and to nobody else.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type TestPlatform } from '../helpers/test-platform.ts';
import { createTestUser, queueTransfers, type TestUser } from '../helpers/accounts.ts';

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
