// Answers that ask for a second factor rather than end anything: a 401 whose
// data says { secondFactorRequired: true } (a login with the password only, a
// wrong code, a consent or a security change without its confirmation), and an
// admin's write refused with 403 { factorRequired: true } until the admin has
// enrolled one. Kept free of the schemas: api-client is in the first load.
import { isRecord } from './storage';

export function isSecondFactorRefusal(status: number, details: unknown): boolean {
  return status === 401 && isRecord(details) && details.secondFactorRequired === true;
}

export function isAdminFactorRequired(status: number, details: unknown): boolean {
  return status === 403 && isRecord(details) && details.factorRequired === true;
}

type Listener = (message: string) => void;
const listeners = new Set<Listener>();

/** Called by api-client when an admin call is refused until the admin enrols a factor. */
export function reportAdminFactorRequired(message: string): void {
  listeners.forEach((listener) => listener(message));
}

export function onAdminFactorRequired(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
