// Small pieces every check of the verifier uses: reading members of an
// untrusted document, dates in words, and the verdicts themselves.
import type { VerificationCheck } from '@gets/schema';

export type Json = Record<string, unknown>;

export const field = (value: unknown, key: string): unknown =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Json)[key] : undefined;

export const asArray = (value: unknown): unknown[] =>
  Array.isArray(value) ? value : value === undefined ? [] : [value];

export const dateOf = (value: unknown) => {
  if (typeof value !== 'string') return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
};

/** The issuer's id, whether the credential gives it as a string or as a Profile. */
export const issuerIdOf = (credential: Json): unknown =>
  typeof credential.issuer === 'string' ? credential.issuer : field(credential.issuer, 'id');

const check =
  (outcome: VerificationCheck['outcome']) =>
  (name: VerificationCheck['check'], title: string, detail: string): VerificationCheck => ({
    check: name,
    outcome,
    title,
    detail,
  });
export const passed = check('passed');
export const failed = check('failed');
export const skipped = check('skipped');
