// The app's one toast viewport, set to the spec's toast constants (section 9).
//
// sonner takes duration, visibleToasts and gap as props. The other three
// constants are sonner's built-in values and have no prop: the 356 px width is
// its --width CSS variable, the 20 px swipe threshold and the 200 ms removal
// animation are constants inside sonner. TOAST in @gets/schema records them;
// toaster.test.tsx fails if the props drift from it.
//
// Toasts sit at the bottom right (the whole bottom edge on a phone): the header
// holds the search box and the user menu, which a toast at the top covered.
import type { CSSProperties } from 'react';
import { Toaster as SonnerToaster } from 'sonner';
import { TOAST } from '@gets/schema';

/** Where toasts show: away from the header's search box and user menu. */
export const TOAST_POSITION = 'bottom-right';

export function Toaster() {
  return (
    <SonnerToaster
      position={TOAST_POSITION}
      duration={TOAST.durationMs}
      visibleToasts={TOAST.visibleToasts}
      gap={TOAST.gapPx}
      richColors
      closeButton
      style={{ '--width': `${TOAST.widthPx}px` } as CSSProperties}
    />
  );
}
