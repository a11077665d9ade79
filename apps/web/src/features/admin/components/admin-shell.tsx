// The admin area's frame (spec section 2, "Admin area"): the admin header
// (ADMIN, "Add more admin", SEND GETS, back link) and the sidebar, around one
// screen. Below 1000 px wide only the spec's message shows, with Log out.
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { ADMIN_DASHBOARD_MIN_WIDTH_PX, ADMIN_TEXTS } from '@gets/schema';
import { ArrowRightIcon } from '@/components/icons/icons';
import { BrandLogo } from '@/components/ui/brand-logo';
import { buttonStyles } from '@/components/ui/button-styles';
import { useAdminLogout, useAdminSession } from '@/features/accounts';
import { GiveTokensButton } from '@/features/tokens';
import { useMediaQuery } from '@/hooks/use-media-query';
import { usePendingSponsors } from '../api/get-pending-sponsors';
import {
  ADMIN_SECURITY_PATH,
  adminMenuPath,
  SIDEBAR_ITEMS,
  type AdminMenuKey,
  type AdminScreens,
} from '../lib/menu';

export function AdminShell({
  screens,
  active,
  hideSendGets = false,
  children,
}: {
  screens: AdminScreens;
  /** The sidebar item to mark as current (none on a sponsor's page). */
  active?: AdminMenuKey;
  /** SEND GETS is hidden on sponsor detail pages (they have their own). */
  hideSendGets?: boolean;
  children: ReactNode;
}) {
  const narrow = useMediaQuery(`(max-width: ${ADMIN_DASHBOARD_MIN_WIDTH_PX - 1}px)`);
  if (narrow) return <NarrowScreen />;
  return (
    <div className="flex min-h-dvh bg-slate-50">
      <AdminSidebar screens={screens} active={active} />
      <div className="flex min-w-0 flex-1 flex-col">
        <AdminHeader hideSendGets={hideSendGets} />
        <main id="main" className="flex-1 px-8 py-8">
          {children}
        </main>
      </div>
    </div>
  );
}

/**
 * Below 1000 px: the spec's message, and Log out, so an admin on a phone is
 * not left signed in with no way out but a wider screen.
 */
function NarrowScreen() {
  const session = useAdminSession();
  const logout = useAdminLogout();
  return (
    <section className="grid min-h-dvh place-items-center bg-slate-50 p-6">
      <div className="flex max-w-md flex-col items-center gap-5 text-center">
        <p role="status" className="text-lg font-semibold text-slate-800">
          {ADMIN_TEXTS.narrowScreen}
        </p>
        {session?.adminDetails.email && (
          <p className="text-sm text-slate-600">
            Signed in as <span className="font-medium">{session.adminDetails.email}</span>
          </p>
        )}
        <button type="button" onClick={logout} className={buttonStyles.outline}>
          Log out
        </button>
      </div>
    </section>
  );
}

function AdminHeader({ hideSendGets }: { hideSendGets: boolean }) {
  return (
    <header className="sticky top-0 z-20 flex h-16 items-center gap-4 border-b border-slate-200 bg-white/90 px-8 backdrop-blur">
      <Link
        to="/dashboard"
        aria-label="Back to dashboard"
        className="grid size-9 place-items-center rounded-full text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-700"
      >
        <ArrowRightIcon className="size-5 rotate-180" />
      </Link>
      <h1 className="text-lg font-black tracking-[0.3em] text-brand-900">{ADMIN_TEXTS.title}</h1>
      <div className="ml-auto flex items-center gap-3">
        <Link to={adminMenuPath('settings', { tab: 'admins' })} className={buttonStyles.outline}>
          {ADMIN_TEXTS.addMoreAdmin}
        </Link>
        {!hideSendGets && (
          <GiveTokensButton from="admin" label={ADMIN_TEXTS.sendGets} title="Send GETS" />
        )}
      </div>
    </header>
  );
}

function AdminSidebar({ screens, active }: { screens: AdminScreens; active?: AdminMenuKey }) {
  const session = useAdminSession();
  const logout = useAdminLogout();
  const pending = usePendingSponsors();
  const pendingCount = pending.data?.length ?? 0;
  const onSecurity = useLocation().pathname === ADMIN_SECURITY_PATH;
  return (
    <aside className="sticky top-0 flex h-dvh w-64 shrink-0 flex-col border-r border-slate-200 bg-brand-950 text-brand-50">
      <div className="px-6 py-5">
        <BrandLogo tone="light" />
      </div>
      <nav aria-label="Admin" className="flex-1 px-3">
        <ul className="flex flex-col gap-1">
          {SIDEBAR_ITEMS.filter((item) => screens[item.key]).map((item) => (
            <li key={item.key}>
              <Link
                to={adminMenuPath(item.key)}
                aria-current={item.key === active ? 'page' : undefined}
                className={`flex items-center justify-between rounded-xl px-4 py-2.5 text-sm font-medium transition ${
                  item.key === active
                    ? 'bg-brand-300 text-brand-950'
                    : 'text-brand-100 hover:bg-white/10'
                }`}
              >
                {item.label}
                {item.key === 'approvals' && pendingCount > 0 && (
                  <span
                    aria-label={`${pendingCount} unverified sponsors`}
                    className="min-w-6 rounded-full bg-orange-500 px-2 py-0.5 text-center text-xs font-bold text-white"
                  >
                    {pendingCount}
                  </span>
                )}
              </Link>
            </li>
          ))}
          <li>
            <Link
              to={ADMIN_SECURITY_PATH}
              aria-current={onSecurity ? 'page' : undefined}
              className={`flex items-center rounded-xl px-4 py-2.5 text-sm font-medium transition ${
                onSecurity ? 'bg-brand-300 text-brand-950' : 'text-brand-100 hover:bg-white/10'
              }`}
            >
              Security
            </Link>
          </li>
        </ul>
      </nav>
      <div className="border-t border-white/10 px-6 py-4">
        <p className="text-xs text-brand-200/70">Signed in as</p>
        <p className="truncate text-sm font-medium">{session?.adminDetails.email}</p>
        <button
          type="button"
          onClick={logout}
          className="mt-3 w-full rounded-xl border border-white/20 px-4 py-2 text-sm font-semibold hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-white"
        >
          Log out
        </button>
      </div>
    </aside>
  );
}
