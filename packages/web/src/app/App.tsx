import type { AppRouter } from '@cipherspace/api';
import { defaultKeyCache, parseEnvelope } from '@cipherspace/crypto';
import { createTRPCClient } from '@trpc/client';
import { useState } from 'react';
import { RouterProvider } from 'react-router';

import { contentPrefetch } from '../lib/content-prefetch.ts';
import { getSession, getSpaceKey } from '../lib/session.ts';
import { httpLink } from '../lib/trpc.ts';
import { toolNameAt } from '../tools/registry.ts';
import { Providers } from './providers.tsx';
import { createRouter, preloadScreen } from './router.tsx';

/**
 * Gets the first screen at `pathname` ready before the app's first render: loads its code (so no
 * loading fallback is shown and then held back) and, for a tool of the signed-in space, starts
 * loading its content and deriving the key that opens it meanwhile (spec §4 Tool content; the
 * screen takes both over). Resolves when the code is there; never rejects (the screen then loads
 * its code itself, showing the fallback).
 */
export async function prepareFirstScreen(pathname: string): Promise<void> {
  const tool = toolNameAt(pathname);
  const session = getSession();
  const spaceKey = session ? getSpaceKey(session.space.name) : null;
  if (tool && session && spaceKey) {
    const spaceName = session.space.name;
    const client = createTRPCClient<AppRouter>({ links: [httpLink()] });
    contentPrefetch.prefetch(spaceName, tool, async () => {
      const answer = await client.content.get.query({ space_name: spaceName, tool });
      // PBKDF2 for this envelope's salt now, into the cache the screen's decryption reads (a
      // malformed envelope is the screen's to report).
      try {
        const { salt } = parseEnvelope(answer.encrypted_data);
        defaultKeyCache.getKey(spaceKey, salt).catch(() => undefined);
      } catch {
        // Reported by the screen's own decryption.
      }
      return answer;
    });
  }
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
