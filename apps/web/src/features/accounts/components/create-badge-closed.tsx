// Why Create Badge is closed to a sponsor the admin has not approved (spec
// section 2 sends them to /dashboard; saying why is kinder): under
// verification, the page opens by itself once approved (the stored user
// follows the server while they wait, use-sync-stored-user.ts); rejected, it
// stays closed.
import { Link } from 'react-router';
import { SPONSOR_VERIFICATION_PROMISE_HOURS } from '@gets/schema';
import { buttonStyles } from '@/components/ui/button-styles';
import { SPONSOR_REJECTED } from './user-landing';

export const CREATE_BADGE_CLOSED_TITLE = 'Create Badge is not open yet';
export const CREATE_BADGE_AWAITING_APPROVAL = `Only sponsors approved by an admin can create badges, and your sponsor account is still under verification. The admin reviews it within ${SPONSOR_VERIFICATION_PROMISE_HOURS} hours; this page opens by itself once your account is approved.`;

export function CreateBadgeClosed({ rejected }: { rejected: boolean }) {
  return (
    <section className="mx-auto w-full max-w-2xl px-4 py-16 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Create New Badge</h1>
      <div
        role="status"
        className={`mt-6 space-y-2 rounded-2xl border p-5 ${
          rejected
            ? 'border-red-200 bg-red-50 text-red-900'
            : 'border-amber-200 bg-amber-50 text-amber-900'
        }`}
      >
        <h2 className="text-lg font-semibold">
          {rejected ? 'Create Badge is closed' : CREATE_BADGE_CLOSED_TITLE}
        </h2>
        <p>{rejected ? SPONSOR_REJECTED : CREATE_BADGE_AWAITING_APPROVAL}</p>
      </div>
      <Link to="/dashboard" className={`${buttonStyles.outline} mt-6 inline-flex`}>
        Go to dashboard
      </Link>
    </section>
  );
}
