// The rules for the JWTs a wallet signs (its proof of possession and its DPoP
// proofs): asymmetric algorithms from one allow-list, the public key named
// in the JWT of the type that algorithm needs, and a recent iat. A
// symmetric "key" (kty oct, HS256) proves nothing: whoever sends it also
// sends the secret that signed it.

/**
 * The JWS algorithms a wallet may sign with: asymmetric only, and only those
 * jose verifies on Node (not ES256K). Both the proof's
 * proof_signing_alg_values_supported and the authorization server's
 * dpop_signing_alg_values_supported are this list.
 */
export const WALLET_SIGNING_ALGORITHMS = [
  'ES256',
  'ES384',
  'ES512',
  'EdDSA',
  'Ed25519',
  'PS256',
  'RS256',
];

/** How old a wallet's proof may be (its iat), and how far ahead of our clock. */
export const PROOF_MAX_AGE_SECONDS = 300;
export const PROOF_MAX_FUTURE_SKEW_SECONDS = 60;

/** The key type (and curve) each asymmetric JWS algorithm signs with (RFC 7518, RFC 8037, RFC 9864). */
const KEY_OF_ALGORITHM: Record<string, { kty: string; crv?: string }> = {
  ES256: { kty: 'EC', crv: 'P-256' },
  ES384: { kty: 'EC', crv: 'P-384' },
  ES512: { kty: 'EC', crv: 'P-521' },
  EdDSA: { kty: 'OKP', crv: 'Ed25519' },
  Ed25519: { kty: 'OKP', crv: 'Ed25519' },
  RS256: { kty: 'RSA' },
  RS384: { kty: 'RSA' },
  RS512: { kty: 'RSA' },
  PS256: { kty: 'RSA' },
  PS384: { kty: 'RSA' },
  PS512: { kty: 'RSA' },
};

/** JWK members of a private key (RFC 7518 section 6): a JWT names a public key only. */
const PRIVATE_KEY_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k'];

/**
 * Why a JWT signed with `alg` by `jwk` cannot prove anything, or null when it
 * can: the algorithm must be asymmetric, the key public and of the type and
 * curve the algorithm signs with. Not the allow-list: that is the caller's.
 */
export function asymmetricKeyProblem(alg: string, jwk: Record<string, unknown>): string | null {
  const expected = KEY_OF_ALGORITHM[alg];
  if (!expected) return `'${alg}' is not an asymmetric signature algorithm`;
  const present = PRIVATE_KEY_MEMBERS.filter((member) => member in jwk);
  if (present.length > 0) {
    return `the key must be a public key, without ${present.map((m) => `'${m}'`).join(', ')}`;
  }
  if (jwk.kty !== expected.kty || (expected.crv && jwk.crv !== expected.crv)) {
    const described = (kty: unknown, crv: unknown) =>
      `kty ${String(kty)}${crv === undefined ? '' : ` crv ${String(crv)}`}`;
    return `'${alg}' needs ${described(expected.kty, expected.crv)}, not ${described(jwk.kty, jwk.crv)}`;
  }
  return null;
}

/** Why a wallet's JWT signed with `alg` by `jwk` is refused, or null when it is taken. */
export function walletKeyProblem(alg: string, jwk: Record<string, unknown>): string | null {
  if (!WALLET_SIGNING_ALGORITHMS.includes(alg)) {
    return `alg '${alg}' is not one of ${WALLET_SIGNING_ALGORITHMS.join(', ')}`;
  }
  return asymmetricKeyProblem(alg, jwk);
}

/** Why a wallet's JWT issued at `iat` (seconds) is not recent, or null when it is. */
export function issuedAtProblem(iat: unknown, now: Date): string | null {
  if (typeof iat !== 'number' || !Number.isFinite(iat)) return "'iat' is missing";
  const nowSeconds = now.getTime() / 1000;
  if (iat < nowSeconds - PROOF_MAX_AGE_SECONDS) {
    return `'iat' is more than ${PROOF_MAX_AGE_SECONDS} seconds old`;
  }
  if (iat > nowSeconds + PROOF_MAX_FUTURE_SKEW_SECONDS) return "'iat' is in the future";
  return null;
}

/** The public key a did:jwk names (decoded, nothing fetched), or null for any other kid. */
export function jwkOfDidJwk(didUrl: string): Record<string, unknown> | null {
  if (!didUrl.startsWith('did:jwk:')) return null;
  const encoded = didUrl.slice('did:jwk:'.length).split('#')[0]!;
  try {
    const jwk: unknown = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8'));
    return jwk && typeof jwk === 'object' && !Array.isArray(jwk)
      ? (jwk as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}
