// An earner's Open Badges credential wherever their screens list it (My
// Badges, the badge page and details modal): its actions, or, once revoked,
// "Revoked" with the date and the reason and nothing to download or share.
import type { EarnerCredential } from '@gets/schema';
import { formatDate } from '@/lib/format';
import { CredentialActions } from '@/features/credentials';

export const REVOKED_NOTE = 'This credential no longer counts: it cannot be downloaded or shared.';

export function HeldCredential({ credential }: { credential: EarnerCredential }) {
  if (credential.status !== 'revoked') return <CredentialActions credential={credential} />;
  return (
    <div className="space-y-2">
      <div
        role="status"
        aria-label={`Credential revoked: ${credential.badgeName}`}
        className="rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-900"
      >
        <p>
          <span className="font-bold">Revoked</span>
          {credential.revokedAt && <> on {formatDate(credential.revokedAt)}</>}
        </p>
        <p>Reason: {credential.revocationReason || 'none given'}</p>
        <p>{REVOKED_NOTE}</p>
      </div>
      <CredentialActions credential={credential} />
    </div>
  );
}
