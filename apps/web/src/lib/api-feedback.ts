// The generic handling of spec section 8: a failed call shows the server's
// message followed by "!", and the two email messages send the person to
// /login or /register after EMAIL_ERROR_REDIRECT_DELAY_MS.
import { EMAIL_ERROR_REDIRECT_DELAY_MS, SERVER_MESSAGES } from '@gets/schema';
import { toast, type ToastOptions } from './toast';

/** "message!" — without doubling a "!" the server already put there. */
export const withBang = (message: string) => (message.endsWith('!') ? message : `${message}!`);

const EMAIL_REDIRECTS: Record<string, string> = {
  [SERVER_MESSAGES.emailAlreadyRegistered]: '/login',
  [SERVER_MESSAGES.emailNotRegistered]: '/register',
};

export function showApiError(
  result: { message: string; sessionEnded?: boolean },
  navigate?: (path: string) => void,
  options?: ToastOptions,
): void {
  // The ended session has its one message (session-end.ts); this call's refusal would repeat it.
  if (result.sessionEnded) {
    if (options?.id !== undefined) toast.dismiss(options.id);
    return;
  }
  toast.error(withBang(result.message), options);
  const target = EMAIL_REDIRECTS[result.message];
  if (target && navigate) setTimeout(() => navigate(target), EMAIL_ERROR_REDIRECT_DELAY_MS);
}

export function showApiSuccess(result: { message: string }, options?: ToastOptions): void {
  toast.success(withBang(result.message), options);
}
