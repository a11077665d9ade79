import { describe, expect, it } from 'vitest';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { identifyActor } from './auth.ts';
import type { SessionRow } from './sessions.ts';

const session = (blocked: SessionRow['blocked']): SessionRow => ({
  sessionId: '0b9c3e1d-5a4f-4e6b-8c7d-2e1f0a9b8c7d',
  subjectKind: 'admin',
  subjectId: '7d1c4f0a-3b2e-4c5d-9e8f-0a1b2c3d4e5f',
  expiresAt: new Date(Date.now() + 60_000),
  blocked,
  needsFactor: false,
  userType: null,
  userStatus: null,
  email: 'chief@example.org',
  account: null,
});

/** Runs the hook on a request bearing a token whose session is `row`; answers the actor set. */
async function actorFor(row: SessionRow | null) {
  const request = { headers: { authorization: 'Bearer token-1' } } as FastifyRequest;
  const hook = identifyActor({ sessions: { resolve: () => Promise.resolve(row) } });
  await hook.call({} as FastifyInstance, request, {} as FastifyReply);
  return request.actor;
}

describe('identifyActor', () => {
  it('identifies the holder of a live session', async () => {
    expect(await actorFor(session(null))).toMatchObject({ kind: 'admin', token: 'token-1' });
  });

  it.each(['banned', 'removed'] as const)(
    'reads a %s session as a visitor: it sees only what anyone sees',
    async (blocked) => {
      expect(await actorFor(session(blocked))).toBeUndefined();
    },
  );

  it('reads an unknown token as a visitor, never refused', async () => {
    expect(await actorFor(null)).toBeUndefined();
  });
});
