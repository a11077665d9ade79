// Admins must have a second factor before any change (decision 0064), and
// confirm each consent with it. The API tests' admins hold a passkey in
// software (soft-authenticator.ts), and the tests' HTTP client plays their
// browser: a consent or change refused for want of the factor is confirmed
// with it, once, as the console's dialog does. The rules themselves are
// tested with a plain client (security-factors.test.ts).
import type { Queryable } from '../../src/db/database.ts';
import { createSession } from '../../src/modules/accounts/sessions.ts';
import { insertPasskey, type Subject } from '../../src/modules/security/factor-repository.ts';
import {
  assert as signAssertion,
  softAuthenticator,
  storedPublicKey,
  type SoftAuthenticator,
} from './soft-authenticator.ts';

/** Each admin's one soft passkey, and which bearer token is whose. */
const passkeyOf = new Map<string, SoftAuthenticator>();
const authenticatorOfToken = new Map<string, SoftAuthenticator>();
/** And whose email signs in with which (a login asks for the factor before any token). */
const authenticatorOfEmail = new Map<string, SoftAuthenticator>();

/** Enrols a passkey in software for the subject (once), as if they had added one. */
export async function enrolSoftPasskey(db: Queryable, subject: Subject) {
  const key = `${subject.kind}:${subject.id}`;
  let authenticator = passkeyOf.get(key);
  if (!authenticator) {
    authenticator = softAuthenticator();
    await insertPasskey(db, {
      subject,
      credentialId: Buffer.from(authenticator.credentialId).toString('base64url'),
      publicKey: storedPublicKey(authenticator),
      counter: 0,
      transports: ['internal'],
      name: 'Test passkey',
    });
    passkeyOf.set(key, authenticator);
  }
  return authenticator;
}

/** Says that this bearer token's holder confirms with `authenticator`. */
export function holdsPasskey(token: string, authenticator: SoftAuthenticator) {
  authenticatorOfToken.set(token, authenticator);
}

/**
 * An admin's session, with a passkey enrolled and held by the tests' client
 * (for their logins too, given their email).
 */
export async function adminSession(
  db: Queryable,
  adminId: string,
  ttlMs = 3_600_000,
  email?: string,
) {
  const subject = { kind: 'admin' as const, id: adminId };
  const authenticator = await enrolSoftPasskey(db, subject);
  if (email) authenticatorOfEmail.set(email.toLowerCase(), authenticator);
  const session = await createSession(db, subject, ttlMs);
  holdsPasskey(session.token, authenticator);
  return session;
}

/**
 * The admin of this email enrols a passkey (once) and confirms with it in
 * this session, and in their later logins (a token from a real login).
 */
export async function adminHoldsPasskey(db: Queryable, email: string, token: string) {
  const [admin] = await db.query<{ id: string }>(
    'SELECT id FROM admins WHERE lower(email) = lower($1)',
    [email],
  );
  const authenticator = await enrolSoftPasskey(db, { kind: 'admin', id: admin!.id });
  authenticatorOfEmail.set(email.toLowerCase(), authenticator);
  holdsPasskey(token, authenticator);
}

type Fetch = (pathname: string, init?: RequestInit) => Promise<Response>;

const bearerOf = (init?: RequestInit) => {
  const headers = new Headers(init?.headers);
  return /^Bearer\s+(\S+)$/i.exec(headers.get('authorization') ?? '')?.[1];
};

/**
 * `request`, confirming with the caller's passkey a call refused for want of
 * a second factor (a 401 with a passkey request), once; other answers as
 * they are.
 */
export function confirmingWithPasskeys(request: Fetch, origin: string): Fetch {
  return async (pathname, init) => {
    const answer = await request(pathname, init);
    if (answer.status !== 401 || typeof init?.body !== 'string') return answer;
    let body: Record<string, unknown>;
    try {
      const parsed: unknown = JSON.parse(init.body);
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return answer;
      body = parsed as Record<string, unknown>;
    } catch {
      return answer;
    }
    const token = bearerOf(init);
    const authenticator = token
      ? authenticatorOfToken.get(token)
      : typeof body.email === 'string' && pathname.endsWith('/admin/adminLogin')
        ? authenticatorOfEmail.get(body.email.toLowerCase())
        : undefined;
    if (!authenticator) return answer;
    const refusal = (await answer.clone().json()) as {
      data?: {
        secondFactorRequired?: boolean;
        passkey?: { challenge: string; rpId?: string } | null;
      };
    };
    const passkey = refusal.data?.secondFactorRequired ? refusal.data.passkey : null;
    if (!passkey) return answer;
    return request(pathname, {
      ...init,
      body: JSON.stringify({ ...body, webauthn: signAssertion(authenticator, passkey, origin) }),
    });
  };
}
