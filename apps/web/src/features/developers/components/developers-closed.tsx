// Why the Developers page is closed to a sponsor the admin has not approved:
// under verification, it opens by itself once they are approved (the stored
// user follows the server while they wait); rejected, it stays closed.
import { Link } from 'react-router';
import { buttonStyles } from '@/components/ui/button-styles';
import { DEVELOPERS_TITLE } from './developers-page';

export const DEVELOPERS_AWAITING_APPROVAL =
  'API keys and webhooks are for sponsors approved by an admin, and your sponsor account is still under verification. This page opens by itself once your account is approved.';
export const DEVELOPERS_REJECTED =
  'Your sponsor account was not approved, so you cannot create API keys or webhook endpoints. If you think this is a mistake, please contact support.';

export function DevelopersClosed({ rejected }: { rejected: boolean }) {
  return (
    <section className="mx-auto w-full max-w-2xl px-4 py-16 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{DEVELOPERS_TITLE}</h1>
      <p
        role="status"
        className={`mt-6 rounded-2xl border p-5 ${
          rejected
            ? 'border-red-200 bg-red-50 text-red-900'
            : 'border-amber-200 bg-amber-50 text-amber-900'
        }`}
      >
        {rejected ? DEVELOPERS_REJECTED : DEVELOPERS_AWAITING_APPROVAL}
      </p>
      <Link to="/dashboard" className={`${buttonStyles.outline} mt-6 inline-flex`}>
        Go to dashboard
      </Link>
    </section>
  );
}
