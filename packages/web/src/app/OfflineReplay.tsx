/**
 * Replays the offline changes of tools no screen shows (issue 17; tools/content/
 * background-replay.ts) for the signed-in session: when the browser goes online, and once when
 * a signed-in page starts online (changes made in a tab that was closed offline) — in idle time,
 * after the page's own screen has started (its tool replays itself). Renders nothing; loaded
 * lazily by the Layout, so the public pages never load it.
 */
import { useEffect } from 'react';

import { getSpaceKey, useSession } from '../lib/session.ts';
import { trpc } from '../lib/trpc.ts';

/** The start-up replay waits for the browser to be idle, at most this long (ms). */
const START_DELAY_MS = 2000;

export default function OfflineReplay() {
  const session = useSession();
  const client = trpc.useUtils().client;
  const spaceName = session?.space.name ?? null;
  const author = session?.user.username ?? '';

  useEffect(() => {
    if (spaceName === null) return;
    let running = false;
    let active = true;
    const replay = () => {
      const spaceKey = getSpaceKey(spaceName);
      if (running || !active || !navigator.onLine || spaceKey === null) return;
      running = true;
      void import('../tools/content/background-replay.ts')
        .then(({ replayWaitingTools }) =>
          replayWaitingTools({ client, spaceName, spaceKey, author }),
        )
        .catch(() => undefined)
        .finally(() => {
          running = false;
        });
    };
    const handle =
      typeof requestIdleCallback === 'function'
        ? requestIdleCallback(replay, { timeout: START_DELAY_MS })
        : window.setTimeout(replay, START_DELAY_MS);
    window.addEventListener('online', replay);
    return () => {
      active = false;
      if (typeof cancelIdleCallback === 'function') cancelIdleCallback(handle);
      else window.clearTimeout(handle);
      window.removeEventListener('online', replay);
    };
  }, [client, spaceName, author]);

  return null;
}
