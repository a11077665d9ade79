// A table that scrolls sideways on a narrow screen. The scrolling box is a
// named region that takes keyboard focus, so people who do not use a mouse can
// scroll it with the arrow keys (WCAG 2.1.1; axe: scrollable-region-focusable).
// With a `hint`, a line above the box says what is out of view while the table
// is wider than its box (a 375 px phone), so nobody has to guess that it scrolls.
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

/** Whether the box's content is wider than the box, kept up to date as either changes size. */
function useOverflowsSideways(enabled: boolean) {
  const ref = useRef<HTMLDivElement>(null);
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const box = ref.current;
    if (!enabled || !box) return;
    const measure = () => setOverflows(box.scrollWidth > box.clientWidth + 1);
    measure();
    window.addEventListener('resize', measure);
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(box);
    if (box.firstElementChild) observer?.observe(box.firstElementChild);
    return () => {
      window.removeEventListener('resize', measure);
      observer?.disconnect();
    };
  }, [enabled]);
  return { ref, overflows };
}

export function TableScroller({
  label,
  className = '',
  hint,
  children,
}: {
  /** What the table holds, read out when the box takes focus. */
  label: string;
  className?: string;
  /** Said above the box while the table does not fit its width, e.g. "Scroll sideways to see...". */
  hint?: string;
  children: ReactNode;
}) {
  const hintId = useId();
  const { ref, overflows } = useOverflowsSideways(hint !== undefined);
  const showHint = hint !== undefined && overflows;
  return (
    <>
      {showHint && (
        <p
          id={hintId}
          className="mb-2 flex items-center gap-1.5 text-xs font-medium text-slate-600"
        >
          <span aria-hidden="true">↔</span>
          {hint}
        </p>
      )}
      <div
        ref={ref}
        role="region"
        aria-label={label}
        aria-describedby={showHint ? hintId : undefined}
        tabIndex={0}
        className={`overflow-x-auto rounded-2xl border border-slate-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-600 ${className}`}
      >
        {children}
      </div>
    </>
  );
}
