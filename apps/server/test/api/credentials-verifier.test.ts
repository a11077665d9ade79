// What POST /verify says of what is not this platform's good badge: a status
// list credential, a credential of another type, a JWT of another typ (even
// one this platform signed), a foreign issuer's badge signed by a key made
// here (a did:key, resolved without the network), a badge signed by a key
// nobody publishes, and a baked PNG whose credential was changed.
import { generateKeyPairSync } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import * as vc from '@digitalbazaar/vc';
import { DataIntegrityProof } from '@digitalbazaar/data-integrity';
import { cryptosuite as eddsaRdfc2022 } from '@digitalbazaar/eddsa-rdfc-2022-cryptosuite';
import * as Ed25519Multikey from '@digitalbazaar/ed25519-multikey';
import type { VerificationReport } from '@gets/schema';
import { bakeCredential, readBakedCredential } from '../../src/modules/credentials/baking.ts';
import { offlineDocumentLoader } from '../../src/modules/credentials/data-integrity.ts';
import { CREDENTIAL_CONTEXTS } from '../../src/modules/credentials/open-badge-credential.ts';
import { credentialApiSuite } from '../helpers/credential-api.ts';
import { achievementCredentialErrors } from '../helpers/credentials.ts';
import type { TestPlatform } from '../helpers/test-platform.ts';

type Json = Record<string, unknown>;

/** An Open Badges credential of another issuer, as its own software would write it. */
const foreignBadge = (issuer: string, types = ['VerifiableCredential', 'OpenBadgeCredential']) => ({
  '@context': [...CREDENTIAL_CONTEXTS.slice(0, 2)],
  id: 'urn:uuid:5b3f0c2e-8d7a-4c1b-9e6f-2a4d8c0b1e37',
  type: types,
  name: 'Harbour Pilot',
  issuer: { id: issuer, type: ['Profile'], name: 'Other Academy' },
  validFrom: '2025-05-01T09:00:00Z',
  credentialSubject: {
    id: 'did:example:earner',
    type: ['AchievementSubject'],
    achievement: {
      id: 'https://academy.example/achievements/pilot',
      type: ['Achievement'],
      name: 'Harbour Pilot',
      description: 'Brought a ship into harbour.',
      criteria: { narrative: 'Bring a ship into harbour.' },
    },
  },
});

