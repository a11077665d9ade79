// What a claimed award hands to issueCredential: exactly the facts the claim
// flow knows when the claim's transaction completes. Checked here, so a
// mistake in the caller is a clear error and never a malformed credential.
import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import { isValidEmail } from '@gets/schema';
import { addressField } from '../../chain/action-definition.ts';

const text = z.string().trim().min(1);

export const awardFactsSchema = z.object({
  /** The award (the claimed badge application): one credential per award. */
  awardId: text,
  earner: z.object({
    /** The earner's user id: their session may download the baked image. */
    userId: z.uuid(),
    /** Only a salted SHA-256 of it goes into the credential. */
    email: z.string().refine(isValidEmail, 'must be an email address'),
    /** The custodial wallet that holds the badge token. */
    wallet: addressField,
    fullName: text,
  }),
  badge: z.object({
    id: text,
    name: text,
    description: text,
    /** The award criteria, the achievement's criteria narrative. */
    criteria: text,
    /** The badge image: an absolute URL, or a path on this platform (/gs-api/ipfs/<cid>). */
    imageUrl: text,
    /** The admin's expiry date of the badge, when it has one: the credential's validUntil. */
    expiresAt: z.date().nullable(),
  }),
  /** The sponsor who created the badge: the achievement's creator. */
  sponsor: z.object({ id: z.uuid(), name: text }),
  /** The application's evidence, only when the earner agreed to share it (else null). */
  evidence: text.nullable(),
  /** When the claim completed: the credential's validFrom. */
  issuedAt: z.date(),
  /** The chain record of the claim. */
  chainProof: z.object({
    chainId: z.number().int().positive(),
    transactionHash: z.string().regex(/^0x[0-9a-fA-F]{64}$/, 'must be a transaction hash'),
    /** The BadgeToken contract. */
    tokenContract: addressField,
    tokenId: z.union([z.bigint(), z.string().regex(/^\d+$/)]).transform(String),
  }),
});

export type AwardFacts = z.input<typeof awardFactsSchema>;

/** The facts as stored with the credential: JSON, and the email only as a salted hash. */
export interface StoredFacts {
  awardId: string;
  earner: {
    userId: string;
    /** `sha256$<hex>` of the lower-cased email followed by the salt (Open Badges IdentityHash). */
    emailHash: string;
    emailSalt: string;
    wallet: `0x${string}`;
    fullName: string;
  };
  badge: {
    id: string;
    name: string;
    description: string;
    criteria: string;
    imageUrl: string;
    expiresAt: string | null;
  };
  sponsor: { id: string; name: string };
  evidence: string | null;
  issuedAt: string;
  chainProof: {
    chainId: number;
    transactionHash: `0x${string}`;
    tokenContract: `0x${string}`;
    tokenId: string;
  };
}

/** The Open Badges IdentityHash of an email with its salt. */
export function hashEmail(email: string, salt: string): string {
  return `sha256$${createHash('sha256').update(`${email.trim().toLowerCase()}${salt}`).digest('hex')}`;
}

/** Validates the facts and drops what must not be kept (the plain email). */
export function toStoredFacts(award: AwardFacts): StoredFacts {
  const facts = awardFactsSchema.parse(award);
  const emailSalt = randomBytes(16).toString('hex');
  return {
    awardId: facts.awardId,
    earner: {
      userId: facts.earner.userId,
      emailHash: hashEmail(facts.earner.email, emailSalt),
      emailSalt,
      wallet: facts.earner.wallet,
      fullName: facts.earner.fullName,
    },
    badge: { ...facts.badge, expiresAt: facts.badge.expiresAt?.toISOString() ?? null },
    sponsor: facts.sponsor,
    evidence: facts.evidence,
    issuedAt: facts.issuedAt.toISOString(),
    chainProof: {
      ...facts.chainProof,
      transactionHash: facts.chainProof.transactionHash.toLowerCase() as `0x${string}`,
    },
  };
}
