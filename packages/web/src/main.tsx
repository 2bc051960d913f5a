/**
 * Entry point. The browser must support the Web Crypto API (spec §1), otherwise the app stops
 * at start-up with 'Web Crypto API not supported.'.
 */
import { assertWebCrypto } from '@cipherspace/crypto';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import { App } from './app/App.tsx';
import { initCsrf } from './lib/csrf.ts';
import { initLanguage } from './lib/i18n.ts';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

initLanguage();
try {
  assertWebCrypto();
  void initCsrf();
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
} catch (error) {
  root.textContent = error instanceof Error ? error.message : String(error);
  root.setAttribute('role', 'alert');
}
