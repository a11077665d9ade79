// A seconds countdown for resend controls: `restart()` starts it again from
// `seconds`; `remaining` reaches 0 and stays there.
import { useCallback, useEffect, useState } from 'react';

export function useCountdown(seconds: number, { startNow = true } = {}) {
  const [endsAt, setEndsAt] = useState<number | null>(() =>
    startNow ? Date.now() + seconds * 1000 : null,
  );
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (endsAt === null) return;
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= endsAt) clearInterval(timer);
    }, 250);
    return () => clearInterval(timer);
  }, [endsAt]);

  const restart = useCallback(
    (from: number = seconds) => {
      const current = Date.now();
      setNow(current);
      setEndsAt(current + from * 1000);
    },
    [seconds],
  );

  const remaining = endsAt === null ? 0 : Math.max(0, Math.ceil((endsAt - now) / 1000));
  return { remaining, restart };
}
