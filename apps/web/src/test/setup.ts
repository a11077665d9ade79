// Runs around every web test: a desktop matchMedia, then unmount and reset storage.
import { afterEach, beforeEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { stubViewportWidth } from './match-media';

// The API test files run beside these, each booting a database and a chain
// (and some a server process, a private PostgreSQL or an image worker): on a
// busy two-core machine a route's first render, which also transforms its
// lazily loaded modules, took more than 5 s once in CI (transaction.test.tsx).
configure({ asyncUtilTimeout: 10_000 });

beforeEach(() => {
  // A desktop viewport unless a test says otherwise (vitest unstubs after each test).
  stubViewportWidth(1280);
});

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});
