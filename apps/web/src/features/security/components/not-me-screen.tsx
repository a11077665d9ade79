// /security/not-me#<token>: the "This wasn't me" link of a new-sign-in mail.
// The token is read from the fragment (never sent to the server in the URL)
// and cleared from the address bar; the button signs every session out.
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { SECURITY_MESSAGES } from '@gets/schema';
import { buttonStyles } from '@/components/ui/button-styles';
import { reportNotMe } from '../api/security-api';

function takeTokenFromFragment(): string {
  const token = decodeURIComponent(window.location.hash.replace(/^#/, ''));
  if (window.location.hash) {
    window.history.replaceState(
      window.history.state,
      '',
      `${window.location.pathname}${window.location.search}`,
    );
  }
  return token;
}

export function NotMeScreen() {
  // Read once, before the fragment is cleared.
  const [token] = useState(takeTokenFromFragment);
  const [state, setState] = useState<'idle' | 'busy' | 'done'>('idle');
  const [error, setError] = useState<string | null>(token ? null : SECURITY_MESSAGES.notMeInvalid);

  useEffect(() => {
    document.title = "This wasn't me";
  }, []);

  const report = async () => {
    setState('busy');
    const result = await reportNotMe(token);
    if (result.success) {
      setState('done');
    } else {
      setState('idle');
      setError(result.message || SECURITY_MESSAGES.notMeInvalid);
    }
  };

  return (
    <section className="bg-gradient-to-b from-brand-50 to-white px-4 py-10 sm:py-16">
      <div className="mx-auto flex w-full max-w-md flex-col gap-4 rounded-3xl border border-slate-200 bg-white p-6 shadow-xl shadow-brand-950/5 sm:p-8">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">
          Was this sign-in not you?
        </h1>
        {state === 'done' ? (
          <>
            <p role="status" className="text-sm text-slate-700">
              {SECURITY_MESSAGES.notMeDone}
            </p>
            <Link to="/forgot-password" className={buttonStyles.primary}>
              Forgot password
            </Link>
          </>
        ) : (
          <>
            <p className="text-sm text-slate-600">
              If someone else signed in to your account, we sign out every session of it at once.
              Then set a new password.
            </p>
            {error && (
              <p role="alert" className="text-sm font-medium text-red-600">
                {error}
              </p>
            )}
            <button
              type="button"
              onClick={() => void report()}
              disabled={!token || state === 'busy'}
              className={buttonStyles.primary}
            >
              This wasn&apos;t me
            </button>
          </>
        )}
      </div>
    </section>
  );
}
