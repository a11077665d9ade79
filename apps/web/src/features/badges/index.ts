// What the rest of the app may use from the badges feature.
export { BadgeSearchForm } from './components/badge-search-form';
export { BadgeDetailsProvider } from './components/badge-details-provider';
export {
  useSelectBadge,
  type BadgeActionsComponent,
  type BadgeActionsContext,
} from './components/badge-details-context';
export { CopyButton } from './components/copy-button';
export { badgeCode, isExpired, shortHash } from './lib/badge-links';
export { BadgeCard, BadgeCardFace } from './components/badge-card';
export { useClaimPeriodDays } from './components/claim-period';
export { BadgeGrid } from './components/badge-grid';
export { ExploreBadges } from './components/explore-badges';
export { BadgeSearchResults } from './components/badge-search-results';
export { BadgeForm, FeeTooltip, FEE_TOOLTIP } from './components/badge-form';
export { BadgePage, type EarnerRow } from './components/badge-page';
export { SponsorBadges } from './components/sponsor-badges';
export { WAITING_FOR_ADMIN } from './components/badge-status-note';
export { useSponsorBadges } from './api/get-sponsor-badges';
export { PendingBadgeApprovals } from './components/admin/pending-badge-approvals';
export { AdminBadgesScreen } from './components/admin/admin-badges-screen';
export { BadgeSidePanel } from './components/admin/badge-side-panel';
export { LaunchedBadges } from './components/admin/launched-badges';
export { useBadge } from './api/get-badge';
export { useBadgeList } from './api/get-badge-list';
export { useAdminBadges } from './api/get-admin-badges';
export { BADGES_QUERY_KEY } from './api/keys';
