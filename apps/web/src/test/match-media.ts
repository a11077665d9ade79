// A matchMedia (the test DOM's answers for its own window size) that answers width queries for a
// chosen viewport width, the way a browser of that width would.
import { vi } from 'vitest';

function matchesWidth(query: string, width: number): boolean {
  const conditions = [...query.matchAll(/\((min|max)-width:\s*([\d.]+)px\)/g)];
  return conditions.every(([, kind, value]) =>
    kind === 'min' ? width >= Number(value) : width <= Number(value),
  );
}

export function stubViewportWidth(width: number): void {
  vi.stubGlobal('matchMedia', (query: string): MediaQueryList => {
    const list = {
      media: query,
      matches: matchesWidth(query, width),
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    };
    return list as MediaQueryList;
  });
}
