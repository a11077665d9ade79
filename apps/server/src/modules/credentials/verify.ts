// Verification of an Open Badges credential, check by check, in words a
// recruiter understands. First: is it a badge at all (an OpenBadgeCredential
// or AchievementCredential, not a status list or another credential)? Then:
// signature (whose key signed exactly this), schema (1EdTech's OB 3.0 JSON
// Schema, and for a VC-JWT the claims that mirror the credential), issuer
// (this platform, or another issuer whose key resolved, with a note),
// validity dates, status (revocation), and for this platform's badges the
// chain record of the award. Accepts the VC-JWT, the credential's JSON (with
// its Data Integrity proof or as signed), or a badge image that carries either.
import {
  CREDENTIAL_MESSAGES,
  PRODUCT_NAME,
  type CredentialSummary,
  type VerificationCheck,
  type VerificationReport,
} from '@gets/schema';
import { AppError } from '../../http/errors.ts';
import { findCredentialById } from './credential-repository.ts';
import { urlsOf } from './issuer-documents.ts';
import { achievementCredentialErrors } from './ob-schema.ts';
import { signedJwtOf, type SigningDeps } from './signing.ts';
import { chainCheck, walletOfSubject, type ChainDeps } from './verify-chain.ts';
import { notABadgeReason, readGiven, type GivenCredential } from './verify-input.ts';
import { asArray, failed, field, issuerIdOf, passed, type Json } from './verify-report.ts';
import { signatureCheck, type Signer } from './verify-signature.ts';
import { credentialStatusOfReport, statusCheck, validityCheck } from './verify-status.ts';

export { readCredentialFile } from './verify-input.ts';

export type VerifyDeps = SigningDeps & ChainDeps;

export async function verifyCredential(
  deps: VerifyDeps,
  input: string | Json,
  now = new Date(),
): Promise<VerificationReport> {
  const given = readGiven(input);
  const notABadge = notABadgeReason(given);
  if (notABadge) {
    return {
      verified: false,
      notABadge,
      status: 'unknown',
      credential: null,
      checks: [],
      checkedAt: now.toISOString(),
    };
  }
  const { credential } = given;
  const status = await statusCheck(deps.db, credential);
  const signature = await signatureCheck(deps, given, status.value === 'revoked');
  const schema = schemaCheck(given);
  const issuer = issuerCheck(deps, credential, signature.signer);
  const validity = validityCheck(given, now);
  const checks = [signature.check, schema, issuer, validity.check, status.check];
  // The chain record is this platform's own evidence: a foreign badge has none to check.
  if (signature.signer?.kind !== 'foreign') checks.push(await chainCheck(deps, credential));

  const value = credentialStatusOfReport(status, validity);
  return {
    verified: checks.every((c) => c.outcome === 'passed') && value === 'active',
    notABadge: null,
    status: value,
    credential: summaryOf(credential),
    checks,
    checkedAt: now.toISOString(),
  };
}

/** Verifies a credential this platform issued, by its id (the /verify/{id} page). */
export async function verifyStoredCredential(deps: VerifyDeps, credentialId: string) {
  const stored = await findCredentialById(deps.db, credentialId);
  if (!stored) throw new AppError(404, CREDENTIAL_MESSAGES.notFound);
  return verifyCredential(deps, await signedJwtOf(deps, stored));
}

/** 1EdTech's JSON Schema, and for a VC-JWT the claims OB 3.0 section 8.2 maps to members. */
function schemaCheck(given: GivenCredential): VerificationCheck {
  // VC Data Model 2.0 allows one proof as an object; 1EdTech's schema lists proofs in an array.
  const { credential } = given;
  const errors = achievementCredentialErrors(
    credential.proof === undefined
      ? credential
      : { ...credential, proof: asArray(credential.proof) },
  );
  if (errors.length > 0) {
    return failed(
      'schema',
      'Not in the Open Badges 3.0 form',
      `It does not follow the Open Badges 3.0 schema: ${errors.slice(0, 3).join('; ')}.`,
    );
  }
  if (given.form === 'jwt') {
    const { payload } = given;
    const mismatched = [
      ['iss', issuerIdOf(credential), 'issuer.id'],
      ['jti', credential.id, 'id'],
      ['sub', field(credential.credentialSubject, 'id'), 'credentialSubject.id'],
    ].find(([claim, member]) => payload[claim as string] !== member);
    if (mismatched) {
      return failed(
        'schema',
        'Claims do not match',
        `The JWT's "${mismatched[0] as string}" is not the credential's ${mismatched[2] as string}, as Open Badges 3.0 requires.`,
      );
    }
  }
  return passed(
    'schema',
    'Open Badges 3.0',
    'It has the form of an Open Badges 3.0 credential (1EdTech JSON Schema).',
  );
}

function issuerCheck(
  deps: Pick<VerifyDeps, 'publicUrl'>,
  credential: Json,
  signer: Signer,
): VerificationCheck {
  const urls = urlsOf(deps);
  const issuerId = issuerIdOf(credential);
  const issuerName = field(credential.issuer, 'name');
  const named = `${typeof issuerName === 'string' ? `"${issuerName}"` : 'an issuer'}${typeof issuerId === 'string' ? ` (${issuerId})` : ''}`;
  if (issuerId === urls.issuer) {
    return signer?.kind === 'platform'
      ? passed(
          'issuer',
          PRODUCT_NAME,
          `Issued by ${PRODUCT_NAME} (${urls.issuer}), whose public keys are published at ${urls.jwks}.`,
        )
      : failed(
          'issuer',
          'Not confirmed',
          `It names ${PRODUCT_NAME} as its issuer, but ${PRODUCT_NAME}'s signature on it does not hold.`,
        );
  }
  // Another issuer: vouched for only where its key is its id (did:key), so nobody else's word is needed.
  if (signer?.kind === 'foreign' && issuerId === signer.keyOwner) {
    return passed(
      'issuer',
      'Another issuer',
      `Note: it was issued by ${named}, not by ${PRODUCT_NAME}. Its key is its own identifier, and that key signed it; ${PRODUCT_NAME} knows nothing more about this issuer.`,
    );
  }
  return failed(
    'issuer',
    'Another issuer',
    `It names ${named} as its issuer, not ${PRODUCT_NAME}, and that issuer's key could not be confirmed.`,
  );
}

function summaryOf(credential: Json): CredentialSummary {
  const subject = credential.credentialSubject;
  const achievement = field(subject, 'achievement');
  const identifiers = asArray(field(subject, 'identifier'));
  const name = identifiers.find(
    (i) => field(i, 'identityType') === 'name' && field(i, 'hashed') === false,
  );
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  return {
    id: text(credential.id) ?? '',
    badgeName: text(field(achievement, 'name')) ?? text(credential.name),
    badgeDescription: text(field(achievement, 'description')),
    badgeUrl: text(field(achievement, 'id')),
    imageUrl: text(field(field(achievement, 'image'), 'id')),
    criteria: text(field(field(achievement, 'criteria'), 'narrative')),
    earnerName: text(field(name, 'identityHash')),
    earnerWallet: walletOfSubject(field(subject, 'id'))?.address ?? null,
    issuerName: text(field(credential.issuer, 'name')),
    sponsorName: text(field(field(achievement, 'creator'), 'name')),
    issuedAt: text(credential.validFrom),
    expiresAt: text(credential.validUntil),
  };
}
