// A count that animates upward to its target, one step every tick (spec
// section 9: 50 ms). A step is 1 for small counts and a fortieth of the
// target for large ones, so every count arrives within about two seconds.
import { useEffect, useState } from 'react';
import { COUNTER_ANIMATION_TICK_MS } from '@gets/schema';

export const countStep = (target: number) => Math.max(1, Math.ceil(target / 40));

export function useCountUp(target: number, tickMs = COUNTER_ANIMATION_TICK_MS): number {
  const [value, setValue] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => {
      setValue((current) => {
        if (current >= target) {
          clearInterval(timer);
          return current;
        }
        return Math.min(target, current + countStep(target));
      });
    }, tickMs);
    return () => clearInterval(timer);
  }, [target, tickMs]);
  // A lower target (a sponsor was approved meanwhile) shows at once.
  return Math.min(value, target);
}
