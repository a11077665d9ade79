// The fields the apply form (application-form.ts) and the application calls
// (application-requests.ts, whitelist-csv.ts) share, with the spec's
// messages. Not part of the package's exports.
import { z } from 'zod';
import { FULL_NAME_MAX_LENGTH } from './accounts.ts';
import { PROGRAM_MAX_LENGTH } from './applications.ts';
import { EVIDENCE_MAX_LENGTH } from './badges.ts';
import { VALIDATION } from './messages.ts';

const M = VALIDATION.application;

export const fullNameSchema = z
  .string({ error: M.fullNameRequired })
  .trim()
  .min(1, M.fullNameRequired)
  .max(FULL_NAME_MAX_LENGTH, `Full Name must be at most ${FULL_NAME_MAX_LENGTH} characters`);
export const programSchema = z
  .string()
  .trim()
  .max(PROGRAM_MAX_LENGTH, `Program Name must be at most ${PROGRAM_MAX_LENGTH} characters`);
export const evidenceSchema = z
  .string()
  .trim()
  .max(EVIDENCE_MAX_LENGTH, `Evidence must be at most ${EVIDENCE_MAX_LENGTH} characters`);

export const emailField = z.email({ error: 'Invalid email address' });
export const uuidOf = (what: string) => z.uuid({ error: `${what} must be an id` });
