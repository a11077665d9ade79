// The global badge details modal (spec section 2): any card selects a badge,
// and one modal shows it. The provider owns which badge is open and renders the
// modal; cards reach it through badge-details-context. Mounted once, inside the
// router, by the app layout, which also gives it the actions of other features.
import { lazy, Suspense, useCallback, useState, type ReactNode } from 'react';
import type { Badge } from '@gets/schema';
import { SelectBadgeContext, type BadgeActionsComponent } from './badge-details-context';

// Its code (actions, QR, PNG download) loads when a first badge is opened.
const BadgeDetailsModal = lazy(() =>
  import('./badge-details-modal').then((module) => ({ default: module.BadgeDetailsModal })),
);

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
