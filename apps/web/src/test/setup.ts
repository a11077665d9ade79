// Runs around every web test: a desktop matchMedia, then unmount and reset storage.
import { afterEach, beforeEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import { stubViewportWidth } from './match-media';

beforeEach(() => {
  // A desktop viewport unless a test says otherwise (vitest unstubs after each test).
  stubViewportWidth(1280);
});

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});
