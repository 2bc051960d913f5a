/**
 * Entry point. The browser must support the Web Crypto API (spec §1), otherwise the app stops
 * at start-up with 'Web Crypto API not supported.' (spec §8), in the stored language (read from
 * localStorage before anything renders).
 *
 * The app itself is imported only after that check, so nothing of it runs (or fails while its
 * modules load) in a browser without Web Crypto, e.g. on plain http other than localhost. What
 * runs before it is light: the language, the CSRF token and, on a tool's route, the request for
 * that tool's content (app/first-screen.ts), which then travels while the app's code loads.
 */
import { hasWebCrypto } from '@cipherspace/crypto';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import { prefetchFirstContent } from './app/first-screen.ts';
import { initCsrf } from './lib/csrf.ts';
import { initLanguage } from './lib/i18n.ts';
import { m } from './paraglide/messages.js';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

function showStartupError(text: string): void {
  if (!root) return;
  root.textContent = text;
  root.setAttribute('role', 'alert');
}

initLanguage();
if (!hasWebCrypto()) {
  showStartupError(m.app_web_crypto_unsupported());
} else {
  void initCsrf();
  prefetchFirstContent(window.location.pathname);
  import('./app/App.tsx')
    .then(async ({ App, prepareFirstScreen, preloadLoginScreenWhenIdle }) => {
      await prepareFirstScreen(window.location.pathname);
      createRoot(root).render(
        <StrictMode>
          <App />
        </StrictMode>,
      );
      preloadLoginScreenWhenIdle();
    })
    .catch((error: unknown) => {
      showStartupError(error instanceof Error ? error.message : String(error));
    });
}
