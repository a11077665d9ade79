// /unsubscribe?token=: the link at the foot of every invitation mail. The
// address asks for no more invitations with one click on the button, not on
// opening the page: mail scanners open links, and must not unsubscribe anyone.
import { useSearchParams } from 'react-router';
import { PRODUCT_NAME, WHITELIST_CSV_MESSAGES as CSV } from '@gets/schema';
import { buttonStyles } from '@/components/ui/button-styles';
import { Spinner } from '@/features/custody';
import { useUnsubscribeFromInvitations } from '@/features/applications';
import { useDocumentTitle } from '@/hooks/use-document-title';

const TITLE = 'Unsubscribe from badge invitations';

export function UnsubscribeRoute() {
  useDocumentTitle(TITLE);
  const [params] = useSearchParams();
  const token = params.get('token');
  const unsubscribe = useUnsubscribeFromInvitations();

  if (unsubscribe.isSuccess) {
    return (
      <div className="mx-auto max-w-xl px-4 py-16 sm:px-6">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">You are unsubscribed</h1>
        <p role="status" className="mt-4 text-slate-700">
          {CSV.unsubscribeDone}: no sponsor on {PRODUCT_NAME} can invite this email address again.
        </p>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-xl px-4 py-16 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{TITLE}</h1>
      <p className="mt-4 text-slate-700">
        A sponsor on {PRODUCT_NAME} invited this email address to earn a badge. Unsubscribe, and no
        sponsor can send it another invitation.
      </p>
      {(!token || unsubscribe.isError) && (
        <p role="alert" className="mt-4 rounded-xl bg-red-50 p-4 text-sm text-red-700">
          {unsubscribe.error?.message ?? CSV.badUnsubscribeLink}
        </p>
      )}
      {token && (
        <button
          type="button"
          className={`${buttonStyles.primary} mt-6`}
          disabled={unsubscribe.isPending}
          onClick={() => unsubscribe.mutate(token)}
        >
          {unsubscribe.isPending && <Spinner />}
          Unsubscribe
        </button>
      )}
    </div>
  );
}
