// Open Badges 3.0 credentials: public verification, the earner's downloads
// and the admin's revocation. Request and answer shapes shared by the server
// and the web app; the words of each verification check are the server's.
import { z } from 'zod';
import { envelope } from './api.ts';
import { BADGE_MESSAGES } from './badges.ts';
import { PRODUCT_NAME } from './constants.ts';

export const CREDENTIAL_MESSAGES = {
  notFound: 'Credential not found',
  notYours: 'Only the earner of this badge can download it as an image',
  nothingToVerify: 'Please give a credential: its JSON, its JWT, or a badge image that carries it',
  notACredential:
    'This is not an Open Badges credential: give its JSON, its JWT, or a badge image that carries it',
  noBakedCredential: 'This image carries no Open Badges credential',
  fileTooLarge: 'This file is too large to be a badge',
  notPngImage: "This badge's image is not a PNG, so it cannot carry the credential",
  imageUnavailable: "This badge's image is not stored on this platform",
  reasonRequired: 'Please give a reason for the revocation',
  reasonTooLong: 'The reason must be at most 500 characters',
  revoked: 'Credential revoked',
  alreadyRevoked: 'This credential was already revoked',
  verified: 'Verification finished',
  myCredentials: 'Your credentials',
  badgeCredentials: 'Credentials issued for this badge',
} as const;

/** What a verification says about the credential as a whole. */
export const credentialStatusSchema = z.enum(['active', 'revoked', 'expired', 'unknown']);
export type CredentialStatus = z.infer<typeof credentialStatusSchema>;

/**
 * The checks of a badge, in the order they run: its signature (VC-JWT or Data
 * Integrity proof), its form (the 1EdTech OB 3.0 JSON Schema and, for a JWT,
 * the claims that mirror it), its issuer, its validity dates, its status
 * (revocation), and the platform's own chain record of the award.
 */
export const verificationCheckNameSchema = z.enum([
  'signature',
  'schema',
  'issuer',
  'validity',
  'status',
  'chain',
]);
export type VerificationCheckName = z.infer<typeof verificationCheckNameSchema>;

/** One check of a verification, with its verdict in plain words. */
export const verificationCheckSchema = z.object({
  check: verificationCheckNameSchema,
  /** passed; failed (the credential cannot be trusted on this point); or skipped (could not be checked). */
  outcome: z.enum(['passed', 'failed', 'skipped']),
  /** A short verdict, e.g. "Authentic", "Revoked". */
  title: z.string(),
  /** What it means, in words a recruiter understands. */
  detail: z.string(),
});
export type VerificationCheck = z.infer<typeof verificationCheckSchema>;

/** What the credential says, as read from it (trust it only as far as the checks go). */
export const credentialSummarySchema = z.object({
  id: z.string(),
  badgeName: z.string().nullable(),
  badgeDescription: z.string().nullable(),
  badgeUrl: z.string().nullable(),
  imageUrl: z.string().nullable(),
  criteria: z.string().nullable(),
  earnerName: z.string().nullable(),
  earnerWallet: z.string().nullable(),
  /**
   * The issuer's name: given only for a credential this platform's signature holds on (its
   * own name). Another issuer's name is its own claim, so it is never shown as a fact.
   */
  issuerName: z.string().nullable(),
  /** The issuer's identifier (for another issuer, the did:key whose key signed it). */
  issuerId: z.string().nullable(),
  sponsorName: z.string().nullable(),
  issuedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
});
export type CredentialSummary = z.infer<typeof credentialSummarySchema>;

/**
 * The answer in one word. `verified` only for a credential this platform issued, whose
 * signature, form, issuer, dates, status and chain record all hold; `otherIssuer` for a badge
 * whose signature holds but by another issuer's key, which this platform cannot vouch for.
 */
export const verificationVerdictSchema = z.enum([
  'verified',
  'revoked',
  'expired',
  'otherIssuer',
  'notVerified',
  'notABadge',
]);
export type VerificationVerdict = z.infer<typeof verificationVerdictSchema>;

/** What each verdict says to a person (the /verify page's heading and its sentence). */
export const VERIFICATION_VERDICT_TEXTS: Record<
  VerificationVerdict,
  { title: string; text: string | null }
> = {
  verified: {
    title: 'Verified',
    text: 'This badge credential is authentic, active and recorded on chain.',
  },
  revoked: {
    title: 'Revoked',
    text: 'The issuer revoked this credential: it no longer proves the badge.',
  },
  expired: {
    title: 'Expired',
    text: 'This credential has expired: it shows the badge was earned, but it is no longer current.',
  },
  otherIssuer: {
    title: 'Signed by another issuer',
    text: `Its signature is valid, but ${PRODUCT_NAME} did not issue it and cannot vouch for it.`,
  },
  notVerified: {
    title: 'Not verified',
    text: 'At least one check did not pass. Do not rely on this credential; see why below.',
  },
  // The reason is the report's own (notABadge).
  notABadge: { title: 'Not a badge', text: null },
};

