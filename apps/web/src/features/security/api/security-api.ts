// The calls of the Security section (all under /gs-api/security, signed by the
// user's or the admin's session): the overview, sessions, and every change of
// one's own factors, each carrying a SecondFactorProof once a factor exists.
import { useQuery } from '@tanstack/react-query';
import type {
  Passkey,
  PasskeyOptions,
  SecondFactorProof,
  SecondFactorRequired,
  SecurityOverview,
  SessionView,
  WebauthnAttestation,
} from '@gets/schema';
import { apiRequest, type ApiResult } from '@/lib/api-client';

export type SecurityActor = 'user' | 'admin';

export const securityKeys = {
  overview: (actor: SecurityActor) => ['security', actor, 'overview'] as const,
  sessions: (actor: SecurityActor) => ['security', actor, 'sessions'] as const,
};

/** Unwraps an API result for TanStack Query: a failure becomes an error with the server's words. */
function dataOf<T>(result: ApiResult<T>): T {
  if (!result.success) throw new Error(result.message);
  return result.data;
}

const post = <T>(actor: SecurityActor, path: string, body: unknown = {}) =>
  apiRequest<T>(path, { method: 'POST', auth: actor, body });

/** GET /security */
export const getSecurityOverview = (actor: SecurityActor) =>
  apiRequest<SecurityOverview>('/security', { auth: actor });

export function useSecurityOverview(actor: SecurityActor) {
  return useQuery({
    queryKey: securityKeys.overview(actor),
    queryFn: async () => dataOf(await getSecurityOverview(actor)),
  });
}

/** GET /security/sessions */
export function useSessions(actor: SecurityActor) {
  return useQuery({
    queryKey: securityKeys.sessions(actor),
    queryFn: async () =>
      dataOf(await apiRequest<SessionView[]>('/security/sessions', { auth: actor })),
  });
}

/** DELETE /security/sessions/{id} */
export const endSession = (actor: SecurityActor, id: string) =>
  apiRequest<null>(`/security/sessions/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    auth: actor,
  });

/** POST /security/sessions/sign-out-others */
export const endOtherSessions = (actor: SecurityActor) =>
  post<null>(actor, '/security/sessions/sign-out-others');

/** POST /security/step-up/options: a fresh passkey challenge for one security change. */
export const getStepUpOptions = (actor: SecurityActor) =>
  post<SecondFactorRequired>(actor, '/security/step-up/options');

/** POST /security/passkeys/options */
export const getPasskeyRegistrationOptions = (actor: SecurityActor, proof: SecondFactorProof) =>
  post<PasskeyOptions>(actor, '/security/passkeys/options', proof);

/** POST /security/passkeys */
export const addPasskey = (
  actor: SecurityActor,
  body: { name: string; attestation: WebauthnAttestation },
) => post<{ passkey: Passkey; recoveryCodes: string[] | null }>(actor, '/security/passkeys', body);

/** DELETE /security/passkeys/{id} */
export const removePasskey = (actor: SecurityActor, id: string, proof: SecondFactorProof) =>
  apiRequest<null>(`/security/passkeys/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    auth: actor,
    body: proof,
  });

/** POST /security/totp/setup: the secret, not in force until confirmed. */
export const setupTotp = (actor: SecurityActor, proof: SecondFactorProof) =>
  post<{ secret: string; otpauthUri: string }>(actor, '/security/totp/setup', proof);

/** POST /security/totp/confirm */
export const confirmTotp = (actor: SecurityActor, code: string) =>
  post<{ recoveryCodes: string[] | null }>(actor, '/security/totp/confirm', { code });

/** DELETE /security/totp */
export const removeTotp = (actor: SecurityActor, proof: SecondFactorProof) =>
  apiRequest<null>('/security/totp', { method: 'DELETE', auth: actor, body: proof });

/** POST /security/recovery-codes: new codes; the old ones stop working. */
export const regenerateRecoveryCodes = (actor: SecurityActor, proof: SecondFactorProof) =>
  post<{ recoveryCodes: string[] }>(actor, '/security/recovery-codes', proof);

/** POST /security/wallet-export/code: mails a code (for a person without a factor). */
export const sendWalletExportCode = () => post<null>('user', '/security/wallet-export/code');

/** POST /security/wallet-export */
export const exportWallet = (
  body: SecondFactorProof & { passphrase: string; password?: string; emailCode?: string },
) =>
  post<{ address: string; fileName: string; keystore: Record<string, unknown> }>(
    'user',
    '/security/wallet-export',
    body,
  );

/** POST /security/not-me: the "This wasn't me" link of a new-sign-in mail (no session). */
export const reportNotMe = (token: string) =>
  apiRequest<null>('/security/not-me', { method: 'POST', auth: 'none', body: { token } });
