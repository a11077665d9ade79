// Before an admin bans a badge: what the ban does (the banBadge action,
// modules/badges/actions.ts), in a list, then Ban opens the consent with the
// exact amounts. Cancel does nothing.
import { buttonStyles } from '@/components/ui/button-styles';
import { Modal } from '@/components/ui/modal';

export const BAN_BADGE_TITLE = 'Ban badge';

export const BADGE_BAN_EFFECTS = [
  'No one can apply for it or be approved for it any more.',
  'The Open Badges credentials of its earners are revoked: each earner sees "Revoked", the date and the reason "The badge was banned", with nothing left to download or share.',
  'The rewards of the badges nobody was approved for go back to the sponsor; approved earners can still claim theirs until their claim deadline.',
  'Next you confirm it on chain: the consent shows the exact amounts.',
] as const;

export function BanBadgeDialog({
  badgeName,
  open,
  onBan,
  onClose,
}: {
  badgeName: string;
  open: boolean;
  onBan: () => void;
  onClose: () => void;
}) {
  return (
    <Modal
      open={open}
      title={BAN_BADGE_TITLE}
      onClose={onClose}
      size="sm"
      description={`What banning "${badgeName}" does:`}
    >
      <ul
        aria-label="What the ban does"
        className="mb-5 list-disc space-y-1 pl-5 text-sm text-slate-700"
      >
        {BADGE_BAN_EFFECTS.map((effect) => (
          <li key={effect}>{effect}</li>
        ))}
      </ul>
      <div className="flex justify-end gap-3">
        <button type="button" onClick={onClose} className={buttonStyles.outline}>
          Cancel
        </button>
        <button
          type="button"
          onClick={onBan}
          className={`${buttonStyles.primary} bg-red-700 hover:bg-red-800`}
        >
          Ban
        </button>
      </div>
    </Modal>
  );
}
