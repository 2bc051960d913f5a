import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';

// Test files share a worker and its jsdom window (isolate: false, vite.config.ts): each file
// starts with fresh modules of the app's own (language, CSRF token, caches), while the libraries
// stay loaded, and leaves the clock as it found it.
vi.resetModules();

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});

afterAll(() => {
  vi.useRealTimers();
});
