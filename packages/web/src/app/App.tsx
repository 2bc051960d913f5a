import { useState } from 'react';
import { RouterProvider } from 'react-router';

import { Providers } from './providers.tsx';
import { createRouter } from './router.tsx';

export function App() {
  const [router] = useState(createRouter);
  return (
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  );
}
