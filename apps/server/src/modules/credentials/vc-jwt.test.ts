import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { keyEncryptionKey } from '../../custody/envelope.ts';
import {
  generateIssuerKey,
  openIssuerKey,
  type IssuerKeyAlgorithm,
} from '../../custody/issuer-keys.ts';
import { sampleAwardFacts } from '../../../test/helpers/credentials.ts';
import { toStoredFacts } from './award-facts.ts';
import { issuerUrls } from './issuer-urls.ts';
import { buildCredential } from './open-badge-credential.ts';
import { credentialOfPayload, hasValidSignature, readJwt, signCredentialJwt } from './vc-jwt.ts';

const kek = keyEncryptionKey(randomBytes(32));
const urls = issuerUrls('https://badges.example.org');

async function issuerKey(algorithm: IssuerKeyAlgorithm = 'RS256') {
  const stored = await generateIssuerKey(kek, algorithm);
  return openIssuerKey(new Map([[kek.id, kek]]), {
    ...stored,
    createdAt: new Date(),
    retiredAt: null,
  });
}

const credential = (expiresAt: Date | null = null) =>
  buildCredential(
    {
      id: '0b6f3c8e-2d7b-4f55-9d1e-6f2a8c3b9e10',
      facts: toStoredFacts(sampleAwardFacts({ badge: { ...sampleAwardFacts().badge, expiresAt } })),
      statusListId: '5d0c1b7a-1c7e-4e36-8f0b-2a4f9d6c3e21',
      statusListIndex: 3,
    },
    urls,
    undefined,
  );

describe('VC-JWT signing with the issuer key', () => {
  it('puts the credential in the payload with iss, jti, sub, nbf and exp mirroring it', async () => {
    const key = await issuerKey();
    const expiring = credential(new Date('2030-06-01T00:00:00.750Z'));
    const jwt = await signCredentialJwt(expiring, key, urls.key(key.kid));
    const { header, payload } = readJwt(jwt)!;
    // OB 3.0 section 8.2: RS256, the kid of a key in the issuer's JWKS, typ JWT.
    expect(header).toEqual({ alg: 'RS256', typ: 'JWT', kid: urls.key(key.kid) });
    // Whole seconds in the credential, so the NumericDates equal the dates exactly.
    expect(expiring.validFrom).toBe('2025-03-01T10:00:00Z');
    expect(expiring.validUntil).toBe('2030-06-01T00:00:00Z');
    expect(payload).toMatchObject({
      iss: urls.issuer,
      jti: expiring.id,
      sub: expiring.credentialSubject.id,
      nbf: 1_740_823_200,
      exp: 1_906_502_400,
    });
    expect(new Date((payload.nbf as number) * 1000).toISOString()).toBe('2025-03-01T10:00:00.000Z');
    expect(payload).not.toHaveProperty('vc');
    expect(credentialOfPayload(payload)).toEqual(JSON.parse(JSON.stringify(expiring)));
  });

  it('verifies with the public key only, and fails for one changed field or another key', async () => {
    const key = await issuerKey();
    const jwt = await signCredentialJwt(credential(), key, urls.key(key.kid));
    expect(await hasValidSignature(jwt, key.publicJwk)).toBe(true);

    const [head, body, signature] = jwt.split('.');
    const payload = JSON.parse(Buffer.from(body!, 'base64url').toString('utf8'));
    payload.name = 'Something else';
    const tampered = `${head}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.${signature}`;
    expect(await hasValidSignature(tampered, key.publicJwk)).toBe(false);

    const other = await issuerKey();
    expect(await hasValidSignature(jwt, other.publicJwk)).toBe(false);
  });

  it('refuses a credential whose validFrom has a fraction of a second (nbf could not equal it)', async () => {
    const key = await issuerKey();
    await expect(
      signCredentialJwt({ ...credential(), validFrom: '2025-03-01T10:00:00.250Z' }, key, 'k'),
    ).rejects.toThrow(/whole seconds/);
  });

  it('signs with a 2048-bit RSA key, and an Ed25519 key signs EdDSA', async () => {
    const rsa = await issuerKey('RS256');
    expect(rsa.privateKey.asymmetricKeyDetails?.modulusLength).toBeGreaterThanOrEqual(2048);
    expect(Object.keys(rsa.publicJwk).sort()).toEqual(['e', 'kty', 'n']);
    const ed25519 = await issuerKey('EdDSA');
    const jwt = await signCredentialJwt(credential(), ed25519, 'k');
    expect(readJwt(jwt)!.header.alg).toBe('EdDSA');
    expect(await hasValidSignature(jwt, ed25519.publicJwk)).toBe(true);
    expect(await hasValidSignature(jwt, rsa.publicJwk)).toBe(false);
  });

  it('signs the same credential to the same JWT (no time of signing inside)', async () => {
    const key = await issuerKey();
    const c = credential();
    expect(await signCredentialJwt(c, key, 'k')).toBe(await signCredentialJwt(c, key, 'k'));
  });

  it('names its key by the RFC 7638 thumbprint of the public JWK', async () => {
    const key = await issuerKey('EdDSA');
    expect(key.kid).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(key.publicJwk).toEqual({ kty: 'OKP', crv: 'Ed25519', x: expect.any(String) });
    expect(key.publicJwk).not.toHaveProperty('d');
  });
});
