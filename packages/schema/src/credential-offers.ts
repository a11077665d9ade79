// "Add to wallet": the earner's request for an OpenID4VCI credential offer of
// one of their credentials, answered with the offer a wallet scans or opens.
import { z } from 'zod';
import { envelope } from './api.ts';

/** How long an offer (its pre-authorized code, and any access token from it) is good for. */
export const CREDENTIAL_OFFER_TTL_SECONDS = 600;

export const CREDENTIAL_OFFER_MESSAGES = {
  created: 'Scan the code with your wallet, or open the link on this device',
  notYours: 'Only the earner of this badge can add it to a wallet',
  revoked: 'This credential was revoked, so it cannot be added to a wallet',
  expired: 'This credential has expired, so it cannot be added to a wallet',
} as const;

/** POST /credentials/{credentialId}/offer: a single-use offer for the earner's wallet. */
export const credentialOfferSchema = z.object({
  credentialId: z.string(),
  /** openid-credential-offer://?credential_offer=...: the QR code's content and the link. */
  offerUri: z.string(),
  /** When the offer stops working (ISO 8601): CREDENTIAL_OFFER_TTL_SECONDS after it was made. */
  expiresAt: z.string(),
});
export type CredentialOffer = z.infer<typeof credentialOfferSchema>;
export const credentialOfferResponseSchema = envelope(credentialOfferSchema);
