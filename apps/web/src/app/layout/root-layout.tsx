// The chrome around every route: header, main content, footer (the admin
// area draws its own). While the browser is offline the route's content is
// replaced by the offline screen. Any badge card on any page opens the one
// badge details modal, with the application actions (Apply, Claim Tokens,
// Application List) in it.
import { lazy } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { useAdminSession, useSyncStoredUser } from '@/features/accounts';
import { isAdminAreaPath } from '@/features/admin';
import { OfflineScreen } from '@/components/ui/offline-screen';
import { useOnlineStatus } from '@/hooks/use-online-status';
import { BadgeDetailsProvider, type BadgeActionsContext } from '@/features/badges';
import { AdminFactorListener } from './admin-factor-listener';
import { SessionEndListener } from './session-end-listener';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

// They load with the modal, when a first badge is opened (from the component's
// own module: the feature's index would bring the dashboards along).
const BadgeApplicationActions = lazy(() =>
  import('@/features/applications/components/badge-application-actions').then((module) => ({
    default: module.BadgeApplicationActions,
  })),
);

function ApplicationActions({ badge, close, downloadPng }: BadgeActionsContext) {
  return (
    <BadgeApplicationActions badge={badge} place="modal" close={close} downloadPng={downloadPng} />
  );
}

/** While a page's code loads (pages load on first visit), a bar at the top says so. */
function PageLoadingBar() {
  const loading = useNavigation().state === 'loading';
  return loading ? (
    <div
      role="progressbar"
      aria-label="Loading the page"
      className="fixed inset-x-0 top-0 z-50 h-1 animate-pulse bg-brand-600"
    />
  ) : null;
}

export function RootLayout() {
  // Outside the chrome: the admin area and the login pages draw different
  // chromes, and an ended session's move from one to the other must not
  // remount the listener that is seeing it through.
  return (
    <>
      <SessionEndListener />
      <AdminFactorListener />
      <Chrome />
    </>
  );
}

function Chrome() {
  const online = useOnlineStatus();
  const admin = useAdminSession();
  const { pathname } = useLocation();
  useSyncStoredUser();
  // The admin area draws its own header and sidebar (spec section 2, "Admin area").
  if (admin && isAdminAreaPath(pathname)) {
    return online ? (
      <BadgeDetailsProvider>
        <PageLoadingBar />
        <Outlet />
      </BadgeDetailsProvider>
    ) : (
      <OfflineScreen />
    );
  }
  return (
    <BadgeDetailsProvider actions={ApplicationActions}>
      <div className="flex min-h-dvh flex-col">
        <PageLoadingBar />
        <a
          href="#main"
          className="sr-only z-50 rounded bg-brand-900 px-4 py-2 text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
        >
          Skip to content
        </a>
        <SiteHeader />
        <main id="main" className="flex-1">
          {online ? <Outlet /> : <OfflineScreen />}
        </main>
        <SiteFooter />
      </div>
    </BadgeDetailsProvider>
  );
}
