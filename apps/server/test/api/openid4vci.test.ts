// "Add to wallet" (OpenID4VCI, pre-authorized code flow) against the running
// test platform over HTTP: a scripted wallet (Openid4vciClient) takes an
// earner's offer end to end and gets the award's VC-JWT, which verifies with
// jose against the published JWKS alone; a second redemption, an expired
// offer, another user's award and a forged token are refused with the OAuth
// errors the specifications name.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalJWKSet, generateKeyPair, jwtVerify, SignJWT } from 'jose';
import { preAuthorizedCodeGrantIdentifier } from '@openid4vc/oauth2';
import { CREDENTIAL_OFFER_TTL_SECONDS, type CredentialOffer } from '@gets/schema';
import {
  issueCredential,
  revokeCredentialsOfBadge,
} from '../../src/modules/credentials/service.ts';
import { expireOpenOffers } from '../../src/modules/credentials/openid4vci/offer-repository.ts';
import {
  OFFERS_KEPT_MS,
  pruneOldOffers,
} from '../../src/modules/credentials/openid4vci/offer-pruning.ts';
import { createTestUser, type TestUser } from '../helpers/accounts.ts';
import { claimedAwardFacts, sampleAwardFacts } from '../helpers/credentials.ts';
import { startTestPlatform, type TestPlatform } from '../helpers/test-platform.ts';
import { createTestWallet, type Redemption, type TestWallet } from '../helpers/wallet.ts';

type Json = Record<string, unknown>;
const IMAGE = '/gs-api/ipfs/bafkreihdwdcefgh4dqkjv67uzcmw7ojee6xedzdetojuzjevtenxquvyku';

