// What the rest of the app may use from the applications feature.
export { BadgeApplicationActions } from './components/badge-application-actions';
export { BadgeApplications } from './components/badge-applications';
export { EarnerDashboard } from './components/earner-dashboard';
export { SponsorDashboard } from './components/sponsor-dashboard';
export { useBadgeEarners, type BadgeEarner } from './api/get-badge-earners';
export { APPLICATIONS_QUERY_KEY } from './api/keys';
export { useUnsubscribeFromInvitations } from './api/unsubscribe';
