// One test platform with a claimed award's credential, and the calls the
// credential API tests make on it: fetch its forms (JSON, JWT, baked PNG,
// Data Integrity), verify any input over HTTP, and issue more credentials.
import { afterAll, beforeAll, expect } from 'vitest';
import type { VerificationReport } from '@gets/schema';
import type { AwardFacts } from '../../src/modules/credentials/award-facts.ts';
import type { OpenBadgeCredential } from '../../src/modules/credentials/open-badge-credential.ts';
import { issueCredential } from '../../src/modules/credentials/service.ts';
import { createTestUser, type TestUser } from './accounts.ts';
import type { MintedBadgeToken } from './badge-token.ts';
import { claimedAwardFacts, makePng } from './credentials.ts';
import { startTestPlatform, type TestPlatform } from './test-platform.ts';
import { adminSession } from './admin-factor.ts';

type Json = Record<string, unknown>;

export interface CredentialApiState {
  platform: TestPlatform;
  earner: TestUser;
  stranger: TestUser;
  adminToken: string;
  facts: AwardFacts;
  credentialId: string;
  imageUrl: string;
  minted: MintedBadgeToken;
}

/** Starts the platform before the file's tests (and stops it after); the state fills in then. */
export function credentialApiSuite() {
  const state = {} as CredentialApiState;
  beforeAll(async () => {
    // The files verify many credentials in a row from one process: the per-second cap of
    // verifications (limits-public-reads.test.ts tries it) would only slow them down.
    state.platform = await startTestPlatform({
      RATE_LIMIT_IP_MAX: '1000',
      PUBLIC_VERIFICATIONS_PER_SECOND: '1000',
    });
    const { platform } = state;
    state.earner = await createTestUser(platform.ctx);
    state.stranger = await createTestUser(platform.ctx);
    const [admin] = await platform.ctx.db.query<{ id: string }>('SELECT id FROM admins LIMIT 1');
    state.adminToken = (await adminSession(platform.ctx.db, admin!.id)).token;
    // The badge image, uploaded as the create-badge page uploads it.
    const form = new FormData();
    form.append('files', new Blob([makePng(16, 16)], { type: 'image/png' }), 'badge.png');
    const upload = await platform.request('/gs-api/badge/imageCreate', {
      method: 'POST',
      body: form,
    });
    state.imageUrl = ((await upload.json()) as { data: { url: string } }).data.url;

    ({ facts: state.facts, minted: state.minted } = await claimedAwardFacts(
      platform.ctx,
      state.earner,
      { imageUrl: state.imageUrl },
    ));
    // As the claim's onCompleted effect will: in the transaction that completes the claim.
    ({ credentialId: state.credentialId } = await platform.ctx.db.transaction((tx) =>
      issueCredential(tx, state.facts),
    ));
  });
  afterAll(async () => {
    await state.platform?.stop();
  });

  const get = (path: string, headers: Record<string, string> = {}) =>
    state.platform.request(`/gs-api${path}`, { headers });
  const jsonOf = async (path: string) => (await (await get(path)).json()) as Json;
  const credentialOf = async (id: string) =>
    (await jsonOf(`/credentials/${id}`)) as unknown as OpenBadgeCredential;
  const jwtOf = async (id: string) => (await get(`/credentials/${id}/jwt`)).text();
  const pngOf = async (id: string) =>
    Buffer.from(
      await (await get(`/credentials/${id}/png`, state.earner.authorization)).arrayBuffer(),
    );

  async function verify(input: { json?: unknown; jwt?: string; png?: Buffer }) {
    let response: Response;
    if (input.png) {
      const form = new FormData();
      form.append('file', new Blob([input.png], { type: 'image/png' }), 'badge.png');
      response = await state.platform.request('/gs-api/verify', { method: 'POST', body: form });
    } else if (input.jwt) {
      response = await state.platform.request('/gs-api/verify', {
        method: 'POST',
        headers: { 'content-type': 'application/vc+jwt' },
        body: input.jwt,
      });
    } else {
      response = await state.platform.request('/gs-api/verify', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ credential: input.json }),
      });
    }
    const body = (await response.json()) as { message: string; data: VerificationReport };
    expect(response.status, body.message).toBe(200);
    return body.data;
  }
  const outcomes = (report: VerificationReport) =>
    Object.fromEntries(report.checks.map((c) => [c.check, c.outcome]));

  /** The three forms a person may hold the credential in. */
  async function allForms(id: string) {
    const jwt = await jwtOf(id);
    return { json: await credentialOf(id), jwt, png: await pngOf(id) };
  }

  async function issue(overrides: Partial<AwardFacts>) {
    const { credentialId: id } = await state.platform.ctx.db.transaction((tx) =>
      issueCredential(tx, { ...state.facts, awardId: `award-${Math.random()}`, ...overrides }),
    );
    return id;
  }

  return { state, get, jsonOf, credentialOf, jwtOf, pngOf, verify, outcomes, allForms, issue };
}

/** Every check passed, this platform's badge: what a good credential's report shows. */
export const ALL_PASSED = {
  signature: 'passed',
  schema: 'passed',
  issuer: 'passed',
  validity: 'passed',
  status: 'passed',
  chain: 'passed',
} as const;