describe('POST /verify on what is not a good badge of this platform', () => {
  const api = credentialApiSuite();
  const { credentialOf, jwtOf, pngOf, verify, outcomes } = api;
  let platform: TestPlatform;
  let credentialId: string;
  beforeAll(() => {
    ({ platform, credentialId } = api.state);
  });

  const notABadge = (report: VerificationReport) => {
    expect(report).toMatchObject({ verified: false, verdict: 'notABadge', credential: null });
    // Nothing was checked, and every check says so rather than being left out.
    expect(report.checks.map((c) => [c.check, c.outcome])).toEqual(
      ['signature', 'schema', 'issuer', 'validity', 'status', 'chain'].map((c) => [c, 'skipped']),
    );
    expect(report.notABadge).toEqual(expect.any(String));
    return report.notABadge!;
  };

  it("calls this platform's own status list credential not a badge, never Authentic", async () => {
    const credential = await credentialOf(credentialId);
    const listJwt = await (await fetch(credential.credentialStatus.statusListCredential)).text();
    expect(notABadge(await verify({ jwt: listJwt }))).toContain('status list');
    const listJson = JSON.parse(Buffer.from(listJwt.split('.')[1]!, 'base64url').toString('utf8'));
    expect(notABadge(await verify({ json: listJson }))).toContain('BitstringStatusListCredential');
  });

  it('calls a JWT of another typ not a badge, even one signed with this issuer key', async () => {
    const credential = await credentialOf(credentialId);
    const otherTyp = await platform.ctx.keystore.withIssuerKey(platform.ctx.db, (key) =>
      new SignJWT({ ...credential })
        .setProtectedHeader({ alg: 'RS256', typ: 'dc+sd-jwt', kid: 'k' })
        .sign(key.privateKey),
    );
    expect(notABadge(await verify({ jwt: otherTyp }))).toContain('"dc+sd-jwt"');
  });

  it("tells another issuer's badge whose key resolves (did:key) apart, never as verified; its other credentials are not badges", async () => {
    const key = await Ed25519Multikey.generate();
    const did = `did:key:${key.publicKeyMultibase}`;
    key.id = `${did}#${key.publicKeyMultibase}`;
    key.controller = did;
    const sign = (credential: Json) =>
      vc.issue({
        credential,
        suite: new DataIntegrityProof({ signer: key.signer(), cryptosuite: eddsaRdfc2022 }),
        documentLoader: offlineDocumentLoader(),
      });
    const badge = await sign(foreignBadge(did));
    expect(achievementCredentialErrors({ ...badge, proof: [badge.proof] })).toEqual([]);

    const report = await verify({ json: badge });
    expect(outcomes(report), JSON.stringify(report.checks)).toEqual({
      signature: 'passed',
      schema: 'passed',
      issuer: 'passed',
      validity: 'passed',
      status: 'passed',
      chain: 'skipped',
    });
    const issuer = report.checks.find((c) => c.check === 'issuer')!;
    expect(issuer.detail).toMatch(/^Issued by did:key:z\w+, not by GETS Badges\./);
    expect(issuer.detail).toContain('It calls itself "Other Academy".');
    expect(report).toMatchObject({
      verified: false,
      verdict: 'otherIssuer',
      notABadge: null,
      status: 'active',
    });
    // Its identifier, never the name it gives itself.
    expect(report.credential).toMatchObject({ issuerName: null, issuerId: did });

    // The same issuer's degree, or a change to its badge.
    const degree = await sign(foreignBadge(did, ['VerifiableCredential', 'EndorsementCredential']));
    expect(notABadge(await verify({ json: degree }))).toContain('EndorsementCredential');
    const changed = await verify({ json: { ...badge, name: 'Harbour Master' } });
    expect(outcomes(changed).signature).toBe('failed');
    expect(changed.verified).toBe(false);
  });

  it('does not vouch for a badge signed by a key nobody publishes', async () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const credential = foreignBadge('https://academy.example/issuer');
    const jwt = await new SignJWT({ ...credential })
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT', kid: 'https://academy.example/keys/1' })
      .setIssuer(credential.issuer.id)
      .setJti(credential.id)
      .setSubject(credential.credentialSubject.id)
      .setNotBefore(Date.parse(credential.validFrom) / 1000)
      .sign(privateKey);
    const report = await verify({ jwt });
    expect(report.checks.find((c) => c.check === 'signature')).toMatchObject({
      outcome: 'failed',
      title: 'Unknown signature',
    });
    expect(outcomes(report).issuer).toBe('failed');
    expect(report.verified).toBe(false);
  });

  it('fails the signature of a baked PNG whose credential was changed, and names its claims', async () => {
    const png = await pngOf(credentialId);
    const [head, body, signature] = readBakedCredential(png)!.split('.');
    const payload = JSON.parse(Buffer.from(body!, 'base64url').toString('utf8'));
    payload.credentialSubject.achievement.name = 'Chief Compiler Pioneer';
    const tampered = bakeCredential(
      png,
      `${head}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.${signature}`,
    );
    const report = await verify({ png: tampered });
    expect(outcomes(report)).toMatchObject({ signature: 'failed', issuer: 'failed' });
    expect(report.verified).toBe(false);
    expect(report.credential?.badgeName).toBe('Chief Compiler Pioneer');

    // A JWT whose claims do not mirror its credential is refused by the schema check.
    const jwt = await jwtOf(credentialId);
    const claims = JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8'));
    const mismatched = await platform.ctx.keystore.withIssuerKey(platform.ctx.db, (key) =>
      new SignJWT({ ...claims, sub: 'did:example:someone-else' })
        .setProtectedHeader({
          alg: 'RS256',
          typ: 'JWT',
          kid: JSON.parse(Buffer.from(jwt.split('.')[0]!, 'base64url').toString('utf8')).kid,
        })
        .sign(key.privateKey),
    );
    const claimsReport = await verify({ jwt: mismatched });
    expect(outcomes(claimsReport)).toMatchObject({ signature: 'passed', schema: 'failed' });
    expect(claimsReport.verified).toBe(false);
  });
});
