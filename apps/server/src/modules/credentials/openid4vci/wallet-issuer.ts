// The platform as an OpenID4VCI credential issuer and its own OAuth 2.0
// authorization server (pre-authorized code grant only), set up with the
// libraries of OpenWallet Foundation's oid4vc-ts: their URLs, their metadata
// documents, and the callbacks the libraries call for hashing, randomness,
// signing (access tokens, with the issuer key) and verifying JWTs (the
// wallet's proof, DPoP, and our own access tokens). What the metadata lists
// is what the platform does: the algorithms it signs and accepts, and
// endpoints that answer.
import { createHash, randomBytes } from 'node:crypto';
import { compactVerify, importJWK, SignJWT, type JWK } from 'jose';
import {
  clientAuthenticationAnonymous,
  Oauth2AuthorizationServer,
  Oauth2ResourceServer,
  preAuthorizedCodeGrantIdentifier,
  type AuthorizationServerMetadata,
  type CallbackContext,
  type HashAlgorithm,
  type Jwk,
  type JwtSigner,
} from '@openid4vc/oauth2';
import {
  Openid4vciIssuer,
  Openid4vciVersion,
  setGlobalConfig,
  type CredentialConfigurationsSupportedWithFormats,
  type IssuerMetadataResult,
} from '@openid4vc/openid4vci';
import { API_PREFIX, PRODUCT_NAME } from '@gets/schema';
import type { IssuerSigningKey } from '../../../custody/issuer-keys.ts';
import { issuerJwks, urlsOf, type CredentialDeps } from '../service.ts';
import { VC_JWT_ALGORITHM } from '../vc-jwt.ts';
import {
  asymmetricKeyProblem,
  issuedAtProblem,
  jwkOfDidJwk,
  WALLET_SIGNING_ALGORITHMS,
} from './wallet-keys.ts';

/** The one credential on offer: the award's Open Badges 3.0 VC-JWT. */
export const OPEN_BADGE_CONFIGURATION_ID = 'OpenBadgeCredential';
export const OPEN_BADGE_FORMAT = 'jwt_vc_json';

/** The JWT type of a DPoP proof (RFC 9449 section 4.2). */
const DPOP_JWT_TYPE = 'dpop+jwt';

export const OPENID4VCI_PREFIX = `${API_PREFIX}/oid4vci`;

export interface WalletIssuerUrls {
  /** The credential issuer identifier and the authorization server's issuer: the public URL. */
  credentialIssuer: string;
  tokenEndpoint: string;
  credentialEndpoint: string;
  /** OID4VCI 1.0 section 7: where a wallet gets a fresh c_nonce for its proof. */
  nonceEndpoint: string;
  jwks: string;
}

/**
 * The URLs of OpenID4VCI on this platform. The identifiers are the public
 * URL, so the metadata of both is at its root (/.well-known/...). On a plain
 * http:// public URL (development, the tests) the libraries are told to
 * accept http URLs, which they refuse otherwise; a deployment is https.
 */
export function walletIssuerUrls(deps: Pick<CredentialDeps, 'publicUrl'>): WalletIssuerUrls {
  const urls = urlsOf(deps);
  setGlobalConfig({ allowInsecureUrls: urls.base.startsWith('http://') });
  return {
    credentialIssuer: urls.base,
    tokenEndpoint: `${urls.base}${OPENID4VCI_PREFIX}/token`,
    credentialEndpoint: `${urls.base}${OPENID4VCI_PREFIX}/credential`,
    nonceEndpoint: `${urls.base}${OPENID4VCI_PREFIX}/nonce`,
    jwks: urls.jwks,
  };
}

function credentialConfigurations(): CredentialConfigurationsSupportedWithFormats {
  return {
    [OPEN_BADGE_CONFIGURATION_ID]: {
      format: OPEN_BADGE_FORMAT,
      credential_definition: { type: ['VerifiableCredential', 'OpenBadgeCredential'] },
      credential_signing_alg_values_supported: [VC_JWT_ALGORITHM],
      // A proof of possession is asked for and verified (a fresh nonce, a
      // recent iat, an asymmetric key), but the credential is the one signed
      // at the claim (subject: the earner's did:pkh), so there is no
      // cryptographic_binding_methods_supported: it is not bound to the
      // wallet's key (decision 0058).
      proof_types_supported: {
        jwt: { proof_signing_alg_values_supported: WALLET_SIGNING_ALGORITHMS },
      },
      credential_metadata: {
        display: [
          {
            name: 'Open Badge',
            locale: 'en',
            description: `A badge earned on ${PRODUCT_NAME} (Open Badges 3.0)`,
          },
        ],
      },
    },
  };
}

export function authorizationServerMetadata(urls: WalletIssuerUrls): AuthorizationServerMetadata {
  return new Oauth2AuthorizationServer({
    callbacks: baseCallbacks(),
  }).createAuthorizationServerMetadata({
    issuer: urls.credentialIssuer,
    token_endpoint: urls.tokenEndpoint,
    jwks_uri: urls.jwks,
    grant_types_supported: [preAuthorizedCodeGrantIdentifier],
    'pre-authorized_grant_anonymous_access_supported': true,
    token_endpoint_auth_methods_supported: ['none'],
    // The list the token and credential endpoints hold DPoP proofs to.
    dpop_signing_alg_values_supported: WALLET_SIGNING_ALGORITHMS,
  });
}

