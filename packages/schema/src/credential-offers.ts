// "Add to wallet": the earner's request for an OpenID4VCI credential offer of
// one of their credentials, answered with the offer a wallet scans or opens
// and, when the earner asked for one, the transaction code the wallet will
// ask them to type.
import { z } from 'zod';
import { envelope } from './api.ts';
import { PRODUCT_NAME } from './constants.ts';

/** How long an offer (its pre-authorized code, and any access token from it) is good for. */
export const CREDENTIAL_OFFER_TTL_SECONDS = 600;

/** A transaction code is this many digits, and the wallets together get this many tries at it. */
export const CREDENTIAL_OFFER_TX_CODE_LENGTH = 6;
export const CREDENTIAL_OFFER_TX_CODE_TRIES = 5;

export const CREDENTIAL_OFFER_MESSAGES = {
  created: 'Scan the code with your wallet, or open the link on this device',
  notYours: 'Only the earner of this badge can add it to a wallet',
  revoked: 'This credential was revoked, so it cannot be added to a wallet',
  expired: 'This credential has expired, so it cannot be added to a wallet',
  /** What the wallet shows when it asks for the transaction code (OID4VCI tx_code description). */
  txCodeDescription: `The transaction code shown beside the QR code on ${PRODUCT_NAME}`,
} as const;

/** POST /credentials/{credentialId}/offer: what the earner asks for (the body may be left out). */
export const credentialOfferRequestSchema = z.object({
  /** Protect the offer with a transaction code the wallet must send too. */
  txCode: z.boolean().optional(),
});
export type CredentialOfferRequest = z.infer<typeof credentialOfferRequestSchema>;

/** POST /credentials/{credentialId}/offer: a single-use offer for the earner's wallet. */
export const credentialOfferSchema = z.object({
  credentialId: z.string(),
  /** openid-credential-offer://?credential_offer=...: the QR code's content and the link. */
  offerUri: z.string(),
  /** When the offer stops working (ISO 8601): CREDENTIAL_OFFER_TTL_SECONDS after it was made. */
  expiresAt: z.string(),
  /**
   * The transaction code to type in the wallet, when asked for (null
   * otherwise): shown to the earner here only, kept hashed.
   */
  txCode: z.string().nullable(),
});
export type CredentialOffer = z.infer<typeof credentialOfferSchema>;
export const credentialOfferResponseSchema = envelope(credentialOfferSchema);
