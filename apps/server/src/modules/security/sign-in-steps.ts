// The security module's part of every sign-in, handed to the accounts and
// admin-auth modules through AppContext.signIn (composed at the root), so
// that accounts never imports security, which builds on accounts.
import type { AppContext } from '../../context.ts';
import type { SignInSteps } from '../../http/sessions.ts';
import { passkeyLoginOptions, passkeyLoginSubject, requireLoginFactor } from './login-factor.ts';
import { openSession } from './sign-in.ts';
import { announceSignIn } from './sign-in-alerts.ts';

/** `deps` is read at each call: the context that holds these steps is built with them. */
export const signInSteps = (deps: () => AppContext): SignInSteps => ({
  requireLoginFactor: (subject, proof) => requireLoginFactor(deps(), subject, proof),
  passkeyLoginOptions: () => passkeyLoginOptions(deps()),
  passkeyLoginSubject: (assertion) => passkeyLoginSubject(deps(), assertion),
  openSession: (subject, meta, how) => openSession(deps(), subject, meta, how),
  announceSignIn: (subject, meta) => announceSignIn(deps(), subject, meta),
});
