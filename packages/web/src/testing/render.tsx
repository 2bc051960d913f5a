/**
 * Renders a component the way the app does (providers, router at `path`) for component tests.
 * The tRPC client points at `/trpc` like the app; tests that need the server belong in e2e.
 */
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';

import { Providers } from '../app/providers.tsx';

export function renderWithApp(element: ReactElement, path = '/'): RenderResult {
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: [path] });
  return render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
}
