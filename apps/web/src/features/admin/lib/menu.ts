// The admin area's screens by the spec's menu keys. Each screen is deep-linked
// as /dashboard?menu=<key>, so reload and the back button keep it.
import type { ComponentType } from 'react';

export const ADMIN_MENU_KEYS = [
  'dash',
  'approvals',
  'badgeApprovals',
  'community',
  'active',
  'badges',
  'settings',
  'audit',
] as const;
export type AdminMenuKey = (typeof ADMIN_MENU_KEYS)[number];

/**
 * The sidebar, in the spec's order. Pending badge approvals has a menu key but
 * no sidebar entry in the spec: its list sits atop Active badges, and
 * ?menu=badgeApprovals opens it alone.
 */
export const SIDEBAR_ITEMS: { key: AdminMenuKey; label: string }[] = [
  { key: 'dash', label: 'Dashboard' },
  { key: 'approvals', label: 'Profile approvals' },
  { key: 'community', label: 'Community treasure' },
  { key: 'active', label: 'Active sponsors' },
  { key: 'badges', label: 'Active badges' },
  { key: 'settings', label: 'Settings' },
  // Not in the spec: the audit log of every admin action, last before Log out.
  { key: 'audit', label: 'Audit log' },
];

/**
 * The screen of each menu key. The app composes it (app/routes/dashboard.tsx),
 * so a feature adds its screen there; a key without a screen is not offered.
 */
export type AdminScreens = Partial<Record<AdminMenuKey, ComponentType>>;

export const ADMIN_MENU_PARAM = 'menu';
/** The Settings screen's tab: ?menu=settings&tab=admins opens "Add more admins". */
export const SETTINGS_TAB_PARAM = 'tab';

export function isAdminMenuKey(value: string | null): value is AdminMenuKey {
  return (ADMIN_MENU_KEYS as readonly string[]).includes(value ?? '');
}

/** /dashboard?menu=<key>[&more] */
export function adminMenuPath(key: AdminMenuKey, params: Record<string, string> = {}): string {
  const search = new URLSearchParams({ [ADMIN_MENU_PARAM]: key, ...params });
  return `/dashboard?${search.toString()}`;
}

/** The admin's own Security page (issue 45), beside the menu's screens. */
export const ADMIN_SECURITY_PATH = '/admin/security';

/** Whether a path is the admin area (drawn without the site's header and footer). */
export function isAdminAreaPath(pathname: string): boolean {
  return (
    pathname === '/dashboard' ||
    pathname === ADMIN_SECURITY_PATH ||
    pathname.startsWith('/admin/sponsor/')
  );
}
