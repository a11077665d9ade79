// What the verifier was given, read without trusting it: a VC-JWT, a
// credential's JSON (with or without an embedded proof, or a VC 2.0 enveloped
// JWT), or a file that holds one (a baked PNG). Then the first question: is it
// a badge at all? Only an OpenBadgeCredential (or AchievementCredential) is;
// a status list, a credential of another type or a JWT of another typ is
// "not a badge", with the reason.
import { CREDENTIAL_MESSAGES } from '@gets/schema';
import { AppError } from '../../http/errors.ts';
import { isPng, readBakedCredential } from './baking.ts';
import { asArray, type Json } from './verify-report.ts';
import { CREDENTIAL_JWT_TYPES, credentialOfPayload, OB_JWT_TYPE, readJwt } from './vc-jwt.ts';

const ENVELOPED_JWT_PREFIX = 'data:application/vc+jwt,';
/** The types OB 3.0 gives a badge's credential (AchievementCredential is its alias). */
export const BADGE_CREDENTIAL_TYPES = ['OpenBadgeCredential', 'AchievementCredential'];

export type GivenCredential =
  | {
      form: 'jwt';
      jwt: string;
      header: { alg?: string; kid?: string; typ?: string };
      payload: Json;
      credential: Json;
    }
  | { form: 'json'; credential: Json };

/** What a file holds: a baked PNG's credential, a JSON document, or a JWT. */
export function readCredentialFile(bytes: Buffer): string | Json {
  if (isPng(bytes)) {
    let baked: string | null;
    try {
      baked = readBakedCredential(bytes);
    } catch {
      throw new AppError(400, CREDENTIAL_MESSAGES.noBakedCredential);
    }
    if (!baked) throw new AppError(400, CREDENTIAL_MESSAGES.noBakedCredential);
    return baked;
  }
  return bytes.toString('utf8');
}

/** The credential as a JWT or as a JSON document; 400 for what is neither. */
export function readGiven(input: string | Json): GivenCredential {
  let value: unknown = input;
  if (typeof value === 'string') {
    const text = value.trim();
    if (!text.startsWith('{')) {
      const jwt = readJwt(text);
      if (!jwt) throw new AppError(400, CREDENTIAL_MESSAGES.notACredential);
      const credential = credentialOfPayload(jwt.payload);
      return { form: 'jwt', jwt: text, ...jwt, credential };
    }
    try {
      value = JSON.parse(text) as unknown;
    } catch {
      throw new AppError(400, CREDENTIAL_MESSAGES.notACredential);
    }
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    throw new AppError(400, CREDENTIAL_MESSAGES.notACredential);
  }
  const json = value as Json;
  const types = asArray(json.type);
  // VC Data Model 2.0: a JWT-secured credential carried in JSON.
  if (
    types.includes('EnvelopedVerifiableCredential') &&
    typeof json.id === 'string' &&
    json.id.startsWith(ENVELOPED_JWT_PREFIX)
  ) {
    let jwt: string;
    try {
      jwt = decodeURIComponent(json.id.slice(ENVELOPED_JWT_PREFIX.length));
    } catch {
      throw new AppError(400, CREDENTIAL_MESSAGES.notACredential);
    }
    return readGiven(jwt);
  }
  if (!types.includes('VerifiableCredential')) {
    throw new AppError(400, CREDENTIAL_MESSAGES.notACredential);
  }
  return { form: 'json', credential: json };
}

/** Why the given credential is not a badge, or null when it is an Open Badges credential. */
export function notABadgeReason(given: GivenCredential): string | null {
  if (given.form === 'jwt') {
    const { typ } = given.header;
    if (typ !== undefined && !CREDENTIAL_JWT_TYPES.includes(typ)) {
      return `This is a JWT of type "${typ}", not a badge: a badge's VC-JWT has the type "${OB_JWT_TYPE}".`;
    }
  }
  const types = asArray(given.credential.type).filter((t): t is string => typeof t === 'string');
  if (types.some((type) => BADGE_CREDENTIAL_TYPES.includes(type))) return null;
  if (types.includes('BitstringStatusListCredential')) {
    return 'This is a status list (BitstringStatusListCredential): it publishes which credentials were revoked, and is not a badge.';
  }
  if (!types.includes('VerifiableCredential')) {
    return 'This JWT does not carry a verifiable credential, so it is not a badge.';
  }
  const named = types.filter((type) => type !== 'VerifiableCredential');
  return `This is a verifiable credential${named.length ? ` of type ${named.join(', ')}` : ''}, not a badge: a badge is an OpenBadgeCredential (or AchievementCredential).`;
}
