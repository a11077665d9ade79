// OpenID4VCI 1.0 proof of possession and DPoP against the running test
// platform over HTTP, with proofs made by hand (jose) so each rule can be
// broken on its own: a c_nonce from the nonce endpoint, good once; a recent
// iat; an asymmetric algorithm from the allow-list and a public key of its
// type; DPoP held to the same list. The credential is the earner's, not bound
// to the proof's key (decision 0058).
import {
  createHash,
  generateKeyPairSync,
  randomBytes,
  randomUUID,
  type KeyObject,
} from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  calculateJwkThumbprint,
  decodeJwt,
  exportJWK,
  generateKeyPair,
  SignJWT,
  type CryptoKey,
  type JWK,
} from 'jose';
import { preAuthorizedCodeGrantIdentifier } from '@openid4vc/oauth2';
import type { CredentialOffer } from '@gets/schema';
import { issueCredential } from '../../src/modules/credentials/service.ts';
import { pruneUnusedNonces } from '../../src/modules/credentials/openid4vci/offer-pruning.ts';
import { WALLET_SIGNING_ALGORITHMS } from '../../src/modules/credentials/openid4vci/wallet-keys.ts';
import { createTestUser, type TestUser } from '../helpers/accounts.ts';
import { claimedAwardFacts } from '../helpers/credentials.ts';
import { startTestPlatform, type TestPlatform } from '../helpers/test-platform.ts';

type Json = Record<string, unknown>;
const IMAGE = '/gs-api/ipfs/bafkreihdwdcefgh4dqkjv67uzcmw7ojee6xedzdetojuzjevtenxquvyku';
const PROOF_TYPE = 'openid4vci-proof+jwt';
const YEAR_SECONDS = 365 * 86_400;
const now = () => Math.floor(Date.now() / 1000);

/** A key pair of an algorithm, with its public JWK as a proof names it. */
async function keyFor(alg: string) {
  const { privateKey, publicKey } = await generateKeyPair(alg, { extractable: true });
  return { alg, privateKey, publicJwk: await exportJWK(publicKey) };
}
type Key = Awaited<ReturnType<typeof keyFor>>;

