// Opening a session once a person proved who they are: refused while a
// "This wasn't me" asks for a new password (for a password sign-in), kept
// with where it came from, and announced by mail when the browser is new.
import { SECURITY_MESSAGES } from '@gets/schema';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/errors.ts';
import { createSession, type SignInMeta } from '../accounts/sessions.ts';
import type { Subject } from './factor-repository.ts';
import { passwordResetRequired } from './sessions-service.ts';
import { announceSignIn } from './sign-in-alerts.ts';

export async function openSession(
  deps: Pick<AppContext, 'db' | 'config' | 'publicUrl'>,
  subject: Subject,
  meta: SignInMeta,
  how: 'password' | 'passkey',
) {
  if (how === 'password' && (await passwordResetRequired(deps.db, subject))) {
    throw new AppError(403, SECURITY_MESSAGES.passwordMustBeReset);
  }
  const session = await createSession(deps.db, subject, deps.config.sessionTtlMs, meta);
  await announceSignIn(deps, subject, meta);
  return session;
}
