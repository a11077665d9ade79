// Before an admin bans a badge: what the ban does (the banBadge action,
// modules/badges/actions.ts), in a list, then Ban opens the consent with the
// exact amounts. Cancel does nothing.
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EffectList } from '@/components/ui/effect-list';

/** Not the consent's "Ban badge": this comes first, and says what the ban does. */
export const BAN_BADGE_TITLE = 'Ban this badge?';

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
    <ConfirmDialog
      open={open}
      title={BAN_BADGE_TITLE}
      text={`What banning "${badgeName}" does:`}
      confirmLabel="Ban"
      onConfirm={onBan}
      onCancel={onClose}
    >
      <EffectList label="What the ban does" effects={BADGE_BAN_EFFECTS} />
    </ConfirmDialog>
  );
}
