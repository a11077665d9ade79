// The header on every page: logo, links, badge search, and either the user
// menu or LAUNCH APP, plus the button that opens the side menu. A sponsor's
// own pages (Developers) are in their user menu and the side menu only.
import { useCallback, useId, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { MenuIcon } from '@/components/icons/icons';
import { BrandLogo } from '@/components/ui/brand-logo';
import { buttonStyles } from '@/components/ui/button-styles';
import { BadgeSearchForm } from '@/features/badges';
import { UserMenu, useSession } from '@/features/accounts';
import { accountLinks, LOGIN_PATH, visibleLinks } from './nav-links';
import { SideMenu } from './side-menu';

export function SiteHeader() {
  const location = useLocation();
  const session = useSession();
  const sideMenuId = useId();
  // The menu is open for the location it was opened at, so any navigation closes it.
  const [openedAt, setOpenedAt] = useState<string | null>(null);
  const menuOpen = openedAt === location.key;
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const closeMenu = useCallback(() => {
    setOpenedAt(null);
    menuButtonRef.current?.focus();
  }, []);

  const isSponsor = session?.user.userType === 'SPONSOR';
  const links = visibleLinks(location.pathname, isSponsor);
  const ownLinks = accountLinks(isSponsor);

  return (
    <header className="sticky top-0 z-30 border-b border-slate-200/80 bg-white/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 sm:px-6 lg:px-8">
        <button
          ref={menuButtonRef}
          type="button"
          onClick={() => setOpenedAt(location.key)}
          aria-label="Open menu"
          aria-expanded={menuOpen}
          aria-controls={sideMenuId}
          className="-ml-2 grid size-10 shrink-0 place-items-center rounded-full text-slate-700 hover:bg-slate-100 xl:hidden"
        >
          <MenuIcon className="size-6" />
        </button>
        <BrandLogo />

        <nav aria-label="Main" className="hidden xl:block">
          <ul className="flex items-center gap-1">
            {links.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  className={({ isActive }) =>
                    `rounded-full px-2 py-2 text-sm font-medium whitespace-nowrap transition ${
                      isActive
                        ? 'bg-brand-50 text-brand-900'
                        : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900'
                    }`
                  }
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className="ml-auto flex items-center gap-3">
          <BadgeSearchForm className="hidden w-60 md:block" />
          {session ? (
            <UserMenu user={session.user} links={ownLinks} />
          ) : (
            <Link to={LOGIN_PATH} className={buttonStyles.small}>
              LAUNCH APP
            </Link>
          )}
        </div>
      </div>

      {menuOpen && (
        <SideMenu
          id={sideMenuId}
          links={[...links, ...ownLinks]}
          session={session}
          onClose={closeMenu}
        />
      )}
    </header>
  );
}