describe('Add to wallet: proof of possession and DPoP (OpenID4VCI 1.0)', () => {
  let platform: TestPlatform;
  let earner: TestUser;
  let credentialId: string;
  let es256: Key;

  beforeAll(async () => {
    platform = await startTestPlatform({ RATE_LIMIT_IP_MAX: '1000' });
    earner = await createTestUser(platform.ctx);
    const { facts } = await claimedAwardFacts(platform.ctx, earner, { imageUrl: IMAGE });
    ({ credentialId } = await platform.ctx.db.transaction((tx) => issueCredential(tx, facts)));
    es256 = await keyFor('ES256');
  });
  afterAll(async () => {
    await platform?.stop();
  });

  const tokenUrl = () => `${platform.url}/gs-api/oid4vci/token`;
  const credentialUrl = () => `${platform.url}/gs-api/oid4vci/credential`;

  async function offerOf(body?: Json): Promise<CredentialOffer> {
    const response = await platform.request(`/gs-api/credentials/${credentialId}/offer`, {
      method: 'POST',
      headers: {
        ...earner.authorization,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { data: CredentialOffer }).data;
  }
  const grantOf = (offerUri: string) => {
    const offer = JSON.parse(new URL(offerUri).searchParams.get('credential_offer')!) as {
      grants: Record<string, { 'pre-authorized_code': string; tx_code?: Json }>;
    };
    return offer.grants[preAuthorizedCodeGrantIdentifier]!;
  };
  const tokenRequest = (code: string, extra: { txCode?: string; dpop?: string } = {}) =>
    platform.request('/gs-api/oid4vci/token', {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        ...(extra.dpop ? { dpop: extra.dpop } : {}),
      },
      body: new URLSearchParams({
        grant_type: preAuthorizedCodeGrantIdentifier,
        'pre-authorized_code': code,
        ...(extra.txCode === undefined ? {} : { tx_code: extra.txCode }),
      }),
    });
  /** A Bearer access token of a fresh offer. */
  async function freshToken(): Promise<string> {
    const response = await tokenRequest(grantOf((await offerOf()).offerUri)['pre-authorized_code']);
    expect(response.status).toBe(200);
    return ((await response.json()) as { access_token: string }).access_token;
  }
  async function nonce(): Promise<string> {
    const response = await platform.request('/gs-api/oid4vci/nonce', { method: 'POST' });
    expect(response.status).toBe(200);
    return ((await response.json()) as { c_nonce: string }).c_nonce;
  }
  /** A proof of possession signed by `key`, with any header or claim changed. */
  function proof(key: Key, change: { header?: Json; payload?: Json } = {}) {
    return new SignJWT({ aud: platform.url, iat: now(), ...change.payload })
      .setProtectedHeader({ alg: key.alg, typ: PROOF_TYPE, jwk: key.publicJwk, ...change.header })
      .sign(key.privateKey);
  }
  const credentialRequest = (accessToken: string, jwt: string, headers: Json = {}) =>
    platform.request('/gs-api/oid4vci/credential', {
      method: 'POST',
      headers: {
        authorization: `Bearer ${accessToken}`,
        'content-type': 'application/json',
        ...headers,
      } as Record<string, string>,
      body: JSON.stringify({
        credential_configuration_id: 'OpenBadgeCredential',
        proof: { proof_type: 'jwt', jwt },
      }),
    });
  async function expectRefused(response: Response, status: number, error: string) {
    const body = (await response.json()) as { error: string; error_description?: string };
    expect({ status: response.status, error: body.error }).toEqual({ status, error });
    return body.error_description ?? '';
  }

  describe('the nonce endpoint and the proof', () => {
    it('answers a fresh c_nonce that no cache keeps, at the nonce_endpoint of the metadata', async () => {
      const metadata = (await (
        await platform.request('/.well-known/openid-credential-issuer')
      ).json()) as { nonce_endpoint: string };
      expect(metadata.nonce_endpoint).toBe(`${platform.url}/gs-api/oid4vci/nonce`);
      const first = await platform.request('/gs-api/oid4vci/nonce', { method: 'POST' });
      expect(first.status).toBe(200);
      expect(first.headers.get('cache-control')).toBe('no-store');
      const { c_nonce } = (await first.json()) as { c_nonce: string };
      expect(c_nonce).toMatch(/^[\w-]{43}$/);
      expect(await nonce()).not.toBe(c_nonce);
    });

    it('takes a proof by an ES256, an EdDSA or a PS256 key carrying a fresh nonce and a recent iat', async () => {
      for (const key of [es256, await keyFor('EdDSA'), await keyFor('PS256')]) {
        const response = await credentialRequest(
          await freshToken(),
          await proof(key, { payload: { nonce: await nonce() } }),
        );
        expect(response.status, key.alg).toBe(200);
        const { credentials } = (await response.json()) as {
          credentials: { credential: string }[];
        };
        expect(decodeJwt(credentials[0]!.credential).jti).toBe(
          `${platform.url}/gs-api/credentials/${credentialId}`,
        );
      }
    });

    it('refuses HS256 with a symmetric jwk: the secret that signs it is in the proof', async () => {
      const secret = randomBytes(32);
      const jwt = await new SignJWT({ aud: platform.url, iat: now(), nonce: await nonce() })
        .setProtectedHeader({
          alg: 'HS256',
          typ: PROOF_TYPE,
          // jose's types keep key material out of a header: this proof puts it there.
          jwk: { kty: 'oct', k: secret.toString('base64url') } as JWK,
        })
        .sign(secret);
      const said = await expectRefused(
        await credentialRequest(await freshToken(), jwt),
        400,
        'invalid_proof',
      );
      expect(said).toContain("alg 'HS256' is not one of");
    });

    it('refuses a private key in the proof, and a key of another type than its alg', async () => {
      const withPrivate = await keyFor('ES256');
      const privateJwk = await exportJWK(withPrivate.privateKey as CryptoKey);
      const leaking = await proof(withPrivate, {
        header: { jwk: privateJwk },
        payload: { nonce: await nonce() },
      });
      expect(
        await expectRefused(
          await credentialRequest(await freshToken(), leaking),
          400,
          'invalid_proof',
        ),
      ).toContain("without 'd'");

      // An RSA signature under an ES256 header (jose itself will not sign so).
      const rsa = await keyFor('PS256');
      const [, payload, signature] = (
        await proof(rsa, { payload: { nonce: await nonce() } })
      ).split('.');
      const header = Buffer.from(
        JSON.stringify({ alg: 'ES256', typ: PROOF_TYPE, jwk: rsa.publicJwk }),
      ).toString('base64url');
      expect(
        await expectRefused(
          await credentialRequest(await freshToken(), `${header}.${payload}.${signature}`),
          400,
          'invalid_proof',
        ),
      ).toContain("'ES256' needs kty EC crv P-256, not kty RSA");
    });

    it('refuses a proof issued a year ago, or ten minutes from now', async () => {
      for (const iat of [now() - YEAR_SECONDS, now() + 600]) {
        const jwt = await proof(es256, { payload: { iat, nonce: await nonce() } });
        const said = await expectRefused(
          await credentialRequest(await freshToken(), jwt),
          400,
          'invalid_proof',
        );
        expect(said).toMatch(/'iat' is (more than 300 seconds old|in the future)/);
      }
    });

    it('refuses a proof without a nonce (invalid_proof)', async () => {
      const said = await expectRefused(
        await credentialRequest(await freshToken(), await proof(es256)),
        400,
        'invalid_proof',
      );
      expect(said).toContain("'nonce' from the nonce endpoint");
    });

    it('takes a nonce once: a replayed proof, or a new proof with a used nonce, is invalid_nonce', async () => {
      const used = await nonce();
      const first = await proof(es256, { payload: { nonce: used } });
      expect((await credentialRequest(await freshToken(), first)).status).toBe(200);

      await expectRefused(await credentialRequest(await freshToken(), first), 400, 'invalid_nonce');
      const again = await proof(es256, { payload: { nonce: used, iat: now() } });
      await expectRefused(await credentialRequest(await freshToken(), again), 400, 'invalid_nonce');
    });

    it('refuses a nonce it never gave or one that expired, and the same token then takes a good proof', async () => {
      const token = await freshToken();
      const unknown = await proof(es256, {
        payload: { nonce: randomBytes(32).toString('base64url') },
      });
      expect(
        await expectRefused(await credentialRequest(token, unknown), 400, 'invalid_nonce'),
      ).toContain('ask the nonce endpoint for a new one');

      // Every nonce given so far expires (this one among them).
      const stale = await nonce();
      await platform.ctx.db.query(
        "UPDATE credential_nonces SET expires_at = now() - interval '1 second'",
      );
      const late = await proof(es256, { payload: { nonce: stale } });
      await expectRefused(await credentialRequest(token, late), 400, 'invalid_nonce');

      // The refused proofs spent nothing: the wallet asks for a new nonce and goes on.
      const retried = await proof(es256, { payload: { nonce: await nonce() } });
      expect((await credentialRequest(token, retried)).status).toBe(200);
    });

    it('prunes nonces that expired unused, and only those', async () => {
      await nonce();
      await platform.ctx.db.query(
        "UPDATE credential_nonces SET expires_at = now() - interval '1 minute'",
      );
      const live = await nonce();
      expect(await pruneUnusedNonces(platform.ctx.db)).toBeGreaterThan(0);
      const [left] = await platform.ctx.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM credential_nonces',
      );
      expect(left!.n).toBe(1);
      const taken = await proof(es256, { payload: { nonce: live } });
      expect((await credentialRequest(await freshToken(), taken)).status).toBe(200);
    });

    it("names the earner's did:pkh in the credential, not the proof's key (not bound)", async () => {
      const key = await keyFor('ES256');
      const response = await credentialRequest(
        await freshToken(),
        await proof(key, { payload: { nonce: await nonce() } }),
      );
      const { credentials } = (await response.json()) as { credentials: { credential: string }[] };
      const payload = decodeJwt(credentials[0]!.credential);
      const earnerDid = `did:pkh:eip155:${platform.ctx.chain.chain.id}:${earner.address}`;
      expect(payload.sub).toBe(earnerDid);
      expect((payload.credentialSubject as Json).id).toBe(earnerDid);
      expect(payload.cnf).toBeUndefined();
      const serialized = JSON.stringify(payload);
      expect(serialized).not.toContain(String(key.publicJwk.x));
      expect(serialized).not.toContain(await calculateJwkThumbprint(key.publicJwk));

      // The same VC-JWT the credentials module publishes, whichever key proved possession.
      const published = await (
        await platform.request(`/gs-api/credentials/${credentialId}/jwt`)
      ).text();
      expect(credentials[0]!.credential).toBe(published);
      const metadata = (await (
        await platform.request('/.well-known/openid-credential-issuer')
      ).json()) as { credential_configurations_supported: Record<string, Json> };
      const configuration = metadata.credential_configurations_supported.OpenBadgeCredential!;
      expect(configuration).not.toHaveProperty('cryptographic_binding_methods_supported');
      expect(configuration.proof_types_supported).toEqual({
        jwt: { proof_signing_alg_values_supported: WALLET_SIGNING_ALGORITHMS },
      });
    });
  });

  describe('DPoP', () => {
    /** An RSA key pair that signs under any RSA algorithm (a CryptoKey is bound to one). */
    async function rsaKey() {
      const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
      return { privateKey, publicJwk: await exportJWK(publicKey) };
    }
    /** A DPoP proof (RFC 9449) for a POST to `url`, signed by `key` as `alg`. */
    async function dpopProof(
      key: { privateKey: CryptoKey | KeyObject | Uint8Array; publicJwk: JWK },
      alg: string,
      url: string,
      claims: Json = {},
    ) {
      return new SignJWT({ htm: 'POST', htu: url, iat: now(), jti: randomUUID(), ...claims })
        .setProtectedHeader({ alg, typ: 'dpop+jwt', jwk: key.publicJwk })
        .sign(key.privateKey);
    }

    it('lists in the metadata the algorithms it takes, the same list as for proofs', async () => {
      const server = (await (
        await platform.request('/.well-known/oauth-authorization-server')
      ).json()) as { dpop_signing_alg_values_supported: string[] };
      expect(server.dpop_signing_alg_values_supported).toEqual(WALLET_SIGNING_ALGORITHMS);
      expect(WALLET_SIGNING_ALGORITHMS).not.toContain('RS512');
      expect(WALLET_SIGNING_ALGORITHMS.filter((alg) => /^(HS|none)/i.test(alg))).toEqual([]);
    });

    it('refuses at the token endpoint a DPoP proof by HS256, by RS512 (off the list) or a year old', async () => {
      const secret = randomBytes(32);
      const rsa = await rsaKey();
      const proofs = [
        await dpopProof(
          { privateKey: secret, publicJwk: { kty: 'oct', k: secret.toString('base64url') } },
          'HS256',
          tokenUrl(),
        ),
        await dpopProof(rsa, 'RS512', tokenUrl()),
        await dpopProof(es256, 'ES256', tokenUrl(), { iat: now() - YEAR_SECONDS }),
      ];
      for (const dpop of proofs) {
        const code = grantOf((await offerOf()).offerUri)['pre-authorized_code'];
        await expectRefused(await tokenRequest(code, { dpop }), 400, 'invalid_dpop_proof');
      }
      // The same key with an algorithm on the list is taken.
      const code = grantOf((await offerOf()).offerUri)['pre-authorized_code'];
      const taken = await tokenRequest(code, { dpop: await dpopProof(rsa, 'PS256', tokenUrl()) });
      expect(taken.status).toBe(200);
      expect(((await taken.json()) as { token_type: string }).token_type).toBe('DPoP');
    });

    it('refuses at the credential endpoint a DPoP proof by the bound key under an algorithm off the list', async () => {
      const rsa = await rsaKey();
      const code = grantOf((await offerOf()).offerUri)['pre-authorized_code'];
      const response = await tokenRequest(code, {
        dpop: await dpopProof(rsa, 'PS256', tokenUrl()),
      });
      const { access_token } = (await response.json()) as { access_token: string };
      const ath = createHash('sha256').update(access_token).digest('base64url');
      const ask = async (alg: string) =>
        platform.request('/gs-api/oid4vci/credential', {
          method: 'POST',
          headers: {
            authorization: `DPoP ${access_token}`,
            dpop: await dpopProof(rsa, alg, credentialUrl(), { ath }),
            'content-type': 'application/json',
          },
          body: JSON.stringify({
            credential_configuration_id: 'OpenBadgeCredential',
            proof: {
              proof_type: 'jwt',
              jwt: await proof(es256, { payload: { nonce: await nonce() } }),
            },
          }),
        });
      const refused = await ask('RS512');
      expect(refused.status).toBe(401);
      expect(refused.headers.get('www-authenticate')).toMatch(/^DPoP error="invalid_dpop_proof"/);
      const { error_description } = (await refused.json()) as { error_description: string };
      expect(error_description).toContain("alg value 'RS512'");
      expect((await ask('PS256')).status).toBe(200);
    });
  });
});
