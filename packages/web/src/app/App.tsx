import { useState } from 'react';
import { RouterProvider } from 'react-router';

import { Providers } from './providers.tsx';
import { createRouter, preloadScreen } from './router.tsx';

/**
 * Gets the first screen at `pathname` ready before the app's first render: loads its code, so
 * no loading fallback is shown and then held back (its content is already on its way: see
 * ./first-screen.ts). Resolves when the code is there; never rejects (the screen then loads its
 * code itself, showing the fallback).
 */
export async function prepareFirstScreen(pathname: string): Promise<void> {
  await preloadScreen(pathname).catch(() => undefined);
}

export function App() {
  const [router] = useState(createRouter);
  return (
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  );
}
