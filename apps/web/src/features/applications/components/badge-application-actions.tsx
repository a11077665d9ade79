// The application actions of a badge, in the details modal and on the badge
// page (spec section 2). The owning sponsor of a published badge gets
// Application List. An earner gets Apply (the modal hides it once applied or
// for a banned badge; the page shows "Applied", disabled) and, once applied,
// Claim Tokens ("Tokens Claimed", disabled, once claimed). The spec's
// batch-expiry check is the claim window's (decision 0067): an approval is
// claimable until its own claim deadline whatever the badge's batch expiry,
// and after that deadline Claim Tokens is gone, as on My Applications; before
// approval (and while the batch is open) it shows disabled with the window an
// approval will open. An earner holding the badge also downloads it and
// its credential. A visitor's Apply in the modal asks them to log in; on the
// badge page (a shared link, the QR code) a visitor gets "Log in to apply",
// which returns to the badge after the login or a registration. An earner
// invited to a private badge answers the invitation here (decision 0063).
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { TOASTS, type Application, type Badge } from '@gets/schema';
import { buttonStyles } from '@/components/ui/button-styles';
import { toast } from '@/lib/toast';
import { loginPath, useHasAdminToken, useSession, type SessionUser } from '@/features/accounts';
import { isExpired, useClaimPeriodDays } from '@/features/badges';
import { formatDateTime } from '@/lib/format';
import { useNow } from '@/hooks/use-now';
import { useMyCredentials } from '@/features/credentials';
import { useApplicationOf } from '../api/get-application-of';
import { useClaimBadge } from '../api/claim-badge';
import { UNCLAIMED_NOTE, applicationState, claimWindowAhead } from '../lib/application-status';
import { ApplyModal } from './apply-modal';
import { BadgeInvitation } from './earner-invitations';
import { HeldCredential } from './held-credential';

type Place = 'modal' | 'page';

export function BadgeApplicationActions({
  badge,
  place,
  close,
  downloadPng,
}: {
  badge: Badge;
  place: Place;
  /** Closes the surrounding modal (before navigating away). */
  close?: () => void;
  /** Downloads the badge card as a PNG, where the surrounding view can. */
  downloadPng?: () => Promise<void>;
}) {
  const session = useSession();
  const isAdmin = useHasAdminToken();
  if (isAdmin || badge.isDraft) return null;
  const user = session?.user;
  if (!user) {
    if (place === 'page') {
      return badge.status === 'VERIFIED' ? (
        <Link to={loginPath(`/badge/${badge._id}`)} className={buttonStyles.primary}>
          Log in to apply
        </Link>
      ) : null;
    }
    return (
      <button
        type="button"
        className={buttonStyles.primary}
        onClick={() => toast.info(TOASTS.info.loginToApply)}
      >
        Apply
      </button>
    );
  }
  if (user.userType === 'SPONSOR') {
    return user._id === badge.sponsor._id ? (
      <Link to={`/badge/application/${badge._id}`} onClick={close} className={buttonStyles.outline}>
        Application List
      </Link>
    ) : null;
  }
  if (user.userType !== 'EARNER' || !user.account) return null;
  return (
    <EarnerActions
      badge={badge}
      place={place}
      user={user as SessionUser & { account: string }}
      downloadPng={downloadPng}
    />
  );
}

