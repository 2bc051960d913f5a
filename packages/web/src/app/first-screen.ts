/**
 * The first screen's tool content, asked for at the very start (main.tsx), before the app's own
 * code has loaded (spec §4 Tool content: entering a tool loads its content). Opening a tool by
 * its address — a reload, a bookmark, a link from a teammate — then waits for the slower of the
 * content and the code instead of one after the other; the key that opens the content is derived
 * as soon as the answer is there. The screen takes both over (lib/content-prefetch.ts,
 * tools/content/use-tool-content.ts).
 *
 * Imports nothing heavy: the route table without schemas, the session in localStorage and the
 * HTTP link of the typed client.
 */
import type { AppRouter } from '@cipherspace/api';
import { defaultKeyCache, parseEnvelope } from '@cipherspace/crypto';
import { toolAtRoute } from '@cipherspace/tools/metadata';
import { createTRPCClient } from '@trpc/client';

import { contentPrefetch } from '../lib/content-prefetch.ts';
import { httpLink } from '../lib/http-link.ts';
import { getSession, getSpaceKey } from '../lib/session.ts';

/**
 * Starts loading the content of the tool at `pathname` for the signed-in space, and the PBKDF2
 * run that opens it once its salt is known. Does nothing outside a tool's route, without a
 * session or without the space key in this browser. Never throws; a failed request costs nothing
 * (the screen loads the content again and reports what went wrong).
 */
export function prefetchFirstContent(pathname: string): void {
  const tool = toolAtRoute(pathname);
  const session = getSession();
  const spaceKey = session ? getSpaceKey(session.space.name) : null;
  if (!tool || !session || !spaceKey) return;
  const spaceName = session.space.name;
  // Unbatched: the request leaves now, ahead of the code the page asks for next (a batched one
  // would wait a tick, then queue behind the chunks for one of the browser's 6 connections).
  const client = createTRPCClient<AppRouter>({ links: [httpLink({ batch: false })] });
  contentPrefetch.prefetch(spaceName, tool, async () => {
    const answer = await client.content.find.query({ space_name: spaceName, tool });
    // No content yet: the screen starts from the tool's default, nothing to open.
    if (!answer) return answer;
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
