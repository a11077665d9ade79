// The links the header and the side menu share (spec section 2, Shared chrome).
export interface NavLinkItem {
  to: string;
  label: string;
}

export const PRIMARY_LINKS: readonly NavLinkItem[] = [
  { to: '/explore', label: 'Explore' },
  { to: '/how-it-works', label: 'How It Works' },
  { to: '/search', label: 'Badge List' },
  { to: '/dashboard', label: 'Dashboard' },
  { to: '/profile', label: 'Profile' },
];

/** Shown only on the home path. */
export const COMMUNITY_TREASURE_LINK: NavLinkItem = { to: '/stake', label: 'Community Treasure' };

/** Shown to SPONSOR users only. */
export const CREATE_BADGE_LINK: NavLinkItem = { to: '/badge', label: 'Create Badge' };

/**
 * Shown to SPONSOR users only, in their account menus (the user menu and the
 * side menu), not in the header's row of links: that row is full at 1280 px.
 */
export const DEVELOPERS_LINK: NavLinkItem = { to: '/developers', label: 'Developers' };

export const LOGIN_PATH = '/login';

export function visibleLinks(pathname: string, isSponsor: boolean): NavLinkItem[] {
  return [
    ...PRIMARY_LINKS,
    ...(pathname === '/' ? [COMMUNITY_TREASURE_LINK] : []),
    ...(isSponsor ? [CREATE_BADGE_LINK] : []),
  ];
}

/** The signed-in person's own pages, beside Dashboard and Logout in their menus. */
export function accountLinks(isSponsor: boolean): NavLinkItem[] {
  return isSponsor ? [DEVELOPERS_LINK] : [];
}
