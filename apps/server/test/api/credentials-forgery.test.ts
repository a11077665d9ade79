// A forger's badge never gets this platform's word. The forger copies a real
// credential of this platform (its earner, its chain record, its entry on this
// platform's status list), calls its issuer "GETS Badges", gives it a data:
// image, and signs it with a key of their own (a did:key, which resolves
// without the network): as a VC-JWT and with a Data Integrity proof. POST
// /verify must never answer verified or show the name or the image; another
// issuer's honest badge gets a verdict of its own; bad input of any shape is a
// 4xx with a reason, never a 500.
import { generateKeyPairSync } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { importJWK, SignJWT } from 'jose';
import * as vc from '@digitalbazaar/vc';
import { DataIntegrityProof } from '@digitalbazaar/data-integrity';
import { cryptosuite as eddsaRdfc2022 } from '@digitalbazaar/eddsa-rdfc-2022-cryptosuite';
import * as Ed25519Multikey from '@digitalbazaar/ed25519-multikey';
import { CREDENTIAL_MESSAGES, type VerificationReport } from '@gets/schema';
import { offlineDocumentLoader } from '../../src/modules/credentials/data-integrity.ts';
import { bearer, call } from '../helpers/account-flows.ts';
import { credentialApiSuite } from '../helpers/credential-api.ts';

type Json = Record<string, unknown>;

const DATA_IMAGE = `data:image/png;base64,${Buffer.from('not really a png').toString('base64')}`;

/** A forger's own Ed25519 key, as a did:key, able to sign both forms. */
async function forgerKey() {
  const jwk = generateKeyPairSync('ed25519').privateKey.export({ format: 'jwk' });
  const keyPair = await Ed25519Multikey.fromJwk({ jwk, secretKey: true });
  const did = `did:key:${keyPair.publicKeyMultibase}`;
  keyPair.id = `${did}#${keyPair.publicKeyMultibase}`;
  keyPair.controller = did;
  const privateKey = await importJWK(jwk as Parameters<typeof importJWK>[0], 'EdDSA');
  return {
    did,
    signJwt: (credential: Json) =>
      new SignJWT({ ...credential })
        .setProtectedHeader({ alg: 'EdDSA', typ: 'vc+jwt', kid: keyPair.id })
        .setIssuer(did)
        .setJti(credential.id as string)
        .setSubject((credential.credentialSubject as Json).id as string)
        .setNotBefore(Date.parse(credential.validFrom as string) / 1000)
        .sign(privateKey),
    signDataIntegrity: (credential: Json) =>
      vc.issue({
        credential,
        suite: new DataIntegrityProof({ signer: keyPair.signer(), cryptosuite: eddsaRdfc2022 }),
        documentLoader: offlineDocumentLoader(),
      }) as Promise<Json>,
  };
}

