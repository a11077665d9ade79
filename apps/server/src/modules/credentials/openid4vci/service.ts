// "Add to wallet" over OpenID for Verifiable Credential Issuance, pre-authorized
// code flow: the earner asks for an offer of one of their credentials; a wallet
// exchanges the offer's code for an access token, then the token for the
// credential. Each step is good once, and not after the offer's 10 minutes.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  Oauth2ErrorCodes,
  Oauth2ResourceUnauthorizedError,
  Oauth2ServerErrorResponseError,
  preAuthorizedCodeGrantIdentifier,
  type RequestLike,
} from '@openid4vc/oauth2';
import {
  CREDENTIAL_MESSAGES,
  CREDENTIAL_OFFER_MESSAGES,
  CREDENTIAL_OFFER_TTL_SECONDS,
  type CredentialOffer,
} from '@gets/schema';
import { AppError } from '../../../http/errors.ts';
import { findCredentialById } from '../credential-repository.ts';
import { credentialJwt, credentialStatusOf, urlsOf, type CredentialDeps } from '../service.ts';
import {
  expireOpenOffers,
  findOfferByCodeHash,
  findOfferById,
  insertOffer,
  markOfferCredentialIssued,
  markOfferTokenIssued,
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

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url');

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
): Promise<CredentialOffer> {
  const stored = await findCredentialById(deps.db, credentialId);
  if (!stored) throw new AppError(404, CREDENTIAL_MESSAGES.notFound);
  if (stored.earnerUserId !== userId) throw new AppError(403, CREDENTIAL_OFFER_MESSAGES.notYours);
  const status = credentialStatusOf(stored);
  if (status === 'revoked') throw new AppError(409, CREDENTIAL_OFFER_MESSAGES.revoked);
  if (status === 'expired') throw new AppError(409, CREDENTIAL_OFFER_MESSAGES.expired);

  const issuerMetadata = await walletIssuerMetadata(deps);
  // 32 random bytes: the wallet's only proof that the earner sent it.
  const preAuthorizedCode = randomBytes(32).toString('base64url');
  const { credentialOffer } = await openid4vciIssuer().createCredentialOffer({
    issuerMetadata,
    credentialConfigurationIds: [OPEN_BADGE_CONFIGURATION_ID],
    grants: {
      [preAuthorizedCodeGrantIdentifier]: { 'pre-authorized_code': preAuthorizedCode },
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
    });
  });
  return { credentialId: stored.id, offerUri: credentialOffer, expiresAt: expiresAt.toISOString() };
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
  const metadata = await walletIssuerMetadata(deps);
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
    preAuthorizedCodeExpiresAt: offer.expiresAt,
    dpop: parsed.dpop ? { required: false, ...parsed.dpop } : undefined,
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
 * The credential endpoint: the access token (Bearer or DPoP) names the offer;
 * the wallet's proof of possession is verified by the library; the answer is
 * the award's VC-JWT as the credentials module signs it. A token is good for
 * one credential. Throws Oauth2ServerErrorResponseError (400) or the
 * library's Oauth2ResourceUnauthorizedError (401, WWW-Authenticate).
 */
export async function issueCredentialToWallet(
  deps: CredentialDeps,
  body: Record<string, unknown>,
  request: RequestLike,
) {
  const urls = walletIssuerUrls(deps);
  const issuerMetadata = await walletIssuerMetadata(deps);
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
  await issuer.verifyCredentialRequestJwtProof({ issuerMetadata, jwt: proofs[0]! });

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
