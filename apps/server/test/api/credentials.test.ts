// Open Badges credentials through HTTP, against a real database and a real
// chain: each credential is issued from a claimed award whose badge token was
// minted on the test Anvil, then verified as JSON, as a JWT and as a baked
// PNG — good, tampered in one field, revoked, expired, and with a token id the
// chain does not confirm.
import { beforeAll, describe, expect, it } from 'vitest';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { CREDENTIAL_MESSAGES, type VerificationReport } from '@gets/schema';
import type { AwardFacts } from '../../src/modules/credentials/award-facts.ts';
import { readBakedCredential, bakeCredential } from '../../src/modules/credentials/baking.ts';
import { issueCredential, signPendingCredentials } from '../../src/modules/credentials/service.ts';
import { statusBitOf } from '../../src/modules/credentials/status-list.ts';
import { listUnsignedCredentials } from '../../src/modules/credentials/credential-repository.ts';
import { bearer, call } from '../helpers/account-flows.ts';
import {
  createTestUser,
  queueTransfers,
  waitUntilSettled,
  type TestUser,
} from '../helpers/accounts.ts';
import type { MintedBadgeToken } from '../helpers/badge-token.ts';
import { eventDecoder } from '../../src/chain/events.ts';
import { claimChainProof } from '../../src/modules/credentials/claim-chain-proof.ts';
import { ALL_PASSED, credentialApiSuite } from '../helpers/credential-api.ts';
import { achievementCredentialErrors, makePng, profileErrors } from '../helpers/credentials.ts';
import type { TestPlatform } from '../helpers/test-platform.ts';

type Json = Record<string, unknown>;