function EarnerActions({
  badge,
  place,
  user,
  downloadPng,
}: {
  badge: Badge;
  place: Place;
  user: SessionUser & { account: string };
  downloadPng: (() => Promise<void>) | undefined;
}) {
  const [applying, setApplying] = useState(false);
  const of = useApplicationOf(badge._id, user.account);
  const application = of.data?.application ?? null;
  const eligible = of.data?.eligible === true;
  const open = badge.status === 'VERIFIED' && !isExpired(badge);

  const apply = () => {
    if (badge.availableBadge <= 0) {
      toast.info(TOASTS.info.allBadgesClaimed);
      return;
    }
    setApplying(true);
  };

  // Until the earner's application is known, neither Apply nor Claim Tokens shows (either
  // could be the wrong one): a placeholder keeps their place.
  if (of.isPending) {
    return (
      <span role="status" className="inline-flex items-center gap-2 text-sm text-slate-600">
        <span
          aria-hidden="true"
          className="size-4 animate-spin rounded-full border-2 border-brand-200 border-t-brand-800"
        />
        Checking your application...
      </span>
    );
  }

  // Only a live (approved) badge offers Apply: hidden once banned, removed or
  // deleted. The modal hides it once applied; the page shows "Applied".
  const showApply = badge.status === 'VERIFIED' && (place === 'page' || eligible);
  return (
    <>
      {place === 'page' && !badge.isPublic && <BadgeInvitation badgeId={badge._id} />}
      {showApply && (
        <button
          type="button"
          className={buttonStyles.primary}
          disabled={!eligible || !open}
          onClick={apply}
        >
          {eligible ? 'Apply' : 'Applied'}
        </button>
      )}
      {application && <ClaimTokens badge={badge} application={application} email={user.email} />}
      {application?.status === 'TOKEN_CLAIMED' && (
        <HeldBadge badge={badge} downloadPng={downloadPng} />
      )}
      {applying && (
        <ApplyModal
          badge={badge}
          open
          onClose={() => setApplying(false)}
          user={{ email: user.email, fullName: user.fullName, account: user.account }}
        />
      )}
    </>
  );
}

function ClaimTokens({
  badge,
  application,
  email,
}: {
  badge: Badge;
  application: Application;
  email: string;
}) {
  const { claim, isClaiming, claimedId } = useClaimBadge();
  // Read again while open: a deadline passing takes Claim Tokens away without a reload.
  const now = useNow(15_000);
  const claimPeriod = useClaimPeriodDays();
  const state = applicationState(application, badge, now);
  const claimed = application.status === 'TOKEN_CLAIMED' || claimedId === application._id;
  const noteId = useId();
  const disabled = claimed || isClaiming || state.kind !== 'claimable';
  // Offered while a claim can still come: approved and within its own deadline, or (the
  // spec's check) applied while the batch is open; shown as "Tokens Claimed" once claimed.
  const shown =
    claimed ||
    isClaiming ||
    state.kind === 'claimable' ||
    state.kind === 'claiming' ||
    (state.kind === 'text' && !isExpired(badge, now));
  const note =
    state.kind === 'claimable'
      ? `${state.closed ? `${state.closed}, still yours` : 'Approved'}. Claim deadline: ${formatDateTime(state.claimBy)}. ${UNCLAIMED_NOTE}`
      : state.kind === 'claiming'
        ? 'Your claim is on its way'
        : claimed
          ? null
          : state.text;
  const ahead =
    application.status === 'APPLIED' && claimPeriod !== null && !claimed
      ? claimWindowAhead(claimPeriod)
      : null;
  return (
    <>
      {shown && (
        <button
          type="button"
          className={buttonStyles.accent}
          disabled={disabled}
          aria-describedby={disabled && note ? noteId : undefined}
          onClick={() => void claim(application, email)}
        >
          {claimed ? 'Tokens Claimed' : isClaiming ? 'Claiming...' : 'Claim Tokens'}
        </button>
      )}
      {note && (
        <p id={noteId} role="status" className="basis-full text-sm text-slate-600">
          Application status: <span className="font-semibold text-slate-900">{note}</span>
          {ahead && <> {ahead}</>}
        </p>
      )}
    </>
  );
}

/** What an earner holding the badge does with it: the card as a PNG, and its credential. */
function HeldBadge({
  badge,
  downloadPng,
}: {
  badge: Badge;
  downloadPng: (() => Promise<void>) | undefined;
}) {
  const credentials = useMyCredentials();
  const credential = credentials.data?.find((c) => c.badgeId === badge._id);
  // A revoked award is not offered as a download either.
  const revoked = credential?.status === 'revoked';
  return (
    <>
      {downloadPng && !revoked && (
        <button type="button" className={buttonStyles.outline} onClick={() => void downloadPng()}>
          Download as PNG
        </button>
      )}
      {credential && (
        <div className="basis-full space-y-2 rounded-2xl border border-slate-200 p-4">
          <p className="text-sm font-semibold text-slate-900">Your Open Badges credential</p>
          <HeldCredential credential={credential} />
        </div>
      )}
    </>
  );
}
