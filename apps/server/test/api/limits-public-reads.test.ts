// The public calls that read the chain or verify a signature, called as a
// flooder would: each is limited per IP (429 with Retry-After, in words), a
// monitor on this machine aside for /health; /platform and a stored
// credential's report are computed once for callers that ask together (and
// kept briefly); and every chain read they make goes on the public-read
// client, never on the client the relay and settle loops use.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PublicClient } from 'viem';
import type { VerificationReport } from '@gets/schema';
import { revokeCredentialById } from '../../src/modules/credentials/credential-repository.ts';
import { issueCredential } from '../../src/modules/credentials/service.ts';
import { createTestUser } from '../helpers/accounts.ts';
import { claimedAwardFacts, sampleAwardFacts } from '../helpers/credentials.ts';
import { startTestPlatform, type TestPlatform } from '../helpers/test-platform.ts';

const PUBLIC_READS_PER_IP = 5;

let platform: TestPlatform;
let credentialId: string;

beforeAll(async () => {
  platform = await startTestPlatform({
    // No worker: the pipeline's client makes no reads of its own meanwhile.
    MODE: 'api',
    // The test is the proxy: X-Forwarded-For says which address each call comes from.
    TRUST_PROXY: '1',
    RATE_LIMIT_PUBLIC_READ_IP_MAX: String(PUBLIC_READS_PER_IP),
  });
  credentialId = await newCredential();
});
afterAll(async () => {
  await platform?.stop();
});
/** Puts the clients' own methods back after a test watched them. */
const restores: (() => void)[] = [];
afterEach(() => {
  while (restores.length) restores.pop()!();
});

let nextHost = 1;
/** An address no earlier call of this file came from. */
const freshAddress = () => `192.0.2.${nextHost++}`;

const get = (path: string, from?: string) =>
  platform.request(`/gs-api${path}`, { headers: from ? { 'x-forwarded-for': from } : {} });

/**
 * The reads each client is asked for from now on, by action (readContract,
 * getBlockNumber ...): every method of the client object, as modules call them.
 */
function watchClients() {
  const asked = (client: PublicClient) => {
    const actions: string[] = [];
    const methods = client as unknown as Record<string, unknown>;
    for (const [name, method] of Object.entries(methods)) {
      if (typeof method !== 'function' || name === 'extend') continue;
      methods[name] = (...args: unknown[]) => {
        actions.push(name);
        return (method as (...given: unknown[]) => unknown)(...args);
      };
      restores.push(() => {
        methods[name] = method;
      });
    }
    return actions;
  };
  return {
    pipeline: asked(platform.ctx.chain.publicClient),
    bulk: asked(platform.ctx.chain.bulkReadClient),
    publicReads: asked(platform.ctx.chain.publicReadClient),
    health: asked(platform.ctx.chain.healthReadClient),
  };
}

/** Another stored credential of a real claim, whose report nobody asked for yet. */
async function newCredential() {
  const earner = await createTestUser(platform.ctx);
  const { facts } = await claimedAwardFacts(platform.ctx, earner, {
    imageUrl: sampleAwardFacts().badge.imageUrl,
  });
  return (await platform.ctx.db.transaction((tx) => issueCredential(tx, facts))).credentialId;
}

