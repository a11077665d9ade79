// The slide-out side menu: repeats the header's links, search and account
// actions. A modal dialog like the others (the focus stays inside and goes
// back to the menu button); closes on Escape, the backdrop and any navigation.
import { useRef } from 'react';
import { createPortal } from 'react-dom';
import { NavLink } from 'react-router';
import { BrandLogo } from '@/components/ui/brand-logo';
import { buttonStyles } from '@/components/ui/button-styles';
import { useModalFocus } from '@/components/ui/modal';
import { CloseIcon } from '@/components/icons/icons';
import { BadgeSearchForm } from '@/features/badges/components/badge-search-form';
import {
  displayName,
  isVerifiedSponsor,
  useLogout,
  UserAvatar,
  VerifiedTick,
  type UserSession,
} from '@/features/accounts';
import { LOGIN_PATH, type NavLinkItem } from './nav-links';

interface SideMenuProps {
  id: string;
  links: NavLinkItem[];
  session: UserSession | null;
  onClose: () => void;
}

export function SideMenu({ id, links, session, onClose }: SideMenuProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  const logout = useLogout();
  useModalFocus(true, panelRef, onClose);

  // Portalled to <body>: the header's backdrop blur would otherwise become the
  // containing block of this fixed overlay and clip it to the header's height.
  return createPortal(
    <div className="fixed inset-0 z-50">
      <div
        className="absolute inset-0 animate-fade-in bg-slate-950/50 backdrop-blur-sm"
        onClick={onClose}
        aria-hidden="true"
      />
      <div
        ref={panelRef}
        id={id}
        role="dialog"
        aria-modal="true"
        aria-label="Menu"
        tabIndex={-1}
        className="absolute inset-y-0 left-0 flex w-80 max-w-[85vw] animate-slide-in flex-col overflow-y-auto bg-white p-6 shadow-2xl outline-none"
      >
        <nav aria-label="Side menu" className="flex flex-1 flex-col gap-6">
          <div className="flex items-center justify-between">
            <BrandLogo />
            <button
              data-autofocus
              type="button"
              onClick={onClose}
              aria-label="Close menu"
              className="grid size-10 place-items-center rounded-full text-slate-600 hover:bg-slate-100"
            >
              <CloseIcon className="size-5" />
            </button>
          </div>

          {session && (
            <div className="flex items-center gap-3 rounded-xl bg-brand-50 p-3">
              <UserAvatar user={session.user} />
              <div className="min-w-0">
                <p className="flex items-center gap-1 truncate text-sm font-semibold text-slate-900">
                  {displayName(session.user)}
                  {isVerifiedSponsor(session.user) && <VerifiedTick />}
                </p>
                <p className="text-xs font-medium text-brand-700">Connected</p>
              </div>
            </div>
          )}

          <BadgeSearchForm />

          <ul className="flex flex-col gap-1">
            {links.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  onClick={onClose}
                  className={({ isActive }) =>
                    `block rounded-lg px-3 py-2.5 text-sm font-medium ${
                      isActive
                        ? 'bg-brand-900 text-white'
                        : 'text-slate-700 hover:bg-brand-50 hover:text-brand-900'
                    }`
                  }
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>

          <div className="mt-auto">
            {session ? (
              <button
                type="button"
                onClick={logout}
                className={`${buttonStyles.outline} w-full text-red-600`}
              >
                Logout
              </button>
            ) : (
              <NavLink
                to={LOGIN_PATH}
                onClick={onClose}
                className={`${buttonStyles.primary} w-full`}
              >
                LAUNCH APP
              </NavLink>
            )}
          </div>
        </nav>
      </div>
    </div>,
    document.body,
  );
}
