// VC-JWT (W3C "Securing Verifiable Credentials using JOSE", as Open Badges
// 3.0 section 8.2 uses it): the credential's members are the JWT payload, with
// the registered claims iss, jti, sub, nbf and exp mirroring them. Signed with
// EdDSA (Ed25519); the header's kid is the URL of the public key as a JWK.
import { compactVerify, decodeProtectedHeader, importJWK, SignJWT, type JWK } from 'jose';
import type { IssuerSigningKey } from '../../custody/issuer-keys.ts';

export const VC_JWT_TYPE = 'vc+jwt';
/** The JWT claims that mirror credential members; not part of the credential document. */
export const JWT_REGISTERED_CLAIMS = ['iss', 'jti', 'sub', 'nbf', 'exp', 'iat'] as const;

const seconds = (iso: string) => Math.floor(new Date(iso).getTime() / 1000);

interface SignableCredential {
  id: string;
  issuer: { id: string } | string;
  validFrom: string;
  validUntil?: string;
  credentialSubject?: { id?: string };
}

/**
 * Signs a credential. No iat: the signed bytes depend only on the credential
 * and the key (Ed25519 is deterministic), so signing twice gives the same JWT.
 */
export async function signCredentialJwt(
  credential: SignableCredential,
  key: IssuerSigningKey,
  kidUrl: string,
): Promise<string> {
  const issuer = typeof credential.issuer === 'string' ? credential.issuer : credential.issuer.id;
  const jwt = new SignJWT({ ...credential })
    .setProtectedHeader({ alg: key.algorithm, typ: VC_JWT_TYPE, kid: kidUrl })
    .setIssuer(issuer)
    .setJti(credential.id)
    .setNotBefore(seconds(credential.validFrom));
  if (credential.credentialSubject?.id) jwt.setSubject(credential.credentialSubject.id);
  if (credential.validUntil) jwt.setExpirationTime(seconds(credential.validUntil));
  return jwt.sign(key.privateKey);
}

/** The parts of a compact JWT, read without trusting them; null when it is not one. */
export function readJwt(jwt: string): {
  header: { alg?: string; kid?: string; typ?: string };
  payload: Record<string, unknown>;
} | null {
  const parts = jwt.trim().split('.');
  if (parts.length !== 3) return null;
  try {
    const header = decodeProtectedHeader(jwt.trim());
    const payload = JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8')) as unknown;
    if (!payload || typeof payload !== 'object' || Array.isArray(payload)) return null;
    return { header, payload: payload as Record<string, unknown> };
  } catch {
    return null;
  }
}

/** Whether the JWT's signature is the key's over exactly these bytes (claims are not judged here). */
export async function hasValidSignature(jwt: string, publicJwk: JWK): Promise<boolean> {
  try {
    const key = await importJWK({ ...publicJwk, alg: 'EdDSA' }, 'EdDSA');
    await compactVerify(jwt.trim(), key, { algorithms: ['EdDSA'] });
    return true;
  } catch {
    return false;
  }
}

/** The credential document inside a VC-JWT payload (the registered claims removed). */
export function credentialOfPayload(payload: Record<string, unknown>): Record<string, unknown> {
  const credential = { ...payload };
  for (const claim of JWT_REGISTERED_CLAIMS) delete credential[claim];
  return credential;
}
