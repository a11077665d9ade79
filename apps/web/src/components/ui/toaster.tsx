// The app's one toast viewport, set to the spec's toast constants (section 9).
//
// sonner takes duration, visibleToasts and gap as props. The other three
// constants are sonner's built-in values and have no prop: the 356 px width is
// its --width CSS variable, the 20 px swipe threshold and the 200 ms removal
// animation are constants inside sonner. TOAST in @gets/schema records them;
// toaster.test.tsx fails if the props drift from it.
import type { CSSProperties } from 'react';
import { Toaster as SonnerToaster } from 'sonner';
import { TOAST } from '@gets/schema';

export function Toaster() {
  return (
    <SonnerToaster
      position="top-right"
      duration={TOAST.durationMs}
      visibleToasts={TOAST.visibleToasts}
      gap={TOAST.gapPx}
      richColors
      closeButton
      style={{ '--width': `${TOAST.widthPx}px` } as CSSProperties}
    />
  );
}
