// The signed-in user's menu in the header: avatar, user name, a verified tick
// for verified sponsors, "Connected", and Dashboard, the person's own pages
// the app shell passes as `links` (a sponsor's Developers), Logout.
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ChevronDownIcon, VerifiedIcon } from '@/components/icons/icons';
import { logout } from '../api/logout';
import { adminLoginPath, clearAdminSession } from '../lib/admin-session';
import { clearSession, displayName, type SessionUser } from '../lib/session';
import { UserAvatar } from './user-avatar';

export function isVerifiedSponsor(user: SessionUser): boolean {
  return user.userType === 'SPONSOR' && user.isVerified;
}

export function VerifiedTick() {
  return <VerifiedIcon role="img" aria-label="Verified sponsor" className="size-4 text-sky-500" />;
}

/** Ends the session on the server, forgets it here and goes to /login. */
export function useLogout(): () => void {
  const navigate = useNavigate();
  return () => {
    void logout('user').finally(() => {
      clearSession();
      void navigate('/login');
    });
  };
}

/** The admin's logout: back to the admin login link (with its fragment). */
export function useAdminLogout(): () => void {
  const navigate = useNavigate();
  return () => {
    void logout('admin').finally(async () => {
      // Leave /dashboard first (rendered at once, not as a transition), or its
      // own "no session → /login" would win the race.
      await navigate(adminLoginPath(), { flushSync: true });
      clearAdminSession();
    });
  };
}

export function UserMenu({
  user,
  links = [],
}: {
  user: SessionUser;
  /** More of the person's own pages, after Dashboard. */
  links?: readonly { to: string; label: string }[];
}) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const logout = useLogout();
  const name = displayName(user);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  return (
    <div ref={rootRef} className="relative">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
        className="flex items-center gap-2 rounded-full border border-slate-200 bg-white py-1 pr-3 pl-1 text-left shadow-sm transition hover:border-brand-300 focus-visible:outline-2 focus-visible:outline-brand-700"
      >
        <UserAvatar user={user} size="size-8" />
        {/* The name hides (but stays announced) where the header is busiest: on
            phones, and wherever the links show beside it (the header is no wider
            past 1280 px, so the links fill it at every width from there). */}
        <span className="flex flex-col leading-tight max-sm:sr-only xl:sr-only">
          <span className="flex items-center gap-1 text-sm font-semibold text-slate-900">
            <span className="max-w-40 truncate">{name}</span>
            {isVerifiedSponsor(user) && <VerifiedTick />}
          </span>
          <span className="flex items-center gap-1 text-[11px] font-medium text-brand-700">
            <span className="size-1.5 rounded-full bg-brand-500" aria-hidden="true" />
            Connected
          </span>
        </span>
        <ChevronDownIcon className="size-4 text-slate-500" />
      </button>
      {open && (
        <div
          id={menuId}
          className="absolute right-0 z-40 mt-2 w-56 animate-fade-in overflow-hidden rounded-xl border border-slate-200 bg-white shadow-lg"
        >
          <div className="border-b border-slate-100 px-4 py-3">
            <p className="flex items-center gap-1 truncate text-sm font-semibold text-slate-900">
              {name}
              {isVerifiedSponsor(user) && <VerifiedTick />}
            </p>
            {user.fullName && user.fullName !== name && (
              <p className="truncate text-xs text-slate-600">{user.fullName}</p>
            )}
            <p className="truncate text-xs text-slate-500">{user.email}</p>
            <p className="mt-2 inline-flex items-center gap-1 rounded-full bg-brand-50 px-2 py-0.5 text-[11px] font-medium text-brand-700">
              <span className="size-1.5 rounded-full bg-brand-500" aria-hidden="true" />
              Connected
            </p>
          </div>
          <ul className="py-1 text-sm">
            <li>
              <Link
                to="/dashboard"
                onClick={() => setOpen(false)}
                className="block px-4 py-2 text-slate-700 hover:bg-brand-50 hover:text-brand-900"
              >
                Dashboard
              </Link>
            </li>
            {links.map((link) => (
              <li key={link.to}>
                <Link
                  to={link.to}
                  onClick={() => setOpen(false)}
                  className="block px-4 py-2 text-slate-700 hover:bg-brand-50 hover:text-brand-900"
                >
                  {link.label}
                </Link>
              </li>
            ))}
            <li>
              <button
                type="button"
                onClick={logout}
                className="block w-full px-4 py-2 text-left text-red-600 hover:bg-red-50"
              >
                Logout
              </button>
            </li>
          </ul>
        </div>
      )}
    </div>
  );
}
