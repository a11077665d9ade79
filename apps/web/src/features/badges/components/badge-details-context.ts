// What the badge details modal shares: the provider owns which badge is open
// and opens or closes it; cards select a badge through `useSelectBadge`, and the
// modal is given the open badge and the actions other features add. This module
// sits below all three, so none of them imports another to reach it.
import { createContext, useContext, type ComponentType } from 'react';
import type { Badge } from '@gets/schema';

/** What the modal gives the actions of other features. */
export interface BadgeActionsContext {
  badge: Badge;
  /** Closes the modal (before navigating away, say). */
  close: () => void;
  /** Downloads the card as a PNG (for an earner holding the badge). */
  downloadPng: () => Promise<void>;
}
/** The actions of other features, shown with the modal's own. */
export type BadgeActionsComponent = ComponentType<BadgeActionsContext>;

/**
 * Opens the modal on a badge. Only the setter is shared, so the cards do not
 * render again each time the modal opens or closes.
 */
export const SelectBadgeContext = createContext<((badge: Badge) => void) | null>(null);

/** Opens the badge details modal on a badge. */
export function useSelectBadge(): (badge: Badge) => void {
  const select = useContext(SelectBadgeContext);
  if (!select) throw new Error('useSelectBadge needs <BadgeDetailsProvider>');
  return select;
}
