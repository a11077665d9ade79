// Does the credential stand now? Its validity dates (validFrom reached,
// validUntil not passed, and for a VC-JWT nbf and exp equal to them, as OB 3.0
// section 8.2 requires), and its status: the bit of its entry in the
// issuer's published Bitstring Status List (revocation).
import { PRODUCT_NAME, type CredentialStatus, type VerificationCheck } from '@gets/schema';
import type { Queryable } from '../../db/database.ts';
import { findCredentialById, findStatusList } from './credential-repository.ts';
import { credentialIdOf, statusListIdOf } from './issuer-urls.ts';
import type { Signer } from './verify-signature.ts';
import { encodedStatusList } from './service.ts';
import { statusBitOf } from './status-list.ts';
import type { GivenCredential } from './verify-input.ts';
import { utcDate } from '../../mail/dates-for-people.ts';
import { dateOf, failed, field, passed, skipped, type Json } from './verify-report.ts';

export interface StatusResult {
  check: VerificationCheck;
  /** Revoked by its issuer; unknown when its list is not one this platform publishes. */
  value: 'active' | 'revoked' | 'unknown';
}

/**
 * The bit of its entry in the list it names. This platform's lists speak only for the
 * credentials this platform signed: a credential whose signature is another issuer's (or
 * does not hold) could name any entry of them, so its status is unknown.
 */
export async function statusCheck(
  db: Queryable,
  credential: Json,
  signer: Signer,
): Promise<StatusResult> {
  const entry = credential.credentialStatus;
  if (entry === undefined) {
    return {
      value: 'active',
      check: passed('status', 'No revocation list', 'Its issuer keeps no revocation list for it.'),
    };
  }
  const listId = statusListIdOf(field(entry, 'statusListCredential'));
  if (listId && signer?.kind !== 'platform') {
    const why =
      signer?.kind === 'foreign'
        ? `${PRODUCT_NAME} did not issue it`
        : `${PRODUCT_NAME}'s signature on it does not hold`;
    return {
      value: 'unknown',
      check: skipped(
        'status',
        'Status unknown',
        `It names a revocation list of ${PRODUCT_NAME}, but ${why}, so that list says nothing about it.`,
      ),
    };
  }
  // Only a number or a numeric string is an index: Number() of an object whose
  // toString is not a function throws (a forger's document may hold anything).
  const given = field(entry, 'statusListIndex');
  const index = typeof given === 'number' || typeof given === 'string' ? Number(given) : NaN;
  const list = listId ? await findStatusList(db, listId) : null;
  if (!list || !Number.isInteger(index) || index < 0 || index >= list.size) {
    return {
      value: 'unknown',
      check: skipped(
        'status',
        'Status unknown',
        `Its revocation list is not one ${PRODUCT_NAME} publishes, so whether it was revoked cannot be checked.`,
      ),
    };
  }
  if (await statusBitOf(await encodedStatusList(db, list), index)) {
    const id = credentialIdOf(credential.id);
    const stored = id ? await findCredentialById(db, id) : null;
    const when = stored?.revokedAt ? ` on ${utcDate(stored.revokedAt)}` : '';
    return {
      value: 'revoked',
      check: failed(
        'status',
        'Revoked',
        `${PRODUCT_NAME} revoked this credential${when}. It no longer stands as proof of the badge.`,
      ),
    };
  }
  return {
    value: 'active',
    check: passed('status', 'Not revoked', `${PRODUCT_NAME} has not revoked it.`),
  };
}

/** The validity dates; `expired` tells the report's status apart from a date that does not hold. */
export function validityCheck(
  given: GivenCredential,
  now: Date,
): { check: VerificationCheck; expired: boolean } {
  const { credential } = given;
  const validFrom = dateOf(credential.validFrom);
  const validUntil = dateOf(credential.validUntil);
  const fail = (title: string, detail: string) => ({
    check: failed('validity', title, detail),
    expired: false,
  });
  if (!validFrom) return fail('No issue date', 'It has no valid validFrom date.');
  if (credential.validUntil !== undefined && !validUntil) {
    return fail('Bad expiry date', 'Its validUntil is not a date.');
  }
  if (given.form === 'jwt') {
    const seconds = (date: Date) => date.getTime() / 1000;
    if (given.payload.nbf !== seconds(validFrom)) {
      return fail(
        'Dates do not match',
        'The JWT\'s "nbf" is not its validFrom, as Open Badges 3.0 requires.',
      );
    }
    if (validUntil ? given.payload.exp !== seconds(validUntil) : given.payload.exp !== undefined) {
      return fail(
        'Dates do not match',
        'The JWT\'s "exp" is not its validUntil, as Open Badges 3.0 requires.',
      );
    }
  }
  if (validFrom.getTime() > now.getTime()) {
    return fail('Not valid yet', `This credential is valid only from ${utcDate(validFrom)}.`);
  }
  if (validUntil && validUntil.getTime() < now.getTime()) {
    return {
      check: failed(
        'validity',
        'Expired',
        `This credential expired on ${utcDate(validUntil)}. It proves the badge was earned, but it is no longer current.`,
      ),
      expired: true,
    };
  }
  return {
    check: passed(
      'validity',
      'Valid',
      `Valid since ${utcDate(validFrom)}${validUntil ? ` and until ${utcDate(validUntil)}` : '; it does not expire'}.`,
    ),
    expired: false,
  };
}

/** The report's one-word status, from the status and validity checks. */
export function credentialStatusOfReport(
  status: StatusResult,
  validity: { expired: boolean },
): CredentialStatus {
  if (status.value === 'revoked') return 'revoked';
  if (validity.expired) return 'expired';
  return status.value;
}
