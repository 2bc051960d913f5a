/**
 * Page frame: the routed page and the footer on every page (spec §2 Footer); the real-time
 * connection of the signed-in session and, on signed-in pages, its status (spec §4) and the
 * quick search shortcut (Ctrl+K). The dashboard and the tool screens show the status in their
 * own headers, so the frame leaves it out there.
 */
import { lazy, Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';

import { Footer } from '../components/Footer.tsx';
import { Spinner } from '../components/Spinner.tsx';
import { useLanguage } from '../lib/i18n.ts';
import { getSpaceKey, useSession } from '../lib/session.ts';
import { toolNameAt } from '../tools/registry.ts';
import { m } from '../paraglide/messages.js';

/**
 * The service worker and its update prompt, for signed-in members of a production build: loaded
 * after the page, never on the public pages' path.
 */
const UpdatePrompt = lazy(() => import('./UpdatePrompt.tsx'));

/**
 * The real-time connection (heartbeats, the server clock, reconnects) and its status badge:
 * loaded with the first signed-in page, never on the public pages' path, which opens no socket
 * (the landing page's JavaScript budget).
 */
const RealtimeSession = lazy(() =>
  import('./RealtimeSession.tsx').then((module) => ({ default: module.RealtimeSession })),
);
const ConnectionStatusBadge = lazy(() =>
  import('../components/ConnectionStatusBadge.tsx').then((module) => ({
    default: module.ConnectionStatusBadge,
  })),
);

/** Ctrl+K / ⌘K, the quick search of a signed-in member: its listener loads after the page. */
const QuickSearchLauncher = lazy(() => import('../features/quick-search/QuickSearchLauncher.tsx'));

/** Pages whose own header carries the connection status (spec §2 dashboard, tool headers). */
function hasOwnStatus(pathname: string): boolean {
  return pathname === '/dashboard' || toolNameAt(pathname) !== undefined;
}

export function Layout() {
  // The frame's own texts follow the language; pages follow it through localized() (router).
  const language = useLanguage();
  const session = useSession();
  const { pathname } = useLocation();
  // Keeps this browser ready to work offline, sends what was made offline (./offline-sync.ts);
  // restarted for another member or space, not when the stored space's settings change.
  const spaceName = session?.space.name;
  const author = session?.user.username;
  const token = session?.token;
  useEffect(() => {
    if (!spaceName || !author || !token) return;
    const started = import('./offline-sync.ts').then(({ startOfflineSync }) =>
      startOfflineSync({ spaceName, author, token, spaceKey: getSpaceKey, language }),
    );
    return () => void started.then((stop) => stop());
  }, [spaceName, author, token, language]);
  return (
    <div className="app-shell">
      {session ? (
        <Suspense fallback={null}>
          <RealtimeSession />
        </Suspense>
      ) : null}
      {session && import.meta.env.PROD ? (
        <Suspense fallback={null}>
          <UpdatePrompt register language={language} />
        </Suspense>
      ) : null}
      {session ? (
        <Suspense fallback={null}>
          <QuickSearchLauncher />
        </Suspense>
      ) : null}
      {session && !hasOwnStatus(pathname) ? (
        <section className="app-connection" aria-label={m.connection_region_label()}>
          <Suspense fallback={null}>
            <ConnectionStatusBadge />
          </Suspense>
        </section>
      ) : null}
      <main className="app-main">
        <Suspense fallback={<Spinner />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
    </div>
  );
}