describe('POST /verify on a forgery of this platform’s badge', () => {
  const api = credentialApiSuite();
  const { credentialOf, verify, outcomes, issue } = api;
  let real: Json;
  let revokedIndex: string;

  beforeAll(async () => {
    real = (await credentialOf(api.state.credentialId)) as unknown as Json;
    // Another credential of the platform, revoked: the forger may name its bit too.
    const revokedId = await issue({});
    const revoked = await call(
      api.state.platform,
      'POST',
      `/admin/credentials/${revokedId}/revoke`,
      { reason: 'Issued in error' },
      bearer(api.state.adminToken),
    );
    expect(revoked.status).toBe(200);
    revokedIndex = (await credentialOf(revokedId)).credentialStatus.statusListIndex;
  });

  /** The real credential, re-issued by the forger under the platform's name. */
  function forgery(did: string, changes: { statusListIndex?: string } = {}): Json {
    const { proof: _proof, ...copy } = structuredClone(real);
    const subject = copy.credentialSubject as Json;
    const achievement = subject.achievement as Json;
    return {
      ...copy,
      issuer: { id: did, type: ['Profile'], name: 'GETS Badges' },
      credentialSubject: {
        ...subject,
        achievement: {
          ...achievement,
          name: 'Chief Cryptographer',
          image: { id: DATA_IMAGE, type: 'Image' },
          creator: { ...(achievement.creator as Json), name: 'GETS Badges' },
        },
      },
      credentialStatus: {
        ...(copy.credentialStatus as Json),
        ...(changes.statusListIndex ? { statusListIndex: changes.statusListIndex } : {}),
      },
    };
  }

  const expectNeverVouched = (report: VerificationReport, did: string) => {
    expect(report.verified).toBe(false);
    expect(report.verdict).toBe('notVerified');
    // What it claims about itself is not shown as fact: no name, no image of its choosing.
    expect(report.credential).toMatchObject({
      badgeName: 'Chief Cryptographer',
      issuerName: null,
      issuerId: did,
      imageUrl: null,
    });
    // This platform's list does not speak for what this platform did not sign.
    expect(report.status).toBe('unknown');
    expect(outcomes(report)).toEqual({
      signature: 'passed',
      schema: 'passed',
      issuer: 'failed',
      validity: 'passed',
      status: 'skipped',
      chain: 'skipped',
    });
    const issuer = report.checks.find((c) => c.check === 'issuer')!;
    expect(issuer.title).toBe('Not GETS Badges');
    expect(issuer.detail).toContain('"GETS Badges", which reads as GETS Badges');
    expect(report.checks.find((c) => c.check === 'status')!.detail).toBe(
      'It names a revocation list of GETS Badges, but GETS Badges did not issue it, so that list says nothing about it.',
    );
  };

  it('never calls the VC-JWT form verified, with the active or a revoked bit of the list', async () => {
    const key = await forgerKey();
    expectNeverVouched(await verify({ jwt: await key.signJwt(forgery(key.did)) }), key.did);
    const onRevokedBit = forgery(key.did, { statusListIndex: revokedIndex });
    expectNeverVouched(await verify({ jwt: await key.signJwt(onRevokedBit) }), key.did);
  });

  it('never calls the Data Integrity form verified, with the active or a revoked bit of the list', async () => {
    const key = await forgerKey();
    const signed = await key.signDataIntegrity(forgery(key.did));
    expectNeverVouched(await verify({ json: signed }), key.did);
    const onRevokedBit = forgery(key.did, { statusListIndex: revokedIndex });
    expectNeverVouched(await verify({ json: await key.signDataIntegrity(onRevokedBit) }), key.did);
  });

  it('flags look-alikes of the name: case, spacing, other scripts, digits', async () => {
    const key = await forgerKey();
    for (const name of ['gets  badges', 'G\u0395TS \u0412adges', 'GET5 Badges Official']) {
      const credential = forgery(key.did);
      credential.issuer = { id: key.did, type: ['Profile'], name };
      const report = await verify({ jwt: await key.signJwt(credential) });
      expect(report.verdict, name).toBe('notVerified');
      expect(report.checks.find((c) => c.check === 'issuer')!.title, name).toBe('Not GETS Badges');
    }
  });

  it("a forger's key cannot claim this platform's issuer id", async () => {
    const key = await forgerKey();
    const credential = forgery(key.did);
    credential.issuer = real.issuer;
    const report = await verify({ jwt: await key.signJwt(credential) });
    expect(report).toMatchObject({ verified: false, verdict: 'notVerified', status: 'unknown' });
    expect(report.checks.find((c) => c.check === 'issuer')).toMatchObject({
      outcome: 'failed',
      title: 'Not confirmed',
    });
  });

  it("another issuer's honest badge: signed by another issuer, its identifier shown, nothing vouched", async () => {
    const key = await forgerKey();
    const { credentialStatus: _status, ...credential } = forgery(key.did);
    credential.issuer = { id: key.did, type: ['Profile'], name: 'Harbour Academy' };
    const achievement = (credential.credentialSubject as Json).achievement as Json;
    achievement.creator = { ...(achievement.creator as Json), name: 'Harbour Academy' };
    const report = await verify({ jwt: await key.signJwt(credential) });
    expect(report).toMatchObject({ verified: false, verdict: 'otherIssuer', status: 'active' });
    expect(report.credential).toMatchObject({
      issuerName: null,
      issuerId: key.did,
      imageUrl: null,
    });
    expect(report.checks.find((c) => c.check === 'chain')).toMatchObject({
      outcome: 'skipped',
      detail:
        'Only the badges GETS Badges issues carry a chain record it can check, and GETS Badges did not issue this one.',
    });
  });

  it('the real credential still verifies, with its image on this platform', async () => {
    const report = await verify({ json: real });
    expect(report).toMatchObject({ verified: true, verdict: 'verified', status: 'active' });
    expect(report.credential!.issuerName).toBe('GETS Badges');
    expect(report.credential!.imageUrl).toMatch(/^http:\/\/[^/]+\/gs-api\//);
  });
});

describe('POST /verify on bad input of any shape', () => {
  const api = credentialApiSuite();

  async function post(body: string, contentType = 'application/json') {
    const response = await api.state.platform.request('/gs-api/verify', {
      method: 'POST',
      headers: { 'content-type': contentType },
      body,
    });
    return { status: response.status, body: (await response.json()) as { message: string } };
  }
  const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

  it('answers a malformed enveloped credential, JWT or document with a 4xx and a reason', async () => {
    const enveloped = (id: string) =>
      JSON.stringify({
        credential: { '@context': [], type: ['EnvelopedVerifiableCredential'], id },
      });
    const cases: Array<[string, string?]> = [
      [enveloped('data:application/vc+jwt,%E0%A4%A')],
      [enveloped('data:application/vc+jwt,not-a-jwt')],
      [enveloped(`data:application/vc+jwt,${b64({ alg: 'EdDSA' })}.${b64([1])}.c2ln`)],
      ['eyJ.eyJ.eyJ', 'application/vc+jwt'],
      [`${b64(null)}.${b64(null)}.c2ln`, 'application/vc+jwt'],
      [JSON.stringify({ credential: [] })],
      [JSON.stringify({ credential: '{"type":' })],
    ];
    for (const [body, contentType] of cases) {
      const answer = await post(body, contentType);
      expect(answer.status, `${body}: ${answer.body.message}`).toBeGreaterThanOrEqual(400);
      expect(answer.status, body).toBeLessThan(500);
      expect(answer.body.message, body).toEqual(expect.any(String));
    }
    expect((await post(cases[0]![0])).body.message).toBe(CREDENTIAL_MESSAGES.notACredential);
  });

  it('never answers a 5xx to a badge-typed document whose members are anything at all', async () => {
    const member = fc.oneof(
      fc.jsonValue({ maxDepth: 3 }),
      fc.constantFrom(
        'did:key:z6Mk',
        'did:key:zzzz#x',
        'data:application/vc+jwt,%',
        'https://example.org/gs-api/credentials/status/00000000-0000-4000-8000-000000000000',
      ),
    );
    const document = fc.record(
      {
        '@context': member,
        id: member,
        issuer: fc.oneof(member, fc.record({ id: member, name: member })),
        validFrom: member,
        validUntil: member,
        credentialSubject: fc.oneof(member, fc.record({ id: member, achievement: member })),
        credentialStatus: fc.oneof(
          member,
          fc.record({ statusListCredential: member, statusListIndex: member }),
        ),
        evidence: member,
        proof: fc.oneof(
          member,
          fc.record({ type: member, cryptosuite: member, verificationMethod: member }),
        ),
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(document, fc.boolean(), async (members, asJwt) => {
        const credential = { ...members, type: ['VerifiableCredential', 'OpenBadgeCredential'] };
        const answer = asJwt
          ? await post(
              `${b64({ alg: 'EdDSA', kid: members.proof })}.${b64(credential)}.c2ln`,
              'application/vc+jwt',
            )
          : await post(JSON.stringify({ credential }));
        expect(answer.status, answer.body.message).toBeLessThan(500);
      }),
      { numRuns: 150 },
    );
  });
});