describe('Open Badges credentials', () => {
  const api = credentialApiSuite();
  const { get, credentialOf, jwtOf, pngOf, verify, outcomes, allForms, issue } = api;
  let platform: TestPlatform;
  let earner: TestUser;
  let stranger: TestUser;
  let adminToken: string;
  let facts: AwardFacts;
  let credentialId: string;
  let minted: MintedBadgeToken;
  beforeAll(() => {
    ({ platform, earner, stranger, adminToken, facts, credentialId, minted } = api.state);
  });

  it('publishes the issuer Profile and its keys, where the credential points', async () => {
    const credential = await credentialOf(credentialId);
    const issuerUrl = new URL(credential.issuer.id);
    expect(issuerUrl.pathname).toBe('/gs-api/credentials/issuer');
    const profile = (await (await fetch(issuerUrl)).json()) as Json;
    expect(profileErrors(profile)).toEqual([]);
    expect(profile).toMatchObject({
      id: credential.issuer.id,
      type: ['Profile'],
      name: 'GETS Badges',
    });

    // A verifier that trusts only the published JWKS checks the JWT on its own.
    const jwks = (await (await get('/credentials/issuer/jwks')).json()) as { keys: Json[] };
    expect(jwks.keys.map((key) => key.alg).sort()).toEqual(['EdDSA', 'RS256']);
    for (const key of jwks.keys) {
      for (const member of ['d', 'p', 'q', 'dp', 'dq', 'qi'])
        expect(key).not.toHaveProperty(member);
    }
    const jwt = await jwtOf(credentialId);
    const { payload, protectedHeader } = await jwtVerify(jwt, createLocalJWKSet(jwks as never), {
      issuer: credential.issuer.id,
    });
    expect(payload.jti).toBe(credential.id);
    // The kid is the key's own URL, answering that JWK.
    const key = (await (await fetch(protectedHeader.kid!)).json()) as Json;
    expect(key).toEqual(jwks.keys.find((k) => k.kid === protectedHeader.kid));
    expect(protectedHeader).toMatchObject({ alg: 'RS256', typ: 'JWT' });
  });

  it('issues a credential that validates against the 1EdTech schema and says what was awarded', async () => {
    const credential = await credentialOf(credentialId);
    expect(achievementCredentialErrors(credential)).toEqual([]);
    expect(credential.credentialSubject.achievement).toMatchObject({
      name: 'Compiler Pioneer',
      creator: { name: 'Navy Computing Lab' },
    });
    expect(credential.credentialSubject.id).toBe(`did:pkh:eip155:137:${earner.address}`);
    expect(JSON.stringify(credential).toLowerCase()).not.toContain(earner.email.toLowerCase());
    // The worker signs it right after the claim (both forms: the JWT and the Data Integrity proof,
    // which takes a moment to canonicalise); then nothing is left to sign, and a second issue for
    // the award is the same credential.
    await expect
      .poll(async () => (await listUnsignedCredentials(platform.ctx.db, 1)).length, {
        timeout: 15_000,
      })
      .toBe(0);
    expect(await signPendingCredentials(platform.ctx)).toBe(0);
    const again = await platform.ctx.db.transaction((tx) => issueCredential(tx, facts));
    expect(again.credentialId).toBe(credentialId);
  });

  it('verifies a good credential as JSON, as a JWT and as a baked PNG: every check passes', async () => {
    const forms = await allForms(credentialId);
    expect(readBakedCredential(forms.png)).toBe(forms.jwt);
    for (const input of [{ json: forms.json }, { jwt: forms.jwt }, { png: forms.png }]) {
      const report = await verify(input);
      expect(outcomes(report), JSON.stringify(report.checks)).toEqual(ALL_PASSED);
      expect(report).toMatchObject({ verified: true, status: 'active' });
      expect(report.credential).toMatchObject({
        badgeName: 'Compiler Pioneer',
        earnerName: 'Grace Hopper',
        sponsorName: 'Navy Computing Lab',
        earnerWallet: earner.address,
      });
      const chain = report.checks.find((c) => c.check === 'chain')!;
      expect(chain.detail).toContain(`Badge token #${facts.chainProof.tokenId}`);
    }
    // A verifier may also post the bare document, or the JWT as plain text.
    for (const [type, body] of [
      ['application/json', JSON.stringify(forms.json)],
      ['text/plain', forms.jwt],
    ] as const) {
      const response = await platform.request('/gs-api/verify', {
        method: 'POST',
        headers: { 'content-type': type },
        body,
      });
      expect(((await response.json()) as { data: VerificationReport }).data.verified).toBe(true);
    }
    // The /verify/{id} page asks by id.
    const byId = await call<VerificationReport>(platform, 'GET', `/verify/${credentialId}`);
    expect(byId.data.verified).toBe(true);
  });

  it('fails the signature of a credential changed in one field, in every form', async () => {
    const { json, jwt } = await allForms(credentialId);
    const changedJson = structuredClone(json);
    changedJson.credentialSubject.achievement.name = 'Chief Compiler Pioneer';
    const [head, body, signature] = jwt.split('.');
    const payload = JSON.parse(Buffer.from(body!, 'base64url').toString('utf8'));
    payload.validUntil = '2099-01-01T00:00:00.000Z';
    const changedJwt = `${head}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.${signature}`;
    const changedPng = bakeCredential(await pngOf(credentialId), changedJwt);

    for (const input of [{ json: changedJson }, { jwt: changedJwt }, { png: changedPng }]) {
      const report = await verify(input);
      expect(outcomes(report).signature).toBe('failed');
      expect(outcomes(report).issuer).toBe('failed');
      expect(report.verified).toBe(false);
    }
    const report = await verify({ json: changedJson });
    expect(report.checks[0]!.detail).toContain('credentialSubject.achievement.name');
  });

  it('fails the chain check for a token id the chain does not confirm', async () => {
    const id = await issue({
      chainProof: { ...facts.chainProof, tokenId: BigInt(facts.chainProof.tokenId) + 1n },
    });
    const report = await verify({ jwt: await jwtOf(id) });
    expect(outcomes(report)).toEqual({ ...ALL_PASSED, chain: 'failed' });
    expect(report.verified).toBe(false);
    const otherTx = await issue({
      chainProof: { ...facts.chainProof, transactionHash: `0x${'12'.repeat(32)}` },
    });
    expect(outcomes(await verify({ jwt: await jwtOf(otherTx) })).chain).toBe('failed');
  });

  it('shows a revoked credential as revoked in every form, and publishes the bit', async () => {
    const id = await issue({});
    const before = await allForms(id);
    expect((await verify({ png: before.png })).status).toBe('active');

    // Only an admin revokes, with a reason.
    const path = `/admin/credentials/${id}/revoke`;
    expect((await call(platform, 'POST', path, { reason: 'x' }, earner.authorization)).status).toBe(
      403,
    );
    expect((await call(platform, 'POST', path, { reason: 'x' })).status).toBe(401);
    expect(await call(platform, 'POST', path, { reason: ' ' }, bearer(adminToken))).toMatchObject({
      status: 400,
      message: CREDENTIAL_MESSAGES.reasonRequired,
    });
    const revoked = await call(
      platform,
      'POST',
      path,
      { reason: 'Evidence was plagiarised' },
      bearer(adminToken),
    );
    expect(revoked).toMatchObject({ status: 200, message: CREDENTIAL_MESSAGES.revoked });
    expect(
      (await call(platform, 'POST', path, { reason: 'again' }, bearer(adminToken))).status,
    ).toBe(409);

    for (const input of [{ json: before.json }, { jwt: before.jwt }, { png: before.png }]) {
      const report = await verify(input);
      expect(report).toMatchObject({ verified: false, status: 'revoked' });
      expect(outcomes(report)).toEqual({ ...ALL_PASSED, status: 'failed' });
    }
    // The signed status list a verifier fetches has the credential's bit set, and only that.
    const entry = before.json.credentialStatus;
    const listJwt = await (await fetch(entry.statusListCredential)).text();
    const list = JSON.parse(Buffer.from(listJwt.split('.')[1]!, 'base64url').toString('utf8'));
    expect(list.type).toEqual(['VerifiableCredential', 'BitstringStatusListCredential']);
    const encoded = list.credentialSubject.encodedList as string;
    expect(await statusBitOf(encoded, Number(entry.statusListIndex))).toBe(true);
    const good = await credentialOf(credentialId);
    expect(await statusBitOf(encoded, Number(good.credentialStatus.statusListIndex))).toBe(false);
  });

  it('shows a credential past its validUntil as expired', async () => {
    // A badge that expired a day ago, awarded three days ago.
    const id = await issue({
      issuedAt: new Date(Date.now() - 3 * 86_400_000),
      badge: { ...facts.badge, expiresAt: new Date(Date.now() - 86_400_000) },
    });
    const { json, jwt, png } = await allForms(id);
    expect(json.validUntil).toBeDefined();
    for (const input of [{ json }, { jwt }, { png }]) {
      const report = await verify(input);
      expect(report).toMatchObject({ verified: false, status: 'expired' });
      expect(report.checks.find((c) => c.check === 'validity')).toMatchObject({
        outcome: 'failed',
        title: 'Expired',
      });
      expect(outcomes(report).signature).toBe('passed');
    }
  });

  it('gives the baked PNG to the earner only; the JSON and JWT to anyone', async () => {
    expect((await get(`/credentials/${credentialId}/png`)).status).toBe(401);
    expect((await get(`/credentials/${credentialId}/png`, stranger.authorization)).status).toBe(
      403,
    );
    const png = await get(`/credentials/${credentialId}/png`, earner.authorization);
    expect(png.headers.get('content-type')).toBe('image/png');
    expect((await get(`/credentials/${credentialId}`)).status).toBe(200);
    expect((await get('/credentials/00000000-0000-4000-8000-000000000000')).status).toBe(404);

    const mine = await call<Json[]>(
      platform,
      'GET',
      '/credentials/mine',
      undefined,
      earner.authorization,
    );
    expect(mine.data.map((c) => c.id)).toContain(credentialId);
    expect(mine.data.find((c) => c.id === credentialId)).toMatchObject({
      badgeName: 'Compiler Pioneer',
      status: 'active',
      verifyUrl: `${platform.url}/verify/${credentialId}`,
    });
    expect(
      (await call<Json[]>(platform, 'GET', '/credentials/mine', undefined, stranger.authorization))
        .data,
    ).toEqual([]);
  });

  it("reads a claim's chain proof from its pipeline record and events, as onCompleted will", async () => {
    // A transaction the pipeline settled (here a transfer), and the claim's decoded events.
    const payer = await createTestUser(platform.ctx, { gets: '2' });
    const [transactionId] = await queueTransfers(platform.ctx, [payer], earner.address, '1');
    await waitUntilSettled(platform.ctx);
    const receipt = await platform.ctx.chain.publicClient.getTransactionReceipt({
      hash: minted.transactionHash,
    });
    const decode = eventDecoder(platform.ctx.contracts);
    const events = receipt.logs.map(decode).filter((event) => event !== null);
    const [row] = await platform.ctx.db.query<{ transaction_hash: string }>(
      'SELECT transaction_hash FROM chain_transactions WHERE id = $1',
      [transactionId],
    );
    expect(await claimChainProof(platform.ctx.db, { id: transactionId! }, events)).toEqual({
      chainId: 137,
      transactionHash: row!.transaction_hash,
      tokenContract: platform.ctx.contracts.badgeToken,
      tokenId: String(minted.tokenId),
    });
    const notAClaim = events.filter((event) => event.eventName !== 'BadgeClaimed');
    await expect(
      claimChainProof(platform.ctx.db, { id: transactionId! }, notAClaim),
    ).rejects.toThrow(/minted no badge token/);
  });

  it('answers 400 with words for what is not a credential', async () => {
    const garbage = await call(platform, 'POST', '/verify', { credential: 'not a credential' });
    expect(garbage).toMatchObject({ status: 400, message: CREDENTIAL_MESSAGES.notACredential });
    const form = new FormData();
    form.append('file', new Blob([makePng()], { type: 'image/png' }), 'plain.png');
    const plain = await platform.request('/gs-api/verify', { method: 'POST', body: form });
    expect(plain.status).toBe(400);
    expect(((await plain.json()) as Json).message).toBe(CREDENTIAL_MESSAGES.noBakedCredential);
    const empty = await call(platform, 'POST', '/verify', {});
    expect(empty.status).toBe(400);
  });
});
