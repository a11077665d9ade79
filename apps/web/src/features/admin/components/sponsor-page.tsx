// /admin/sponsor/{id}: the sponsor's picture (or the default), full name and
// the "Verified Sponsor" mark, @userName, GETS, email and account; SEND GETS
// to that account, Verify (when not verified) and Ban / Lift ban. The sponsor's
// API keys come from the developers feature, through `apiKeys`; the badges
// this sponsor launched from the badges feature, through `badges`.
import { useState, type ReactNode } from 'react';
import { ADMIN_TEXTS, TOKEN, type ActiveSponsor } from '@gets/schema';
import { VerifiedIcon } from '@/components/icons/icons';
import { buttonStyles } from '@/components/ui/button-styles';
import { EffectList } from '@/components/ui/effect-list';
import { Modal } from '@/components/ui/modal';
import { PageSpinner, WalletAddress } from '@/features/accounts';
import { GiveTokensButton } from '@/features/tokens';
import { useSponsor } from '../api/get-sponsor';
import { useSetSponsorBan } from '../api/set-sponsor-ban';
import { useVerifySponsor } from '../api/verify-sponsor';
import { SponsorDecisionButtons } from './sponsor-decision-buttons';
import { SponsorPicture } from './sponsor-picture';
import { QueryError } from '@/components/ui/query-error';
import { formatAmount } from '@/lib/format';

const STATUS_NOTES: Record<string, string> = {
  PENDING: 'This sponsor is waiting for approval.',
  REJECTED: 'This sponsor was rejected.',
};

export function SponsorPage({
  id,
  apiKeys,
  badges,
}: {
  id: string;
  apiKeys?: (sponsor: ActiveSponsor) => ReactNode;
  badges?: (sponsor: ActiveSponsor) => ReactNode;
}) {
  const sponsor = useSponsor(id);
  if (sponsor.isPending) return <PageSpinner />;
  if (sponsor.isError) {
    return (
      <QueryError
        error={sponsor.error}
        onRetry={sponsor.refetch}
        isRetrying={sponsor.isRefetching}
      />
    );
  }
  const data = sponsor.data;
  return (
    <div className="flex flex-col gap-8">
      <SponsorProfile sponsor={data} />
      {apiKeys?.(data)}
      {badges?.(data)}
    </div>
  );
}

function SponsorProfile({ sponsor }: { sponsor: ActiveSponsor }) {
  const verify = useVerifySponsor();
  const [confirmBan, setConfirmBan] = useState(false);
  const note = sponsor.isBanned
    ? 'This sponsor is banned: they cannot log in or publish until the ban is lifted.'
    : STATUS_NOTES[sponsor.status];
  return (
    <section
      aria-labelledby="sponsor-name"
      className="flex gap-8 rounded-3xl border border-slate-200 bg-white p-8 shadow-sm"
    >
      <SponsorPicture sponsor={sponsor} size="size-28" />
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex flex-wrap items-center gap-3">
          <h2 id="sponsor-name" className="text-2xl font-bold text-slate-900">
            {sponsor.fullName}
          </h2>
          {sponsor.isVerified && (
            <span className="inline-flex items-center gap-1 rounded-full bg-sky-50 px-3 py-1 text-sm font-semibold text-sky-700">
              <VerifiedIcon aria-hidden="true" className="size-4" />
              {ADMIN_TEXTS.verifiedSponsor}
            </span>
          )}
          {sponsor.isBanned && (
            <span className="rounded-full bg-red-100 px-3 py-1 text-sm font-semibold text-red-700">
              Banned
            </span>
          )}
        </div>
        <p className="text-slate-600">@{sponsor.userName}</p>
        {/* Not a <p>: styled large, axe took it for a heading (p-as-heading). */}
        <div className="text-xl font-semibold text-brand-800 tabular-nums">
          {formatAmount(sponsor.userBalance)} {TOKEN.symbol}
        </div>
        <p className="text-slate-700">{sponsor.email}</p>
        <div>
          <WalletAddress address={sponsor.account} />
        </div>
        {note && (
          <p role="status" className="text-sm font-medium text-amber-800">
            {note}
          </p>
        )}
        <div className="mt-3 flex flex-wrap gap-3">
          {sponsor.status !== 'APPROVED' && !sponsor.isBanned && (
            <SponsorDecisionButtons sponsor={sponsor} size="large" />
          )}
          {sponsor.account && (
            <GiveTokensButton
              from="admin"
              label={ADMIN_TEXTS.sendGets}
              title="Send GETS"
              lockedAddress={sponsor.account}
            />
          )}
          {!sponsor.isVerified && sponsor.status === 'APPROVED' && (
            <button
              type="button"
              disabled={verify.isPending}
              onClick={() => verify.mutate(sponsor._id)}
              className={buttonStyles.outline}
            >
              Verify
            </button>
          )}
          <button
            type="button"
            onClick={() => setConfirmBan(true)}
            className="inline-flex items-center rounded-full border border-red-200 px-6 py-3 text-sm font-semibold text-red-700 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-red-600"
          >
            {sponsor.isBanned ? 'Lift ban' : 'Ban'}
          </button>
        </div>
      </div>
      <BanDialog sponsor={sponsor} open={confirmBan} onClose={() => setConfirmBan(false)} />
    </section>
  );
}

/**
 * What PUT /admin/sponsors/ban-status does (admin/service.ts setSponsorBanStatus),
 * said before the admin confirms.
 */
export const SPONSOR_BAN_EFFECTS = [
  'Every session of theirs ends now: they are signed out on every device.',
  'They cannot log in, and every call they make is refused, until the ban is lifted.',
  'Their published badges stay as they are, and the credentials their earners hold are not revoked (banning a badge revokes its credentials).',
] as const;

function BanDialog({
  sponsor,
  open,
  onClose,
}: {
  sponsor: ActiveSponsor;
  open: boolean;
  onClose: () => void;
}) {
  const ban = useSetSponsorBan();
  const lifting = sponsor.isBanned;
  return (
    <Modal
      open={open}
      title={lifting ? 'Lift the ban' : 'Ban sponsor'}
      onClose={onClose}
      dismissible={!ban.isPending}
      size="sm"
      description={
        lifting
          ? `${sponsor.fullName} will be able to log in and publish badges again.`
          : `What banning ${sponsor.fullName} does:`
      }
    >
      {!lifting && <EffectList label="What the ban does" effects={SPONSOR_BAN_EFFECTS} />}
      <div className="flex justify-end gap-3">
        <button type="button" onClick={onClose} className={buttonStyles.outline}>
          Cancel
        </button>
        <button
          type="button"
          disabled={ban.isPending}
          onClick={() =>
            ban.mutate({ userId: sponsor._id, isBanned: !lifting }, { onSuccess: onClose })
          }
          className={
            lifting ? buttonStyles.primary : `${buttonStyles.primary} bg-red-700 hover:bg-red-800`
          }
        >
          {lifting ? 'Lift ban' : 'Ban'}
        </button>
      </div>
    </Modal>
  );
}
