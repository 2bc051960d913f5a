import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';

// Test files share a worker and its jsdom window (isolate: false, vite.config.ts): each file
// starts with fresh modules of the app's own (language, CSRF token, caches), while the libraries
// stay loaded, and leaves the clock as it found it.
vi.resetModules();

// findBy… and waitFor wait 1 s on the reference machine, stretched on a slower one as CI's per-test
// limits are (TEST_SLOWDOWN, .ci/run): a lazy-loaded dialog can take longer than 1 s on a 2-core VM.
configure({ asyncUtilTimeout: 1000 * Math.max(1, Number(process.env.TEST_SLOWDOWN) || 1) });

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});

afterAll(() => {
  vi.useRealTimers();
});
