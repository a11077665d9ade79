// "Add to wallet" over OpenID for Verifiable Credential Issuance 1.0,
// pre-authorized code flow: the earner asks for an offer of one of their
// credentials (with a transaction code if they want one); a wallet exchanges
// the offer's code for an access token, gets a c_nonce from the nonce
// endpoint, then the token and a proof of possession carrying that nonce for
// the credential. Each step is good once, and not after the offer's 10
// minutes; each nonce is good for one proof, for 5 minutes.
import { createHash, randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import {
  decodeJwt,
  decodeProtectedHeader,
  type JWTPayload,
  type ProtectedHeaderParameters,
} from 'jose';
import {
  Oauth2ErrorCodes,
  Oauth2ResourceUnauthorizedError,
  Oauth2ServerErrorResponseError,
  preAuthorizedCodeGrantIdentifier,
  type RequestLike,
} from '@openid4vc/oauth2';
import type { IssuerMetadataResult } from '@openid4vc/openid4vci';
import {
  CREDENTIAL_MESSAGES,
  CREDENTIAL_OFFER_MESSAGES,
  CREDENTIAL_OFFER_TTL_SECONDS,
  CREDENTIAL_OFFER_TX_CODE_LENGTH,
  CREDENTIAL_OFFER_TX_CODE_TRIES,
  type CredentialOffer,
  type CredentialOfferRequest,
} from '@gets/schema';
import { AppError } from '../../../http/errors.ts';
import { findCredentialById } from '../credential-repository.ts';
import { credentialJwt, credentialStatusOf, urlsOf, type CredentialDeps } from '../service.ts';
import { insertNonce, spendNonce } from './nonce-repository.ts';
import {
  expireOpenOffers,
  findOfferByCodeHash,
  findOfferById,
  insertOffer,
  markOfferCredentialIssued,
  markOfferTokenIssued,
  takeTxCodeTry,
  type StoredOffer,
} from './offer-repository.ts';
import {
  authorizationServer,
  OPEN_BADGE_CONFIGURATION_ID,
  OPEN_BADGE_FORMAT,
  openid4vciIssuer,
  resourceServer,
  walletIssuerMetadata,
  walletIssuerUrls,
} from './wallet-issuer.ts';
import {
  issuedAtProblem,
  jwkOfDidJwk,
  WALLET_SIGNING_ALGORITHMS,
  walletKeyProblem,
} from './wallet-keys.ts';

/** How long a c_nonce from the nonce endpoint is good for (one proof of possession). */
export const NONCE_TTL_SECONDS = 300;

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url');

/** The transaction code is hashed with the offer's own secret: its 6 digits alone say nothing. */
const txCodeHashOf = (preAuthorizedCode: string, txCode: string) =>
  sha256(`${preAuthorizedCode}:${txCode}`);

/** An OAuth error response (RFC 6749 section 5.2, OID4VCI section 8.3.1) to answer as it is. */
const oauthError = (error: string, description: string) =>
  new Oauth2ServerErrorResponseError({ error, error_description: description });

/** A refused access token: 401 with a WWW-Authenticate challenge (RFC 6750 section 3). */
const invalidToken = (scheme: string, description: string) =>
  new Oauth2ResourceUnauthorizedError(description, {
    scheme,
    error: Oauth2ErrorCodes.InvalidToken,
    error_description: description,
  });

/**
 * A new offer of the earner's credential for their wallet. The credential must
 * be theirs (403), neither revoked nor expired (409). An earlier offer of the
 * same credential that nobody redeemed stops working: one live offer at a time.
 */
export async function createCredentialOffer(
  deps: CredentialDeps,
  credentialId: string,
  userId: string,
  request: CredentialOfferRequest = {},
): Promise<CredentialOffer> {
  const stored = await findCredentialById(deps.db, credentialId);
  if (!stored) throw new AppError(404, CREDENTIAL_MESSAGES.notFound);
  if (stored.earnerUserId !== userId) throw new AppError(403, CREDENTIAL_OFFER_MESSAGES.notYours);
  const status = credentialStatusOf(stored);
  if (status === 'revoked') throw new AppError(409, CREDENTIAL_OFFER_MESSAGES.revoked);
  if (status === 'expired') throw new AppError(409, CREDENTIAL_OFFER_MESSAGES.expired);

  const issuerMetadata = walletIssuerMetadata(deps);
  // 32 random bytes: the wallet's only proof that the earner sent it.
  const preAuthorizedCode = randomBytes(32).toString('base64url');
  const txCode = request.txCode ? newTxCode() : null;
  const { credentialOffer } = await openid4vciIssuer().createCredentialOffer({
    issuerMetadata,
    credentialConfigurationIds: [OPEN_BADGE_CONFIGURATION_ID],
    grants: {
      [preAuthorizedCodeGrantIdentifier]: {
        'pre-authorized_code': preAuthorizedCode,
        ...(txCode
          ? {
              tx_code: {
                input_mode: 'numeric',
                length: CREDENTIAL_OFFER_TX_CODE_LENGTH,
                description: CREDENTIAL_OFFER_MESSAGES.txCodeDescription,
              },
            }
          : {}),
      },
    },
  });
  const now = new Date();
  const expiresAt = new Date(now.getTime() + CREDENTIAL_OFFER_TTL_SECONDS * 1000);
  await deps.db.transaction(async (tx) => {
    await expireOpenOffers(tx, stored.id, now);
    await insertOffer(tx, {
      id: randomUUID(),
      credentialId: stored.id,
      codeHash: sha256(preAuthorizedCode),
      expiresAt,
      txCodeHash: txCode ? txCodeHashOf(preAuthorizedCode, txCode) : null,
    });
  });
  return {
    credentialId: stored.id,
    offerUri: credentialOffer,
    expiresAt: expiresAt.toISOString(),
    txCode,
  };
}

/** CREDENTIAL_OFFER_TX_CODE_LENGTH random digits. */
const newTxCode = () =>
  randomInt(0, 10 ** CREDENTIAL_OFFER_TX_CODE_LENGTH)
    .toString()
    .padStart(CREDENTIAL_OFFER_TX_CODE_LENGTH, '0');

/**
 * The transaction code the token request must carry, checked here since only
 * its hash is kept: the code to hand the library as the expected one (which
 * it then compares as sent), or undefined for an offer without one (the
 * library then refuses a tx_code nobody asked for, invalid_request). Every
 * try counts, the right one too, and there are CREDENTIAL_OFFER_TX_CODE_TRIES
 * of them per offer whoever sends them.
 */
async function expectedTxCode(
  deps: Pick<CredentialDeps, 'db'>,
  offer: StoredOffer,
  preAuthorizedCode: string,
  sent: string | undefined,
): Promise<string | undefined> {
  if (!offer.txCodeHash) return undefined;
  if (!sent) {
    throw oauthError(
      Oauth2ErrorCodes.InvalidRequest,
      "This offer needs the transaction code shown beside its QR code, sent as 'tx_code'",
    );
  }
  const taken = await takeTxCodeTry(deps.db, offer.id, CREDENTIAL_OFFER_TX_CODE_TRIES);
  if (taken === null) {
    throw oauthError(
      Oauth2ErrorCodes.InvalidGrant,
      'Too many wrong transaction codes: this offer no longer works; the earner can make a new one',
    );
  }
  const given = Buffer.from(txCodeHashOf(preAuthorizedCode, sent));
  const kept = Buffer.from(offer.txCodeHash);
  if (given.length !== kept.length || !timingSafeEqual(given, kept)) {
    const left = CREDENTIAL_OFFER_TX_CODE_TRIES - taken;
    throw oauthError(
      Oauth2ErrorCodes.InvalidGrant,
      `Wrong 'tx_code': ${left} ${left === 1 ? 'try' : 'tries'} left`,
    );
  }
  return sent;
}

/**
 * The token endpoint: the offer's pre-authorized code for an access token
 * whose subject is the offer (so it reaches that one credential and no other).
 * An unknown, spent or expired code is invalid_grant, as RFC 6749 and
 * OID4VCI section 6.3 name it. Throws Oauth2ServerErrorResponseError.
 */
export async function exchangePreAuthorizedCode(
  deps: CredentialDeps,
  body: Record<string, unknown>,
  request: RequestLike,
) {
  const urls = walletIssuerUrls(deps);
  const metadata = walletIssuerMetadata(deps);
  const server = authorizationServer();
  const parsed = server.parseAccessTokenRequest({ accessTokenRequest: body, request });
  if (parsed.grant.grantType !== preAuthorizedCodeGrantIdentifier) {
    throw oauthError(Oauth2ErrorCodes.UnsupportedGrantType, 'Only the pre-authorized code grant');
  }
  const offer = await findOfferByCodeHash(deps.db, sha256(parsed.grant.preAuthorizedCode));
  if (!offer) throw oauthError(Oauth2ErrorCodes.InvalidGrant, "Invalid 'pre-authorized_code'");
  const { dpop } = await server.verifyPreAuthorizedCodeAccessTokenRequest({
    authorizationServerMetadata: metadata.authorizationServers[0]!,
    grant: parsed.grant,
    accessTokenRequest: parsed.accessTokenRequest,
    request,
    expectedPreAuthorizedCode: parsed.grant.preAuthorizedCode,
    expectedTxCode: await expectedTxCode(
      deps,
      offer,
      parsed.grant.preAuthorizedCode,
      parsed.grant.txCode,
    ),
    preAuthorizedCodeExpiresAt: offer.expiresAt,
    dpop: parsed.dpop
      ? { required: false, ...parsed.dpop, allowedSigningAlgs: WALLET_SIGNING_ALGORITHMS }
      : undefined,
  });
  const stored = await findCredentialById(deps.db, offer.credentialId);
  if (!stored || stored.revokedAt) {
    throw oauthError(Oauth2ErrorCodes.InvalidGrant, 'The credential of this offer was revoked');
  }
  if (!(await markOfferTokenIssued(deps.db, offer.id))) {
    throw oauthError(Oauth2ErrorCodes.InvalidGrant, "This 'pre-authorized_code' was already used");
  }
  // The token lives as long as the offer does, and no longer.
  const secondsLeft = Math.max(1, Math.floor((offer.expiresAt.getTime() - Date.now()) / 1000));
  return deps.keystore.withIssuerKey(deps.db, (key) =>
    authorizationServer(key).createAccessTokenResponse({
      authorizationServer: urls.credentialIssuer,
      audience: urls.credentialIssuer,
      subject: offer.id,
      expiresInSeconds: secondsLeft,
      signer: { method: 'custom', alg: key.algorithm, kid: urlsOf(deps).key(key.kid) },
      dpop,
    }),
  );
}

/**
 * The nonce endpoint (OID4VCI 1.0 section 7): a fresh c_nonce, good for one
 * proof of possession for NONCE_TTL_SECONDS. Anyone may ask (the wallet has
 * no token yet when it does); the per-IP limit and the pruning bound the rows.
 */
export async function createNonce(deps: Pick<CredentialDeps, 'db'>) {
  const nonce = randomBytes(32).toString('base64url');
  await insertNonce(deps.db, {
    hash: sha256(nonce),
    expiresAt: new Date(Date.now() + NONCE_TTL_SECONDS * 1000),
  });
  return openid4vciIssuer().createNonceResponse({ cNonce: nonce });
}

/** A compact JWT's header and payload, read without trusting them; invalid_proof when it is not one. */
function readProof(jwt: string): { header: ProtectedHeaderParameters; payload: JWTPayload } {
  try {
    return { header: decodeProtectedHeader(jwt), payload: decodeJwt(jwt) };
  } catch {
    throw oauthError(Oauth2ErrorCodes.InvalidProof, 'The proof is not a JWT');
  }
}

/**
 * The wallet's proof of possession (OID4VCI 1.0 appendix F.1), in the order
 * that lets a bad proof spend nothing: an allowed asymmetric algorithm and a
 * public key of its type, a recent iat and a nonce (invalid_proof); then the
 * signature, type and audience (the library, invalid_proof); last the nonce,
 * spent once (invalid_nonce: the wallet asks the nonce endpoint for another).
 */
async function verifyProofOfPossession(
  deps: Pick<CredentialDeps, 'db'>,
  issuerMetadata: IssuerMetadataResult,
  jwt: string,
) {
  const { header, payload } = readProof(jwt);
  const key = header.jwk ?? (typeof header.kid === 'string' ? jwkOfDidJwk(header.kid) : null);
  if (!key) {
    throw oauthError(
      Oauth2ErrorCodes.InvalidProof,
      "The proof must name its public key, as 'jwk' or as a did:jwk 'kid'",
    );
  }
  const problem =
    walletKeyProblem(String(header.alg), key as Record<string, unknown>) ??
    issuedAtProblem(payload.iat, new Date());
  if (problem) throw oauthError(Oauth2ErrorCodes.InvalidProof, `The proof is refused: ${problem}`);
  if (typeof payload.nonce !== 'string' || payload.nonce === '') {
    throw oauthError(
      Oauth2ErrorCodes.InvalidProof,
      "The proof must carry a 'nonce' from the nonce endpoint",
    );
  }
  await openid4vciIssuer().verifyCredentialRequestJwtProof({
    issuerMetadata,
    jwt,
    expectedNonce: payload.nonce,
  });
  if (!(await spendNonce(deps.db, sha256(payload.nonce)))) {
    throw oauthError(
      Oauth2ErrorCodes.InvalidNonce,
      "The proof's nonce is unknown, used or expired: ask the nonce endpoint for a new one",
    );
  }
}

/**
 * The credential endpoint: the access token (Bearer or DPoP) names the offer;
 * the wallet's proof of possession is verified (verifyProofOfPossession); the
 * answer is the award's VC-JWT as the credentials module signs it, not bound
 * to the proof's key (decision 0058). A token is good for one credential.
 * Throws Oauth2ServerErrorResponseError (400) or the library's
 * Oauth2ResourceUnauthorizedError (401, WWW-Authenticate).
 */
export async function issueCredentialToWallet(
  deps: CredentialDeps,
  body: Record<string, unknown>,
  request: RequestLike,
) {
  const urls = walletIssuerUrls(deps);
  const issuerMetadata = walletIssuerMetadata(deps);
  const { tokenPayload, scheme } = await resourceServer(deps, urls.jwks).verifyResourceRequest({
    authorizationServers: issuerMetadata.authorizationServers,
    resourceServer: urls.credentialIssuer,
    request,
  });
  const issuer = openid4vciIssuer();
  const parsed = issuer.parseCredentialRequest({ issuerMetadata, credentialRequest: body });
  const asked = parsed.credentialConfigurationId ?? parsed.format?.format;
  if (asked !== OPEN_BADGE_CONFIGURATION_ID && asked !== OPEN_BADGE_FORMAT) {
    throw oauthError(
      parsed.credentialIdentifier
        ? Oauth2ErrorCodes.UnknownCredentialIdentifier
        : Oauth2ErrorCodes.UnknownCredentialConfiguration,
      `Only '${OPEN_BADGE_CONFIGURATION_ID}' (${OPEN_BADGE_FORMAT}) is issued here`,
    );
  }
  const proofs = parsed.proofs?.jwt ?? [];
  if (proofs.length !== 1) {
    throw oauthError(Oauth2ErrorCodes.InvalidProof, "Exactly one proof of type 'jwt' is required");
  }
  await verifyProofOfPossession(deps, issuerMetadata, proofs[0]!);

  const offer = tokenPayload.sub ? await findOfferById(deps.db, tokenPayload.sub) : null;
  if (!offer) throw invalidToken(scheme, 'Unknown access token');
  const stored = await findCredentialById(deps.db, offer.credentialId);
  if (!stored || stored.revokedAt) {
    throw oauthError(Oauth2ErrorCodes.CredentialRequestDenied, 'This credential was revoked');
  }
  const jwt = await credentialJwt(deps, stored.id);
  if (!(await markOfferCredentialIssued(deps.db, offer.id))) {
    throw invalidToken(scheme, 'This access token was already used, or its offer expired');
  }
  return issuer.createCredentialResponse({
    credentialRequest: parsed,
    // OID4VCI 1.0 answers a list; a request by format (drafts up to 14) one credential.
    ...(parsed.credentialConfigurationId
      ? { credentials: [{ credential: jwt }] }
      : { credential: jwt }),
  });
}
