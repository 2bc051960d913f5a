/**
 * Start-up without Web Crypto (spec §1, §8 'Web Crypto API not supported.'): the message in the
 * stored language, and none of the app is loaded.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const appLoaded = vi.fn();

beforeEach(() => {
  document.body.innerHTML = '<div id="root"></div>';
  vi.resetModules();
  vi.doMock('./app/App.tsx', () => {
    appLoaded();
    return { App: () => null };
  });
  // An insecure context: getRandomValues, but no crypto.subtle.
  const getRandomValues = crypto.getRandomValues.bind(crypto);
  vi.stubGlobal('crypto', { getRandomValues });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.doUnmock('./app/App.tsx');
  appLoaded.mockClear();
  document.body.innerHTML = '';
});

async function start(language: string | null) {
  if (language !== null) localStorage.setItem('cipherspace_language', language);
  await import('./main.tsx');
  return document.getElementById('root');
}

describe('start-up without Web Crypto', { timeout: 30_000 }, () => {
  it('says so in English by default, as an alert, without loading the app', async () => {
    const root = await start(null);
    expect(root).toHaveTextContent('Web Crypto API not supported.');
    expect(root).toHaveAttribute('role', 'alert');
    expect(appLoaded).not.toHaveBeenCalled();
  });

  it('says so in the stored language (German)', async () => {
    const root = await start('de');
    expect(root).toHaveTextContent('Die Web-Crypto-API wird nicht unterstützt.');
    expect(document.documentElement.lang).toBe('de');
    expect(appLoaded).not.toHaveBeenCalled();
  });
});
