// Runs around every web test: a desktop matchMedia, then unmount and reset storage.
import { afterEach, beforeEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { stubViewportWidth } from './match-media';

// `npm run test:unit` runs the web project on its own, before the server's
// files (which each boot a database and a chain, some a server process too):
// side by side on two cores they starved a route's first render past 10 s
// (transaction.test.tsx, CI). The longer wait stays for a slow machine.
configure({ asyncUtilTimeout: 10_000 });

beforeEach(() => {
  // A desktop viewport unless a test says otherwise (vitest unstubs after each test).
  stubViewportWidth(1280);
});

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});
