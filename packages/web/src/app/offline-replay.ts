/**
 * Sends the offline changes of tools no screen shows (issue 17) for the signed-in session: when
 * the browser goes online, and once when a signed-in page starts online (changes made in a tab
 * that was closed offline; in idle time, after the page's own screen has started), it starts the
 * offline replay worker (tools/content/offline-replay.worker.ts) with the session's credentials.
 * One worker at a time. Loaded lazily by the Layout for signed-in members, and handed what it
 * needs, so that its chunk imports no module at all: a shared module would make the bundler split
 * a chunk the landing page loads (its JS budget, `pnpm bench web`).
 */
import type { Language } from '../lib/i18n.ts';
import type { Session } from '../lib/session.ts';
import type { ReplayAnswer, ReplayRequest } from '../tools/content/offline-replay.worker.ts';

/** The start-up replay waits for the browser to be idle, at most this long (ms). */
const START_DELAY_MS = 2000;

/** What the replay needs from the page. */
export interface OfflineReplayOptions {
  /** The signed-in session (lib/session.ts `useSession`). */
  session: Session;
  /** Reads the stored space key of a space (lib/session.ts `getSpaceKey`). */
  spaceKey: (spaceName: string) => string | null;
  /** The interface language: the default content of a tool that has none yet. */
  language: Language;
}

/**
 * Starts replaying for `options.session` (now in idle time, and on every `online` event);
 * returns the function that stops it (and a worker still running). Does nothing where the
 * browser has no workers.
 */
export function startOfflineReplay({
  session,
  spaceKey: readSpaceKey,
  language,
}: OfflineReplayOptions): () => void {
  if (typeof Worker === 'undefined') return () => undefined;
  const spaceName = session.space.name;
  let worker: Worker | null = null;
  const replay = () => {
    const spaceKey = readSpaceKey(spaceName);
    if (worker || !navigator.onLine || spaceKey === null) return;
    const started = new Worker(
      new URL('../tools/content/offline-replay.worker.ts', import.meta.url),
      { type: 'module', name: 'cipherspace-offline-replay' },
    );
    worker = started;
    const finish = () => {
      started.terminate();
      if (worker === started) worker = null;
    };
    started.onmessage = (event: MessageEvent<ReplayAnswer>) => {
      if (event.data.error) console.warn('Offline changes were not sent yet:', event.data.error);
      finish();
    };
    started.onerror = finish;
    const request: ReplayRequest = {
      spaceName,
      spaceKey,
      author: session.user.username,
      token: session.token,
      language,
    };
    started.postMessage(request);
  };
  const idle = typeof requestIdleCallback === 'function';
  const handle = idle
    ? requestIdleCallback(replay, { timeout: START_DELAY_MS })
    : setTimeout(replay, START_DELAY_MS);
  addEventListener('online', replay);
  return () => {
    if (idle) cancelIdleCallback(handle as number);
    else clearTimeout(handle);
    removeEventListener('online', replay);
    worker?.terminate();
    worker = null;
  };
}
