// The app's one toast viewport, set to the spec's toast constants (section 9).
//
// sonner takes duration, visibleToasts and gap as props. The others have no
// prop: the 356 px width is its --width CSS variable and the 200 ms removal
// animation a constant inside it, both the spec's values. Its swipe threshold
// is a constant too, 45 px where the spec says 20 (decision 0065). TOAST in
// @gets/schema records the spec's values; toaster.test.tsx fails if the props
// drift from it.
//
// Toasts sit at the bottom right (the whole bottom edge on a phone): the header
// holds the search box and the user menu, which a toast at the top covered. On
// a phone a dialog is a sheet whose buttons are at the bottom, so while one is
// open the toasts go to the top, over the dimmed header nobody can reach then.
import type { CSSProperties } from 'react';
import { Toaster as SonnerToaster } from 'sonner';
import { TOAST } from '@gets/schema';
import { useMediaQuery } from '@/hooks/use-media-query';
import { useAnyModalOpen } from './modal';

/** Where toasts show: away from the header's search box and user menu. */
export const TOAST_POSITION = 'bottom-right';
/** Where they show on a phone while a dialog is open: away from its buttons. */
export const TOAST_POSITION_OVER_PHONE_DIALOG = 'top-center';
/** Below Tailwind's sm: dialogs are bottom sheets and toasts span the width. */
const PHONE_QUERY = '(max-width: 639px)';

export function Toaster() {
  const phone = useMediaQuery(PHONE_QUERY);
  const dialogOpen = useAnyModalOpen();
  return (
    <SonnerToaster
      position={phone && dialogOpen ? TOAST_POSITION_OVER_PHONE_DIALOG : TOAST_POSITION}
      duration={TOAST.durationMs}
      visibleToasts={TOAST.visibleToasts}
      gap={TOAST.gapPx}
      richColors
      closeButton
      style={{ '--width': `${TOAST.widthPx}px` } as CSSProperties}
    />
  );
}
