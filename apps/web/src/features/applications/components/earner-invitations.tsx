// The earner's invitations to private badges (decision 0063): on the
// dashboard, every open one ("<Sponsor> invites you to apply for <badge>"),
// and on a badge's page, the one to that badge. Accept lets the sponsor
// whitelist the earner's wallet (the earner is told what that means before
// they choose); Decline tells the sponsor nothing. An accepted invitation
// waits for the sponsor, and says so; once whitelisted it leaves the list and
// the earner applies as usual.
import { useId } from 'react';
import { Link } from 'react-router';
import {
  ACCEPT_INVITATION_NOTE,
  ACCEPTED_INVITATION_NOTE,
  invitationHeadline,
  type EarnerInvitation,
} from '@gets/schema';
import { buttonStyles } from '@/components/ui/button-styles';
import { formatDateTime } from '@/lib/format';
import { useAnswerInvitation, useMyInvitations } from '../api/my-invitations';

/** One invitation: what it is, what accepting does, and the two answers (or what it waits for). */
function InvitationItem({
  invitation,
  linkToBadge,
}: {
  invitation: EarnerInvitation;
  linkToBadge: boolean;
}) {
  const answer = useAnswerInvitation();
  const noteId = useId();
  const headline = invitationHeadline(invitation);
  const pending = invitation.status === 'PENDING';
  const answerWith = (accept: boolean) => answer.mutate({ badgeId: invitation.badgeId, accept });
  return (
    <article
      aria-label={headline}
      className="rounded-2xl border border-brand-900/15 bg-brand-50 p-4 text-sm text-slate-700"
    >
      <p className="font-semibold text-slate-900">
        {linkToBadge ? (
          <Link to={`/badge/${invitation.badgeId}`} className="underline-offset-2 hover:underline">
            {headline}
          </Link>
        ) : (
          headline
        )}
      </p>
      <p className="mt-0.5 text-xs text-slate-500">
        Invited {formatDateTime(invitation.invitedAt)}
      </p>
      <p id={noteId} className="mt-2">
        {pending ? ACCEPT_INVITATION_NOTE : ACCEPTED_INVITATION_NOTE}
      </p>
      {pending && (
        <div className="mt-3 flex flex-wrap gap-3">
          <button
            type="button"
            className={buttonStyles.primary}
            aria-label={`Accept the invitation to ${invitation.badgeName}`}
            aria-describedby={noteId}
            disabled={answer.isPending}
            onClick={() => answerWith(true)}
          >
            Accept
          </button>
          <button
            type="button"
            className={buttonStyles.outline}
            aria-label={`Decline the invitation to ${invitation.badgeName}`}
            disabled={answer.isPending}
            onClick={() => answerWith(false)}
          >
            Decline
          </button>
        </div>
      )}
    </article>
  );
}

/** The dashboard's list: nothing at all while the earner has no open invitation. */
export function EarnerInvitations() {
  const invitations = useMyInvitations();
  const open = invitations.data ?? [];
  if (!invitations.isError && open.length === 0) return null;
  return (
    <section aria-labelledby="invitations-heading">
      <h2 id="invitations-heading" className="mb-4 text-xl font-bold text-slate-900">
        Invitations
      </h2>
      {invitations.isError ? (
        // Not an alert: the dashboard's own lists say their failures; this one
        // says it in passing, with its own way to read again.
        <p className="flex flex-wrap items-center gap-3 text-sm text-red-700">
          Your invitations could not be read: {invitations.error.message}.
          <button
            type="button"
            className={buttonStyles.outline}
            disabled={invitations.isRefetching}
            onClick={() => void invitations.refetch()}
          >
            Read invitations again
          </button>
        </p>
      ) : (
        <ul aria-label="Invitations" className="grid gap-4 md:grid-cols-2">
          {open.map((invitation) => (
            <li key={invitation.badgeId}>
              <InvitationItem invitation={invitation} linkToBadge />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * On a badge's page: the earner's invitation to this badge, if one is open.
 * A failed read shows nothing here (the dashboard says it); Apply stays.
 */
export function BadgeInvitation({ badgeId }: { badgeId: string }) {
  const invitations = useMyInvitations();
  const invitation = invitations.data?.find((candidate) => candidate.badgeId === badgeId);
  if (!invitation) return null;
  return (
    <div className="basis-full">
      <InvitationItem invitation={invitation} linkToBadge={false} />
    </div>
  );
}
