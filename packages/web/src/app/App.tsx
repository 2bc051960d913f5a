import { useState } from 'react';
import { RouterProvider } from 'react-router';

import { getSession } from '../lib/session.ts';
import { Providers } from './providers.tsx';
import { createRouter, preloadScreen } from './router.tsx';

/**
 * Gets the first screen at `pathname` ready before the app's first render: loads its code, so
 * no loading fallback is shown and then held back (its content is already on its way: see
 * ./first-screen.ts). A signed-in tab also loads the login screen's code now: a permanent
 * connection loss leads there (spec §4) when the server may no longer answer. Resolves when the
 * code is there; never rejects (a screen whose code failed loads it itself, showing the fallback).
 */
export async function prepareFirstScreen(pathname: string): Promise<void> {
  const screens = [preloadScreen(pathname)];
  if (getSession()) screens.push(preloadScreen('/login'));
  await Promise.all(screens.map((screen) => screen.catch(() => undefined)));
}

export function App() {
  const [router] = useState(createRouter);
  return (
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  );
}
