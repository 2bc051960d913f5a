import { useState } from 'react';
import { RouterProvider } from 'react-router';

import { getSession } from '../lib/session.ts';
import { whenIdle } from '../lib/when-idle.ts';
import { Providers } from './providers.tsx';
import { createRouter, preloadScreen } from './router.tsx';

/**
 * Gets the first screen at `pathname` ready before the app's first render: loads its code, so
 * no loading fallback is shown and then held back (its content is already on its way: see
 * ./first-screen.ts), and in a signed-in tab the real-time connection's code, so the socket
 * opens with that render (./Layout.tsx loads it lazily: public pages open none). Resolves when
 * the code is there; never rejects (code that failed to load is loaded again where it is needed).
 */
export async function prepareFirstScreen(pathname: string): Promise<void> {
  await Promise.all([
    preloadScreen(pathname).catch(() => undefined),
    getSession() ? import('./RealtimeSession.tsx').catch(() => undefined) : undefined,
  ]);
}

/**
 * In a signed-in tab, loads the login screen's code once the browser is idle after the first
 * render: a permanent connection loss leads there (spec §4) when the server may no longer answer,
 * so its code must be in the tab by then — but not on the way to the first screen (it was 3 of the
 * Kanban page's files and ~28 KB to compile before the board's first render). Never throws; a
 * failed download is retried by the router when the screen is needed.
 */
export function preloadLoginScreenWhenIdle(): void {
  if (!getSession()) return;
  whenIdle(() => void preloadScreen('/login').catch(() => undefined), 1000);
}

export function App() {
  const [router] = useState(createRouter);
  return (
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  );
}