describe('the chain reads of public calls', () => {
  it('/platform: 30 callers at once cost one read of each setting, on the public-read client', async () => {
    const asked = watchClients();
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => get('/platform', freshAddress())),
    );
    expect(answers.map((a) => a.status)).toEqual(Array<number>(30).fill(200));
    // The treasury and the claim period.
    expect(asked.publicReads).toEqual(['readContract', 'readContract']);
    expect([...asked.pipeline, ...asked.bulk]).toEqual([]);
    // Kept a few seconds: the next caller costs nothing.
    expect((await get('/platform', freshAddress())).status).toBe(200);
    expect(asked.publicReads).toEqual(['readContract', 'readContract']);
  });

  it('GET /verify/{id}: 30 callers at once get one report, from one chain check on the public-read client', async () => {
    const id = await newCredential();
    const asked = watchClients();
    const answers = await Promise.all(
      Array.from({ length: 30 }, async () => {
        const response = await get(`/verify/${id}`, freshAddress());
        expect(response.status).toBe(200);
        return ((await response.json()) as { data: VerificationReport }).data;
      }),
    );
    expect(answers[0]!.verdict).toBe('verified');
    expect(new Set(answers.map((report) => JSON.stringify(report))).size).toBe(1);
    expect(asked.publicReads.sort()).toEqual(['getTransactionReceipt', 'readContract']);
    expect([...asked.pipeline, ...asked.bulk]).toEqual([]);
    // Kept for 30 s: the next caller gets the same report, with no chain read.
    const again = await get(`/verify/${id}`, freshAddress());
    expect(((await again.json()) as { data: VerificationReport }).data).toEqual(answers[0]);
    expect(asked.publicReads).toHaveLength(2);

    // A revocation is never hidden by a kept report: the next caller reads it at once.
    await revokeCredentialById(platform.ctx.db, id, 'Issued in error');
    const revoked = await get(`/verify/${id}`, freshAddress());
    expect(((await revoked.json()) as { data: VerificationReport }).data).toMatchObject({
      verdict: 'revoked',
      status: 'revoked',
    });
  });

  it('POST /verify reads the chain on the public-read client too, /health on its own', async () => {
    const jwt = await (await get(`/credentials/${credentialId}/jwt`)).text();
    const asked = watchClients();
    const verified = await platform.request('/gs-api/verify', {
      method: 'POST',
      headers: { 'content-type': 'application/vc+jwt', 'x-forwarded-for': freshAddress() },
      body: jwt,
    });
    expect(((await verified.json()) as { data: VerificationReport }).data.verdict).toBe('verified');
    await get('/health');
    expect(asked.publicReads.sort()).toEqual(['getTransactionReceipt', 'readContract']);
    expect(asked.health.sort()).toEqual(['getBlockNumber', 'getChainId']);
    expect([...asked.pipeline, ...asked.bulk]).toEqual([]);
  });
});

describe('each public read, called from one address', () => {
  it.each(['/platform', '/verify/:id', '/health'])(
    '%s answers 429 past its per-IP allowance, saying when to try again; another address is served',
    async (route) => {
      const path = route.replace(':id', () => credentialId);
      const from = freshAddress();
      for (let i = 0; i < PUBLIC_READS_PER_IP; i += 1) {
        expect([200, 503]).toContain((await get(path, from)).status);
      }
      const refused = await get(path, from);
      expect(refused.status).toBe(429);
      const seconds = Number(refused.headers.get('retry-after'));
      expect(seconds).toBeGreaterThanOrEqual(1);
      expect(seconds).toBeLessThanOrEqual(60);
      expect(((await refused.json()) as { message: string }).message).toMatch(
        /^Too many requests from your network\. Please try again in \d+ seconds?$/,
      );
      expect([200, 503]).toContain((await get(path, freshAddress())).status);
    },
  );

  it('POST /verify keeps its own, smaller allowance (a signature check costs more)', async () => {
    const from = freshAddress();
    const jwt = await (await get(`/credentials/${credentialId}/jwt`)).text();
    const verify = () =>
      platform.request('/gs-api/verify', {
        method: 'POST',
        headers: { 'content-type': 'application/vc+jwt', 'x-forwarded-for': from },
        body: jwt,
      });
    const limit = platform.ctx.config.rateLimits.perIp.max;
    for (let i = 0; i < limit; i += 1) expect((await verify()).status).toBe(200);
    expect((await verify()).status).toBe(429);
  });

  it('/health does not count a monitor on this machine', async () => {
    for (let i = 0; i < PUBLIC_READS_PER_IP * 3; i += 1) {
      expect([200, 503]).toContain((await get('/health')).status);
    }
  });
});