/** The credential issuer metadata, checked by the library, with what the libraries need beside it. */
export function walletIssuerMetadata(
  deps: Pick<CredentialDeps, 'publicUrl'>,
): IssuerMetadataResult {
  const urls = walletIssuerUrls(deps);
  const configurations = credentialConfigurations();
  const credentialIssuer = new Openid4vciIssuer({
    callbacks: baseCallbacks(),
  }).createCredentialIssuerMetadata({
    credential_issuer: urls.credentialIssuer,
    credential_endpoint: urls.credentialEndpoint,
    nonce_endpoint: urls.nonceEndpoint,
    authorization_servers: [urls.credentialIssuer],
    credential_configurations_supported: configurations,
    display: [{ name: PRODUCT_NAME, locale: 'en' }],
  });
  return {
    credentialIssuer,
    authorizationServers: [authorizationServerMetadata(urls)],
    originalDraftVersion: Openid4vciVersion.V1,
    knownCredentialConfigurations: configurations,
  };
}

// ---- callbacks

const hash = (data: Uint8Array, algorithm: HashAlgorithm) =>
  createHash(algorithm.replace('-', '').toLowerCase()).update(data).digest();

/** The public key a JWT names: a JWK given as such, or a did:jwk (decoded, nothing fetched). */
function publicJwkOf(signer: JwtSigner): Jwk | null {
  if (signer.method === 'jwk') return signer.publicJwk;
  if (signer.method === 'did') return jwkOfDidJwk(signer.didUrl) as Jwk | null;
  return null;
}

/**
 * Checks a JWT's signature with the key the library hands over; the library
 * itself checks the claims (aud, exp, nonce...). Only keys a JWT names
 * directly: a wallet's did:key or did:web is refused (invalid_proof). Every
 * JWT verified here (the wallet's proof and DPoP proofs, our own access
 * tokens) must be signed by a public asymmetric key of its algorithm's type;
 * a DPoP proof must also be recent (RFC 9449 section 4.3), since the library
 * checks only exp and nbf.
 */
async function verifyJwt(
  signer: JwtSigner,
  jwt: { compact: string; header: { typ?: string }; payload: { iat?: number } },
) {
  const publicJwk = publicJwkOf(signer);
  if (!publicJwk || asymmetricKeyProblem(signer.alg, publicJwk))
    return { verified: false as const };
  if (jwt.header.typ === DPOP_JWT_TYPE && issuedAtProblem(jwt.payload.iat, new Date())) {
    return { verified: false as const };
  }
  try {
    const key = await importJWK(publicJwk as JWK, signer.alg);
    await compactVerify(jwt.compact, key, { algorithms: [signer.alg] });
    return { verified: true as const, signerJwk: publicJwk };
  } catch {
    return { verified: false as const };
  }
}

/** Callbacks that sign nothing: for metadata, requests, proofs and access token checks. */
function baseCallbacks(fetch?: CallbackContext['fetch']) {
  return {
    hash,
    generateRandom: (bytes: number) => randomBytes(bytes),
    verifyJwt,
    clientAuthentication: clientAuthenticationAnonymous(),
    signJwt: () => {
      throw new Error('nothing is signed here: access tokens are signed with the issuer key');
    },
    ...(fetch ? { fetch } : {}),
  } satisfies Omit<CallbackContext, 'decryptJwe' | 'encryptJwe'>;
}

/**
 * The library verifies an access token with the keys at the authorization
 * server's jwks_uri; that is our own JWKS, so it is read from the database
 * rather than over HTTP (and nothing else is ever fetched).
 */
function ownJwksFetch(deps: Pick<CredentialDeps, 'db' | 'publicUrl'>, jwksUrl: string) {
  return async (input: string | URL | Request) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (url !== jwksUrl) return new Response(null, { status: 404 });
    return Response.json(await issuerJwks(deps), {
      headers: { 'content-type': 'application/jwk-set+json' },
    });
  };
}

export const openid4vciIssuer = () => new Openid4vciIssuer({ callbacks: baseCallbacks() });

export function resourceServer(deps: Pick<CredentialDeps, 'db' | 'publicUrl'>, jwksUrl: string) {
  return new Oauth2ResourceServer({ callbacks: baseCallbacks(ownJwksFetch(deps, jwksUrl)) });
}

/** The authorization server, signing its access tokens with the (open) issuer key. */
export function authorizationServer(key?: IssuerSigningKey) {
  const callbacks = baseCallbacks();
  return new Oauth2AuthorizationServer({
    callbacks: {
      ...callbacks,
      signJwt: async (signer, { header, payload }) => {
        if (!key || signer.method !== 'custom') throw new Error('only the issuer key signs here');
        const jwt = await new SignJWT(payload)
          .setProtectedHeader({ ...header, alg: key.algorithm, kid: signer.kid })
          .sign(key.privateKey);
        return { jwt, signerJwk: key.publicJwk as Jwk };
      },
    },
  });
}
