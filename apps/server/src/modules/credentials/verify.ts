// Verification of an Open Badges credential, check by check, in words a
// recruiter understands. First: is it a badge at all (an OpenBadgeCredential
// or AchievementCredential, not a status list or another credential)? Then:
// signature (whose key signed exactly this), schema (1EdTech's OB 3.0 JSON
// Schema, and for a VC-JWT the claims that mirror the credential), issuer
// (this platform, or another issuer whose key resolved, and never a name that
// passes for this platform's), validity dates, status (revocation), and for
// this platform's badges the chain record of the award; a check not run is
// listed as skipped, with why. "Verified" is said only of what this platform
// signed and can prove: another issuer's good badge gets a verdict of its own.
// Accepts the VC-JWT, the credential's JSON (with its Data Integrity proof or
// as signed), or a badge image that carries either.
import {
  CREDENTIAL_MESSAGES,
  PRODUCT_NAME,
  verificationCheckNameSchema,
  type CredentialStatus,
  type CredentialSummary,
  type VerificationCheck,
  type VerificationReport,
  type VerificationVerdict,
} from '@gets/schema';
import { AppError } from '../../http/errors.ts';
import { findCredentialById } from './credential-repository.ts';
import { urlsOf } from './issuer-documents.ts';
import { achievementCredentialErrors } from './ob-schema.ts';
import { signedJwtOf, type SigningDeps } from './signing.ts';
import { chainCheck, walletOfSubject, type ChainDeps } from './verify-chain.ts';
import { notABadgeReason, readGiven, type GivenCredential } from './verify-input.ts';
import { passesForPlatform } from './issuer-name.ts';
import { asArray, failed, field, issuerIdOf, passed, skipped, type Json } from './verify-report.ts';
import { signatureCheck, type Signer } from './verify-signature.ts';
import { credentialStatusOfReport, statusCheck, validityCheck } from './verify-status.ts';

export { readCredentialFile } from './verify-input.ts';

export type VerifyDeps = SigningDeps & ChainDeps;

const CHECK_NAMES = verificationCheckNameSchema.options;

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
      verdict: 'notABadge',
      notABadge,
      status: 'unknown',
      credential: null,
      checks: CHECK_NAMES.map((name) =>
        skipped(name, 'Not checked', 'It is not a badge, so nothing of it was checked.'),
      ),
      checkedAt: now.toISOString(),
    };
  }
  const { credential } = given;
  const signature = await signatureCheck(deps, given);
  const { signer } = signature;
  const status = await statusCheck(deps.db, credential, signer);
  const issuer = issuerCheck(deps, credential, signer);
  const validity = validityCheck(given, now);
  // The chain record is this platform's own evidence, and it speaks only for what it signed:
  // anyone can name a real claim's transaction in a credential they wrote.
  const chain =
    signer?.kind === 'platform'
      ? await chainCheck(deps, credential)
      : skipped(
          'chain',
          'Not checked',
          signer?.kind === 'foreign'
            ? `Only the badges ${PRODUCT_NAME} issues carry a chain record it can check, and ${PRODUCT_NAME} did not issue this one.`
            : `The chain record is checked only for a credential ${PRODUCT_NAME}'s signature holds on.`,
        );
  const checks = [signature.check, schemaCheck(given), issuer, validity.check, status.check, chain];

  const value = credentialStatusOfReport(status, validity);
  const verdict = verdictOf(signer, checks, value);
  return {
    verified: verdict === 'verified',
    verdict,
    notABadge: null,
    status: value,
    credential: summaryOf(deps, credential, signer),
    checks,
    checkedAt: now.toISOString(),
  };
}

/**
 * Green only for this platform's own credential whose every check passed; another issuer's
 * badge whose signature and issuer hold is told apart, never green.
 */
