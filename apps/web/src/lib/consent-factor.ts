// The second factor that confirms a consent travels beside its consent token
// in the action's second call. Action endpoints build their own bodies with
// `consentToken` in them; rather than teach each of them about factors, the
// custody feature lends the factor here for the one call that carries that
// token, and api-client adds it to that body (keyed by the token, so no other
// call can pick it up).
import { isRecord } from './storage';

/** totpCode or webauthn, as consentFactorFields in @gets/schema. */
export type ConsentFactor = { totpCode: string } | { webauthn: unknown };

const lent = new Map<string, ConsentFactor>();

/** Runs `call` (which sends `consentToken`) with `factor` added to its body. */
export async function withConsentFactor<T>(
  consentToken: string,
  factor: ConsentFactor | undefined,
  call: () => Promise<T>,
): Promise<T> {
  if (!factor) return call();
  lent.set(consentToken, factor);
  try {
    return await call();
  } finally {
    lent.delete(consentToken);
  }
}

/** The body with the factor lent for its consent token, if any. */
export function addConsentFactor(body: unknown): unknown {
  if (!isRecord(body) || typeof body.consentToken !== 'string') return body;
  const factor = lent.get(body.consentToken);
  return factor ? { ...body, ...factor } : body;
}
