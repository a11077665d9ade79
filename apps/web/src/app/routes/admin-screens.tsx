// The admin area's screens by menu key: the one place that composes them from
// their features (a key without a screen is left out of the sidebar). The Dash
// screen gets the badge counts; Active badges shows the badges waiting for
// approval first, then every badge, with the public or private filter of the
// link (?menu=badges&access=public).
import {
  ActiveSponsorsScreen,
  ApprovalsScreen,
  AuditLogScreen,
  CountCard,
  DashScreen,
  SettingsScreen,
  useAdminMenu,
  type AdminScreens,
} from '@/features/admin';
import { AdminBadgesScreen, PendingBadgeApprovals, useAdminBadges } from '@/features/badges';
import { CommunityTreasureScreen } from '@/features/staking';

type Access = '' | 'public' | 'private';

function BadgeCountCard({ access, label }: { access: 'public' | 'private'; label: string }) {
  const { open } = useAdminMenu();
  const list = useAdminBadges({ badgeAccess: access, limit: 1 });
  return (
    <CountCard
      label={label}
      count={list.total ?? undefined}
      onOpen={() => open('badges', { access })}
    />
  );
}

function Dash() {
  return (
    <DashScreen
      extraCards={
        <>
          <BadgeCountCard access="public" label="Public badges" />
          <BadgeCountCard access="private" label="Private badges" />
        </>
      }
    />
  );
}

function ActiveBadges() {
  const { params } = useAdminMenu();
  const asked = params.get('access');
  const access: Access = asked === 'public' || asked === 'private' ? asked : '';
  return (
    <div className="flex flex-col gap-10">
      <PendingBadgeApprovals />
      <AdminBadgesScreen key={access} access={access} />
    </div>
  );
}

export const ADMIN_SCREENS: AdminScreens = {
  dash: Dash,
  approvals: ApprovalsScreen,
  badgeApprovals: PendingBadgeApprovals,
  community: CommunityTreasureScreen,
  active: ActiveSponsorsScreen,
  badges: ActiveBadges,
  settings: SettingsScreen,
  audit: AuditLogScreen,
};