function verdictOf(
  signer: Signer,
  checks: VerificationCheck[],
  status: CredentialStatus,
): VerificationVerdict {
  const outcome = (name: VerificationCheck['check']) =>
    checks.find((c) => c.check === name)?.outcome;
  if (signer?.kind === 'platform') {
    if (status === 'revoked') return 'revoked';
    if (status === 'expired') return 'expired';
    return checks.every((c) => c.outcome === 'passed') && status === 'active'
      ? 'verified'
      : 'notVerified';
  }
  if (signer?.kind === 'foreign' && outcome('issuer') === 'passed') return 'otherIssuer';
  return 'notVerified';
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
  const id = typeof issuerId === 'string' ? issuerId : null;
  const claimedNames = [
    field(credential.issuer, 'name'),
    field(field(field(credential.credentialSubject, 'achievement'), 'creator'), 'name'),
  ].filter((name): name is string => typeof name === 'string');
  const lookalike = claimedNames.find(passesForPlatform);
  if (lookalike !== undefined) {
    return failed(
      'issuer',
      `Not ${PRODUCT_NAME}`,
      `It gives the name "${lookalike}", which reads as ${PRODUCT_NAME}, but ${PRODUCT_NAME} did not issue it (its issuer is ${id ?? 'not named'}). Someone may be passing it off as a ${PRODUCT_NAME} badge.`,
    );
  }
  const calledItself =
    claimedNames[0] === undefined ? '' : ` It calls itself "${claimedNames[0]}".`;
  // Another issuer: its key is known only where the key is its id (did:key), so nobody else's
  // word is needed for that much; who holds the key is beyond this platform.
  if (signer?.kind === 'foreign' && id === signer.keyOwner) {
    return passed(
      'issuer',
      'Another issuer',
      `Issued by ${id}, not by ${PRODUCT_NAME}. That identifier is its own public key, and that key signed it; who holds the key, ${PRODUCT_NAME} cannot tell.${calledItself}`,
    );
  }
  return failed(
    'issuer',
    'Another issuer',
    `Its issuer is ${id ?? 'not named'}, not ${PRODUCT_NAME}, and that issuer's key could not be confirmed.${calledItself}`,
  );
}

/**
 * What the credential says. Of another issuer's credential (or one whose signature does not
 * hold) no image is shown and no issuer name: only its identifier. An image is shown only when
 * it is on this platform, so a verdict page never displays what a stranger chose.
 */
function summaryOf(
  deps: Pick<VerifyDeps, 'publicUrl'>,
  credential: Json,
  signer: Signer,
): CredentialSummary {
  const ours = signer?.kind === 'platform';
  const subject = credential.credentialSubject;
  const achievement = field(subject, 'achievement');
  const identifiers = asArray(field(subject, 'identifier'));
  const name = identifiers.find(
    (i) => field(i, 'identityType') === 'name' && field(i, 'hashed') === false,
  );
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  const image = text(field(field(achievement, 'image'), 'id'));
  return {
    id: text(credential.id) ?? '',
    badgeName: text(field(achievement, 'name')) ?? text(credential.name),
    badgeDescription: text(field(achievement, 'description')),
    badgeUrl: text(field(achievement, 'id')),
    imageUrl: ours && image && isOnPlatform(deps, image) ? image : null,
    criteria: text(field(field(achievement, 'criteria'), 'narrative')),
    earnerName: text(field(name, 'identityHash')),
    earnerWallet: walletOfSubject(field(subject, 'id'))?.address ?? null,
    issuerName: ours ? PRODUCT_NAME : null,
    issuerId: text(issuerIdOf(credential)),
    sponsorName: text(field(field(achievement, 'creator'), 'name')),
    issuedAt: text(credential.validFrom),
    expiresAt: text(credential.validUntil),
  };
}

/** An http(s) URL under this platform's public address. */
function isOnPlatform(deps: Pick<VerifyDeps, 'publicUrl'>, url: string): boolean {
  try {
    const given = new URL(url);
    const platform = new URL(urlsOf(deps).issuer);
    return (
      (given.protocol === 'https:' || given.protocol === 'http:') &&
      given.origin === platform.origin
    );
  } catch {
    return false;
  }
}
