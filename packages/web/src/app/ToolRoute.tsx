/**
 * The element of a tool route (spec §2 /tools/*): asks for the tool's stored content as soon as
 * the route renders, so the download of the tool's screen and of its content run side by side
 * (see lib/content-prefetch.ts). Renders `children` (the lazily loaded screen) unchanged.
 */
import type { ReactNode } from 'react';

import { contentPrefetch } from '../lib/content-prefetch.ts';
import { useSession } from '../lib/session.ts';
import { trpc } from '../lib/trpc.ts';
import type { ToolName } from '../tools/registry.ts';

export function ToolRoute({ tool, children }: { tool: ToolName; children: ReactNode }) {
  const session = useSession();
  const client = trpc.useUtils().client;
  const spaceName = session?.space.name;
  // Idempotent cache warming: a render that is repeated (Suspense retries) asks only once.
  if (spaceName !== undefined)
    contentPrefetch.prefetch(spaceName, tool, () =>
      client.content.find.query({ space_name: spaceName, tool }),
    );
  return children;
}