describe('Add to wallet (OpenID4VCI)', () => {
  let platform: TestPlatform;
  let earner: TestUser;
  let stranger: TestUser;
  let credentialId: string;
  let strangersCredentialId: string;
  let strangersBadgeId: string;
  let wallet: TestWallet;

  beforeAll(async () => {
    platform = await startTestPlatform({ RATE_LIMIT_IP_MAX: '1000' });
    earner = await createTestUser(platform.ctx);
    stranger = await createTestUser(platform.ctx);
    const { facts } = await claimedAwardFacts(platform.ctx, earner, { imageUrl: IMAGE });
    ({ credentialId } = await platform.ctx.db.transaction((tx) => issueCredential(tx, facts)));
    const strangers = sampleAwardFacts({
      earner: { ...facts.earner, userId: stranger.id, email: stranger.email },
      chainProof: facts.chainProof,
    });
    strangersBadgeId = strangers.badge.id;
    ({ credentialId: strangersCredentialId } = await platform.ctx.db.transaction((tx) =>
      issueCredential(tx, strangers),
    ));
    wallet = await createTestWallet();
  });
  afterAll(async () => {
    await platform?.stop();
  });

  async function requestOffer(user: TestUser, id: string) {
    const response = await platform.request(`/gs-api/credentials/${id}/offer`, {
      method: 'POST',
      headers: user.authorization,
    });
    return { status: response.status, body: (await response.json()) as { data: CredentialOffer } };
  }
  async function offerOf(user: TestUser, id: string) {
    const { status, body } = await requestOffer(user, id);
    expect(status).toBe(200);
    return body.data;
  }
  const codeOf = (offerUri: string) => {
    const offer = JSON.parse(new URL(offerUri).searchParams.get('credential_offer')!) as {
      grants: Record<string, { 'pre-authorized_code': string }>;
    };
    return offer.grants[preAuthorizedCodeGrantIdentifier]!['pre-authorized_code'];
  };
  /** A token request as any OAuth client sends it (form-encoded). */
  const tokenRequest = (code: string) =>
    platform.request('/gs-api/oid4vci/token', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: preAuthorizedCodeGrantIdentifier,
        'pre-authorized_code': code,
      }),
    });
  const credentialRequest = (accessToken: string, body: Json) =>
    platform.request('/gs-api/oid4vci/credential', {
      method: 'POST',
      headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('hands the earner an offer that a wallet redeems for the VC-JWT of the award', async () => {
    const offer = await offerOf(earner, credentialId);
    expect(offer.offerUri).toMatch(/^openid-credential-offer:\/\/\?credential_offer=/);
    const leftMs = new Date(offer.expiresAt).getTime() - Date.now();
    expect(leftMs).toBeGreaterThan((CREDENTIAL_OFFER_TTL_SECONDS - 60) * 1000);
    expect(leftMs).toBeLessThanOrEqual(CREDENTIAL_OFFER_TTL_SECONDS * 1000);

    const redeemed = await wallet.redeem(offer.offerUri);
    expect(redeemed.offer.credential_issuer).toBe(platform.url);
    expect(redeemed.offer.credential_configuration_ids).toEqual(['OpenBadgeCredential']);
    expect(redeemed.metadata.credentialIssuer.credential_endpoint).toBe(
      `${platform.url}/gs-api/oid4vci/credential`,
    );
    expect(redeemed.credentials).toHaveLength(1);
    const [received] = redeemed.credentials;

    // The same VC-JWT the credentials module publishes, verified with the JWKS alone.
    const published = await (
      await platform.request(`/gs-api/credentials/${credentialId}/jwt`)
    ).text();
    expect(received).toBe(published);
    const jwks = (await (await platform.request('/gs-api/credentials/issuer/jwks')).json()) as {
      keys: Json[];
    };
    const { payload } = await jwtVerify(received!, createLocalJWKSet(jwks as never));
    expect(payload.jti).toBe(`${platform.url}/gs-api/credentials/${credentialId}`);
    expect(payload.type).toEqual(['VerifiableCredential', 'OpenBadgeCredential']);
  });

  it('binds the access token to a DPoP key when the wallet sends one', async () => {
    const offer = await offerOf(earner, credentialId);
    const redeemed = await wallet.redeem(offer.offerUri, { dpop: true });
    expect(redeemed.tokenType).toBe('DPoP');
    expect(redeemed.credentials).toHaveLength(1);
    // Without its DPoP proof the token is refused as such (before its single use is judged).
    const bare = await platform.request('/gs-api/oid4vci/credential', {
      method: 'POST',
      headers: {
        authorization: `DPoP ${redeemed.accessToken}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ credential_configuration_id: 'OpenBadgeCredential' }),
    });
    expect(bare.status).toBe(401);
    expect(await bare.json()).toMatchObject({ error: 'invalid_dpop_proof' });
  });

  it('publishes both metadata documents at the root, with no private key anywhere', async () => {
    const issuer = (await (
      await platform.request('/.well-known/openid-credential-issuer')
    ).json()) as Json;
    const server = (await (
      await platform.request('/.well-known/oauth-authorization-server')
    ).json()) as Json;
    expect(issuer).toMatchObject({
      credential_issuer: platform.url,
      authorization_servers: [platform.url],
      credential_configurations_supported: {
        OpenBadgeCredential: { format: 'jwt_vc_json' },
      },
    });
    expect(server).toMatchObject({
      issuer: platform.url,
      token_endpoint: `${platform.url}/gs-api/oid4vci/token`,
      jwks_uri: `${platform.url}/gs-api/credentials/issuer/jwks`,
      grant_types_supported: [preAuthorizedCodeGrantIdentifier],
    });
    expect(JSON.stringify([issuer, server])).not.toMatch(/"d"\s*:/);
  });

  it('takes a pre-authorized code once: the second redemption is invalid_grant', async () => {
    const { offerUri } = await offerOf(earner, credentialId);
    const first = await tokenRequest(codeOf(offerUri));
    expect(first.status).toBe(200);
    const token = (await first.json()) as { access_token: string; token_type: string };
    expect(token.token_type).toBe('Bearer');

    const second = await tokenRequest(codeOf(offerUri));
    expect(second.status).toBe(400);
    expect(await second.json()).toMatchObject({ error: 'invalid_grant' });

    // The access token, too, is good for one credential.
    const metadata = await wallet.client.resolveIssuerMetadata(platform.url);
    const ask = async () =>
      credentialRequest(token.access_token, {
        credential_configuration_id: 'OpenBadgeCredential',
        proof: { proof_type: 'jwt', jwt: await wallet.proofFor(metadata) },
      });
    expect((await ask()).status).toBe(200);
    const again = await ask();
    expect(again.status).toBe(401);
    expect(again.headers.get('www-authenticate')).toContain('invalid_token');
    expect(await again.json()).toMatchObject({ error: 'invalid_token' });
  });

  it('refuses an expired offer with invalid_grant, and a newer offer ends the older one', async () => {
    const stale = await offerOf(earner, credentialId);
    await expireOpenOffers(platform.ctx.db, credentialId, new Date(Date.now() - 1000));
    const expired = await tokenRequest(codeOf(stale.offerUri));
    expect(expired.status).toBe(400);
    expect(await expired.json()).toMatchObject({ error: 'invalid_grant' });

    const older = await offerOf(earner, credentialId);
    const newer = await offerOf(earner, credentialId);
    expect((await tokenRequest(codeOf(older.offerUri))).status).toBe(400);
    expect((await tokenRequest(codeOf(newer.offerUri))).status).toBe(200);
  });

  it('prunes offers a day after they expired, redeemed or not; the live offer stays and redeems', async () => {
    const { facts } = await claimedAwardFacts(platform.ctx, earner, { imageUrl: IMAGE });
    const { credentialId: id } = await platform.ctx.db.transaction((tx) =>
      issueCredential(tx, facts),
    );
    // Offer after offer: each new one ends the one before.
    const offers = [];
    for (let i = 0; i < 5; i += 1) offers.push(await offerOf(earner, id));
    const redeemed = offers[3]!;
    const live = offers[4]!;
    const kept = async () =>
      (
        await platform.ctx.db.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM credential_offers WHERE credential_id = $1',
          [id],
        )
      )[0]!.n;
    expect(await kept()).toBe(5);

    // Expired less than a day ago: kept, so a code sent again is told it expired.
    await pruneOldOffers(platform.ctx.db);
    expect(await kept()).toBe(5);

    // A day and a minute on, as the job would run then: the four ended offers
    // go; the live one (its 10 minutes not over when this clock was read) stays.
    const later = new Date(Date.now() + OFFERS_KEPT_MS + 60_000);
    expect(await pruneOldOffers(platform.ctx.db, () => later)).toBeGreaterThanOrEqual(4);
    expect(await kept()).toBe(1);
    const refused = await tokenRequest(codeOf(redeemed.offerUri));
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: 'invalid_grant' });
    expect((await tokenRequest(codeOf(live.offerUri))).status).toBe(200);
  });

  it("never offers or hands out another user's credential", async () => {
    const refused = await requestOffer(stranger, credentialId);
    expect(refused.status).toBe(403);

    // The stranger's own offer reaches the stranger's credential and no other.
    const own = await offerOf(stranger, strangersCredentialId);
    const redeemed: Redemption = await wallet.redeem(own.offerUri);
    const { payload } = await jwtVerify(
      redeemed.credentials[0]!,
      createLocalJWKSet(
        (await (await platform.request('/gs-api/credentials/issuer/jwks')).json()) as never,
      ),
    );
    expect(payload.jti).toBe(`${platform.url}/gs-api/credentials/${strangersCredentialId}`);

    // Naming the earner's credential with a fresh token of the stranger's is refused.
    const next = await offerOf(stranger, strangersCredentialId);
    const token = (await (await tokenRequest(codeOf(next.offerUri))).json()) as {
      access_token: string;
    };
    const named = await credentialRequest(token.access_token, {
      credential_identifier: credentialId,
      proof: { proof_type: 'jwt', jwt: await wallet.proofFor(redeemed.metadata) },
    });
    expect(named.status).toBe(400);
    expect(((await named.json()) as { error: string }).error).toMatch(/^unknown_credential/);

    // A token the platform did not sign, naming the earner's offer, is invalid_token.
    const { privateKey } = await generateKeyPair('ES256');
    const forged = await new SignJWT({ sub: randomUUID(), scope: 'OpenBadgeCredential' })
      .setProtectedHeader({ alg: 'ES256', typ: 'at+jwt' })
      .setIssuer(platform.url)
      .setAudience(platform.url)
      .setIssuedAt()
      .setJti(randomUUID())
      .setExpirationTime('5m')
      .sign(privateKey);
    const denied = await credentialRequest(forged, {
      credential_configuration_id: 'OpenBadgeCredential',
      proof: { proof_type: 'jwt', jwt: await wallet.proofFor(redeemed.metadata) },
    });
    expect(denied.status).toBe(401);
  });

  it('asks for a valid proof of possession', async () => {
    const { offerUri } = await offerOf(earner, credentialId);
    const token = (await (await tokenRequest(codeOf(offerUri))).json()) as { access_token: string };
    const withoutProof = await credentialRequest(token.access_token, {
      credential_configuration_id: 'OpenBadgeCredential',
    });
    expect(withoutProof.status).toBe(400);
    expect(await withoutProof.json()).toMatchObject({ error: 'invalid_proof' });

    const metadata = await wallet.client.resolveIssuerMetadata(platform.url);
    const proof = await wallet.proofFor(metadata);
    const [header, payload] = proof.split('.');
    const tampered = await credentialRequest(token.access_token, {
      credential_configuration_id: 'OpenBadgeCredential',
      proof: { proof_type: 'jwt', jwt: `${header}.${payload}.${'A'.repeat(86)}` },
    });
    expect(tampered.status).toBe(400);
    expect(await tampered.json()).toMatchObject({ error: 'invalid_proof' });
  });

  it('offers no revoked credential, and an offer made before the revocation stops working', async () => {
    const before = await offerOf(stranger, strangersCredentialId);
    expect(await revokeCredentialsOfBadge(platform.ctx.db, strangersBadgeId, 'test')).toBe(1);
    expect((await requestOffer(stranger, strangersCredentialId)).status).toBe(409);
    const late = await tokenRequest(codeOf(before.offerUri));
    expect(late.status).toBe(400);
    expect(await late.json()).toMatchObject({ error: 'invalid_grant' });
  });
});
