// The global badge details modal (spec section 2): any card selects a badge,
// and one modal shows it. Mounted once, inside the router, by the app layout,
// which also gives it the actions of other features.
import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useState,
  type ReactNode,
} from 'react';
import type { Badge } from '@gets/schema';
import type { BadgeActionsComponent } from './badge-details-modal';

// Its code (actions, QR, PNG download) loads when a first badge is opened.
const BadgeDetailsModal = lazy(() =>
  import('./badge-details-modal').then((module) => ({ default: module.BadgeDetailsModal })),
);

const SelectBadgeContext = createContext<((badge: Badge) => void) | null>(null);

/**
 * `actions` adds the actions other features own to the modal (the app
 * composes them: Apply, Claim Tokens, Application List).
 */
export function BadgeDetailsProvider({
  children,
  actions,
}: {
  children: ReactNode;
  actions?: BadgeActionsComponent;
}) {
  const [selected, setSelected] = useState<Badge | null>(null);
  const close = useCallback(() => setSelected(null), []);
  return (
    <SelectBadgeContext.Provider value={setSelected}>
      {children}
      {selected && (
        <Suspense fallback={null}>
          <BadgeDetailsModal badge={selected} onClose={close} actions={actions} />
        </Suspense>
      )}
    </SelectBadgeContext.Provider>
  );
}

/** Opens the badge details modal on a badge. */
export function useSelectBadge(): (badge: Badge) => void {
  const select = useContext(SelectBadgeContext);
  if (!select) throw new Error('useSelectBadge needs <BadgeDetailsProvider>');
  return select;
}
