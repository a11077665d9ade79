// A scripted wallet for "Add to wallet" tests: OpenWallet Foundation's
// Openid4vciClient with a fresh ES256 holder key, talking to the platform over
// HTTP like any wallet would (resolve the offer, read the metadata, take the
// token, get a c_nonce, ask for the credential with a proof of possession).
import { createHash, randomBytes } from 'node:crypto';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import {
  clientAuthenticationNone,
  type HashAlgorithm,
  type Jwk,
  type JwtSignerJwk,
} from '@openid4vc/oauth2';
import { Openid4vciClient, setGlobalConfig } from '@openid4vc/openid4vci';

export interface TestWallet {
  client: Openid4vciClient;
  /** The holder key's public JWK, as the proof names it. */
  holderJwk: Jwk;
  /**
   * Takes an offer end to end (with DPoP, bound to the holder key, and the
   * transaction code, if given); answers every step's result.
   */
  redeem(offerUri: string, options?: { dpop?: boolean; txCode?: string }): Promise<Redemption>;
  /**
   * A proof JWT for the credential issuer of this metadata, signed with the
   * holder key, carrying a fresh c_nonce from its nonce endpoint.
   */
  proofFor(metadata: Redemption['metadata']): Promise<string>;
}

export interface Redemption {
  offer: Awaited<ReturnType<Openid4vciClient['resolveCredentialOffer']>>;
  metadata: Awaited<ReturnType<Openid4vciClient['resolveIssuerMetadata']>>;
  accessToken: string;
  tokenType: string;
  credentials: string[];
}

export async function createTestWallet(): Promise<TestWallet> {
  // The test platform is on http://127.0.0.1: the library takes only https unless told.
  setGlobalConfig({ allowInsecureUrls: true });
  const { privateKey, publicKey } = await generateKeyPair('ES256');
  const holderJwk = { ...(await exportJWK(publicKey)) } as Jwk;
  const signer: JwtSignerJwk = { method: 'jwk', alg: 'ES256', publicJwk: holderJwk };
  const client = new Openid4vciClient({
    callbacks: {
      fetch,
      hash: (data: Uint8Array, algorithm: HashAlgorithm) =>
        createHash(algorithm.replace('-', '').toLowerCase()).update(data).digest(),
      generateRandom: (bytes: number) => randomBytes(bytes),
      clientAuthentication: clientAuthenticationNone({ clientId: 'test-wallet' }),
      signJwt: async (_signer, { header, payload }) => ({
        jwt: await new SignJWT(payload).setProtectedHeader(header).sign(privateKey as CryptoKey),
        signerJwk: holderJwk,
      }),
    },
  });

  const proofFor = async (metadata: Redemption['metadata']) =>
    (
      await client.createCredentialRequestJwtProof({
        credentialConfigurationId: 'OpenBadgeCredential',
        issuerMetadata: metadata,
        signer,
        nonce: (await client.requestNonce({ issuerMetadata: metadata })).c_nonce,
      })
    ).jwt;

  async function redeem(
    offerUri: string,
    options: { dpop?: boolean; txCode?: string } = {},
  ): Promise<Redemption> {
    const offer = await client.resolveCredentialOffer(offerUri);
    const metadata = await client.resolveIssuerMetadata(offer.credential_issuer);
    const { accessTokenResponse, dpop } =
      await client.retrievePreAuthorizedCodeAccessTokenFromOffer({
        credentialOffer: offer,
        issuerMetadata: metadata,
        dpop: options.dpop ? { signer } : undefined,
        txCode: options.txCode,
      });
    const credentialConfigurationId = offer.credential_configuration_ids[0]!;
    const jwt = await proofFor(metadata);
    const { credentialResponse } = await client.retrieveCredentials({
      issuerMetadata: metadata,
      accessToken: accessTokenResponse.access_token,
      credentialConfigurationId,
      proof: { proof_type: 'jwt', jwt },
      dpop,
    });
    // OID4VCI 1.0 answers [{ credential }]; the drafts' shapes are not expected here.
    const credentials = (credentialResponse.credentials ?? []).map((entry) =>
      typeof entry === 'object' && 'credential' in entry ? String(entry.credential) : '',
    );
    return {
      offer,
      metadata,
      accessToken: accessTokenResponse.access_token,
      tokenType: accessTokenResponse.token_type,
      credentials,
    };
  }

  return { client, holderJwk, redeem, proofFor };
}
