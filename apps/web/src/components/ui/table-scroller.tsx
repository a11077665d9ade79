// A table that scrolls sideways on a narrow screen. The scrolling box is a
// named region that takes keyboard focus, so people who do not use a mouse can
// scroll it with the arrow keys (WCAG 2.1.1; axe: scrollable-region-focusable).
import type { ReactNode } from 'react';

export function TableScroller({
  label,
  className = '',
  children,
}: {
  /** What the table holds, read out when the box takes focus. */
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className={`overflow-x-auto rounded-2xl border border-slate-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-600 ${className}`}
    >
      {children}
    </div>
  );
}
