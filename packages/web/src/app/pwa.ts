/**
 * Registers the service worker (what it caches: pwa.config.ts) once the page has loaded, so it
 * never competes with the first screen. A new build found later (on a navigation, or on Workbox's
 * update check) is offered through ./update-offer.ts; the page keeps running its code until the
 * member chooses Reload. Started by the update prompt, which the page frame shows to signed-in
 * members in production builds (Layout.tsx).
 */
import { registerSW } from 'virtual:pwa-register';

import { offerUpdate } from './update-offer.ts';

let started = false;

/**
 * Registers `/sw.js` after the window's load event (at once when it has passed); once per page.
 * A failure (no service workers in private mode, blocked by policy) leaves the app online-only.
 */
export function startServiceWorker(): void {
  if (started) return;
  started = true;
  const register = () => {
    const update = registerSW({
      immediate: true,
      onNeedRefresh: () => offerUpdate(() => update(true)),
      onRegisterError: (error: unknown) => {
        console.info('Offline start is not available in this browser:', error);
      },
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
