// VC-JWT as Open Badges 3.0 section 8.2 secures a credential: the credential's
// members are the JWT payload, with the registered claims mirroring them (iss:
// issuer.id, jti: id, sub: credentialSubject.id, nbf: validFrom, exp:
// validUntil). The JOSE header carries alg (RS256, the algorithm every OB 3.0
// verifier supports), kid (the URL of the public key as a JWK, listed in the
// issuer's JWKS) and typ "JWT". Signing and verifying are jose's.
import type { IssuerKeyAlgorithm } from '../../custody/issuer-keys.ts';
import { compactVerify, decodeProtectedHeader, importJWK, SignJWT, type JWK } from 'jose';
import type { IssuerSigningKey } from '../../custody/issuer-keys.ts';

/** OB 3.0 section 8.2: "typ: if present, MUST be set to JWT". */
export const OB_JWT_TYPE = 'JWT';
/** The VC-JOSE-COSE type, which the VC-JWTs issued before issue 35 carry. */
export const VC_JWT_TYPE = 'vc+jwt';
/** The header types a credential of this issuer may carry; any other is not a badge. */
export const CREDENTIAL_JWT_TYPES: readonly string[] = [OB_JWT_TYPE, VC_JWT_TYPE];
/** The JWT claims that mirror credential members; not part of the credential document. */
export const JWT_REGISTERED_CLAIMS = ['iss', 'jti', 'sub', 'nbf', 'exp', 'iat'] as const;

/** A date as the whole-second xsd:dateTime a VC-JWT's NumericDate can equal exactly. */
export const wholeSecondDateTime = (date: Date | string) =>
  new Date(Math.floor(new Date(date).getTime() / 1000) * 1000).toISOString().replace('.000Z', 'Z');

/** The NumericDate of a whole-second dateTime; throws for one with a fraction (nbf could not equal it). */
function numericDate(member: string, iso: string): number {
  const ms = new Date(iso).getTime();
  if (!Number.isFinite(ms) || ms % 1000 !== 0) {
    throw new Error(`the credential's ${member} must be whole seconds to be a VC-JWT: ${iso}`);
  }
  return ms / 1000;
}

interface SignableCredential {
  id: string;
  issuer: { id: string } | string;
  validFrom: string;
  validUntil?: string;
  credentialSubject?: { id?: string };
}

/**
 * Signs a credential. No iat: the claims depend only on the credential, so
 * signing twice gives the same claims (an RS256 signature is deterministic too).
 */
export async function signCredentialJwt(
  credential: SignableCredential,
  key: IssuerSigningKey,
  kidUrl: string,
): Promise<string> {
  const issuer = typeof credential.issuer === 'string' ? credential.issuer : credential.issuer.id;
  const jwt = new SignJWT({ ...credential })
    .setProtectedHeader({ alg: key.algorithm, typ: OB_JWT_TYPE, kid: kidUrl })
    .setIssuer(issuer)
    .setJti(credential.id)
    .setNotBefore(numericDate('validFrom', credential.validFrom));
  if (credential.credentialSubject?.id) jwt.setSubject(credential.credentialSubject.id);
  if (credential.validUntil) {
    jwt.setExpirationTime(numericDate('validUntil', credential.validUntil));
  }
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

/** The JWS algorithm a published key signs with (RS256 for RSA, EdDSA for Ed25519). */
/**
 * What every VC-JWT of the platform is signed with (badges and status lists): the RS256 issuer
 * key, the algorithm Open Badges 3.0 section 8.2 asks every verifier to accept. The Ed25519 key
 * signs only the Data Integrity forms. The wallet metadata lists this one algorithm.
 */
export const VC_JWT_ALGORITHM = 'RS256' satisfies IssuerKeyAlgorithm;

export const algorithmOfJwk = (jwk: JWK) => (jwk.kty === 'RSA' ? 'RS256' : 'EdDSA');

/** Whether the JWT's signature is the key's over exactly these bytes (claims are not judged here). */
export async function hasValidSignature(jwt: string, publicJwk: JWK): Promise<boolean> {
  const algorithm = algorithmOfJwk(publicJwk);
  try {
    const key = await importJWK({ ...publicJwk, alg: algorithm }, algorithm);
    await compactVerify(jwt.trim(), key, { algorithms: [algorithm] });
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