export const verificationReportSchema = z.object({
  /**
   * True only for a credential this platform issued whose every check passed (its chain
   * record included) and which is active: the verdict `verified`.
   */
  verified: z.boolean(),
  verdict: verificationVerdictSchema,
  /**
   * Why what was given is not a badge (a signed credential of another type, a
   * status list, a JWT of another typ), or null for an Open Badges credential.
   * When set, nothing was checked: every check is listed as skipped, and verified is false.
   */
  notABadge: z.string().nullable(),
  status: credentialStatusSchema,
  credential: credentialSummarySchema.nullable(),
  checks: z.array(verificationCheckSchema),
  checkedAt: z.string(),
});
export type VerificationReport = z.infer<typeof verificationReportSchema>;
export const verificationResponseSchema = envelope(verificationReportSchema);

/**
 * POST /verify with JSON: the credential as its JSON document or its VC-JWT
 * (a baked image goes as multipart, field `file`). A body that is itself a
 * credential document is read as `{ credential: body }`.
 */
export const verifyRequestSchema = z.object({
  credential: z.union([z.string().trim().min(1), z.record(z.string(), z.unknown())], {
    error: CREDENTIAL_MESSAGES.nothingToVerify,
  }),
});
export type VerifyRequest = z.infer<typeof verifyRequestSchema>;

export const credentialIdParamsSchema = z.object({
  credentialId: z.uuid({ error: CREDENTIAL_MESSAGES.notFound }),
});

/** POST /admin/credentials/{credentialId}/revoke. */
export const revokeCredentialRequestSchema = z.object({
  reason: z
    .string({ error: CREDENTIAL_MESSAGES.reasonRequired })
    .trim()
    .min(1, CREDENTIAL_MESSAGES.reasonRequired)
    .max(500, CREDENTIAL_MESSAGES.reasonTooLong),
});
export type RevokeCredentialRequest = z.infer<typeof revokeCredentialRequestSchema>;

/** A credential as its earner sees it in their list: what it is and where to get it. */
export const earnerCredentialSchema = z.object({
  id: z.string(),
  awardId: z.string(),
  badgeId: z.string(),
  badgeName: z.string(),
  sponsorName: z.string(),
  issuerName: z.string(),
  issuedAt: z.string(),
  expiresAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  /**
   * Why it was revoked (the admin's reason, or that the badge was banned):
   * told to its own earner only, never published with the credential.
   */
  revocationReason: z.string().nullable(),
  status: credentialStatusSchema,
  /** The public verification page of this credential (the link to share). */
  verifyUrl: z.string(),
  jsonUrl: z.string(),
  /** The VC-JWT (RS256), the form baked into the image. */
  jwtUrl: z.string(),
  /** The same credential as JSON with its embedded Data Integrity proof (eddsa-rdfc-2022). */
  dataIntegrityUrl: z.string(),
  pngUrl: z.string(),
});
export type EarnerCredential = z.infer<typeof earnerCredentialSchema>;
export const earnerCredentialListResponseSchema = envelope(z.array(earnerCredentialSchema));
export const revokeCredentialResponseSchema = envelope(
  z.object({ id: z.string(), revokedAt: z.string() }),
);

/** GET /admin/credentials?badgeId=: the credentials issued for one badge. */
export const badgeCredentialsQuerySchema = z.object({
  badgeId: z.uuid({ error: BADGE_MESSAGES.notFound }),
});

/** A credential as the admin sees it in a badge's list: whose it is, and whether it stands. */
export const badgeCredentialSchema = z.object({
  id: z.string(),
  earnerName: z.string(),
  earnerEmail: z.string(),
  earnerWallet: z.string(),
  issuedAt: z.string(),
  /** As a verifier finds it now: a stored credential is never unknown. */
  status: credentialStatusSchema.exclude(['unknown']),
  revokedAt: z.string().nullable(),
  /** The admin's reason, kept by the platform and never published. */
  revocationReason: z.string().nullable(),
});
export type BadgeCredential = z.infer<typeof badgeCredentialSchema>;
export const badgeCredentialListResponseSchema = envelope(z.array(badgeCredentialSchema));

export interface LinkedInCertification {
  /** The badge's name. */
  name: string;
  /** Who grants it: the issuing platform, or the sponsor. */
  organizationName: string;
  issuedAt: Date;
  expiresAt?: Date | null;
  /** The credential id, shown on the profile. */
  certId: string;
  /** Where anyone can verify it (the /verify page). */
  certUrl: string;
}

/** LinkedIn's "Add licence or certification" form, filled in: https://www.linkedin.com/profile/add. */
export function linkedInAddCertificationUrl(cert: LinkedInCertification): string {
  const params: [string, string][] = [
    ['startTask', 'CERTIFICATION_NAME'],
    ['name', cert.name],
    ['organizationName', cert.organizationName],
    ['issueYear', String(cert.issuedAt.getUTCFullYear())],
    ['issueMonth', String(cert.issuedAt.getUTCMonth() + 1)],
  ];
  if (cert.expiresAt) {
    params.push(['expirationYear', String(cert.expiresAt.getUTCFullYear())]);
    params.push(['expirationMonth', String(cert.expiresAt.getUTCMonth() + 1)]);
  }
  params.push(['certUrl', cert.certUrl], ['certId', cert.certId]);
  const query = params.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&');
  return `https://www.linkedin.com/profile/add?${query}`;
}

/** The web pages of credentials (spec route table, extended). */
export const verifyPagePath = (credentialId?: string) =>
  credentialId ? `/verify/${credentialId}` : '/verify';
