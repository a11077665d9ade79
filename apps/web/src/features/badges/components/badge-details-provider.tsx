// The global badge details modal (spec section 2): any card selects a badge,
// and one modal shows it. The provider owns which badge is open and renders the
// modal; cards reach it through badge-details-context. Mounted once, inside the
// router, by the app layout, which also gives it the actions of other features.
//
// Opening the modal pushes a history entry of the same page marked with the
// badge (location state), so the browser's Back closes the modal and leaves the
// page under it as it was; closing it goes back over that entry. Leaving for
// another page from inside the modal (Edit Draft, Application List) only closes it.
import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useLocation, useNavigate, type Location } from 'react-router';
import type { Badge } from '@gets/schema';
import { SelectBadgeContext, type BadgeActionsComponent } from './badge-details-context';

// Its code (actions, QR, PNG download) loads when a first badge is opened.
const BadgeDetailsModal = lazy(() =>
  import('./badge-details-modal').then((module) => ({ default: module.BadgeDetailsModal })),
);

/** The location state key of the history entry the open modal pushed: the badge's id. */
export const BADGE_DETAILS_STATE_KEY = 'badgeDetails';

type HistoryState = Record<string, unknown>;
const stateOf = (location: Location): HistoryState =>
  location.state !== null && typeof location.state === 'object'
    ? (location.state as HistoryState)
    : {};
const openBadgeOf = (location: Location): unknown => stateOf(location)[BADGE_DETAILS_STATE_KEY];

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
  const location = useLocation();
  const navigate = useNavigate();
  const [selected, setSelected] = useState<Badge | null>(null);
  const locationRef = useRef(location);
  /** Set while leaving the marked entry (closed, or left for a page): its mark stays meanwhile. */
  const leaving = useRef(false);
  useLayoutEffect(() => {
    locationRef.current = location;
  }, [location]);
  const marked = openBadgeOf(location);
  const shown = selected !== null && marked === selected._id ? selected : null;

  const select = useCallback(
    (badge: Badge) => {
      const here = locationRef.current;
      setSelected(badge);
      void navigate(
        { pathname: here.pathname, search: here.search, hash: here.hash },
        {
          state: { ...stateOf(here), [BADGE_DETAILS_STATE_KEY]: badge._id },
          preventScrollReset: true,
        },
      );
    },
    [navigate],
  );

  /** The person closed it: back over the entry it pushed. */
  const close = useCallback(() => {
    leaving.current = true;
    setSelected(null);
    if (openBadgeOf(locationRef.current) !== undefined) void navigate(-1);
  }, [navigate]);
  /** Closed to leave for another page: the navigation that follows makes the next entry. */
  const closeToLeave = useCallback(() => {
    leaving.current = true;
    setSelected(null);
  }, []);

  // An entry marked with a badge that is not open (the page reloaded, or Back from a page
  // left from the modal): the mark goes, so Back does not stop on the same page twice.
  useEffect(() => {
    if (marked === undefined) leaving.current = false;
    if (marked === undefined || selected !== null || leaving.current) return;
    const here = locationRef.current;
    const { [BADGE_DETAILS_STATE_KEY]: _open, ...rest } = stateOf(here);
    void navigate(
      { pathname: here.pathname, search: here.search, hash: here.hash },
      { replace: true, state: Object.keys(rest).length ? rest : null, preventScrollReset: true },
    );
  }, [marked, selected, navigate]);

  return (
    <SelectBadgeContext.Provider value={select}>
      {children}
      {shown && (
        <Suspense fallback={null}>
          <BadgeDetailsModal
            badge={shown}
            onClose={close}
            onLeave={closeToLeave}
            actions={actions}
          />
        </Suspense>
      )}
    </SelectBadgeContext.Provider>
  );
}
