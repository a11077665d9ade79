// Runs around every web test: a desktop matchMedia, then unmount and reset storage.
import { afterEach, beforeEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { stubViewportWidth } from './match-media';

// The API test files run beside these, each booting a database and a chain:
// on a busy two-core machine a re-render can take longer than the 1 s default.
configure({ asyncUtilTimeout: 5000 });

beforeEach(() => {
  // A desktop viewport unless a test says otherwise (vitest unstubs after each test).
  stubViewportWidth(1280);
});

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});
