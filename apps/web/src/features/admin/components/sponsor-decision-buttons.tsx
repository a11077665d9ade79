// Accept and Reject of a sponsor's profile (PUT /admin/sponsors/status), with
// the spec's toasts; a rejected sponsor can only be accepted.
import { buttonStyles } from '@/components/ui/button-styles';
import { useDecideSponsor } from '../api/decide-sponsor';

export function SponsorDecisionButtons({
  sponsor,
  size = 'small',
}: {
  sponsor: { _id: string; fullName: string; status: string };
  size?: 'small' | 'large';
}) {
  const decide = useDecideSponsor();
  const busy = decide.isPending;
  const large = size === 'large';
  return (
    <div className={`flex gap-2 ${large ? 'gap-3' : ''}`}>
      <button
        type="button"
        disabled={busy}
        aria-label={`Accept ${sponsor.fullName}`}
        onClick={() => decide.mutate({ userId: sponsor._id, status: 'APPROVED' })}
        className={large ? buttonStyles.primary : buttonStyles.small}
      >
        Accept
      </button>
      {sponsor.status !== 'REJECTED' && (
        <button
          type="button"
          disabled={busy}
          aria-label={`Reject ${sponsor.fullName}`}
          onClick={() => decide.mutate({ userId: sponsor._id, status: 'REJECTED' })}
          className={`inline-flex items-center rounded-full border border-red-200 font-semibold text-red-700 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-red-600 disabled:opacity-50 ${large ? 'px-6 py-3 text-sm' : 'px-4 py-2 text-xs'}`}
        >
          Reject
        </button>
      )}
    </div>
  );
}
