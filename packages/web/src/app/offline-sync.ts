/**
 * Keeps the signed-in browser ready to work offline and sends what was made offline (issue 17):
 * when the browser goes online, and once when a signed-in page starts online (in idle time,
 * after the page's own screen has started), it starts the offline sync worker
 * (tools/content/offline-sync.worker.ts) with the session's credentials — which replays the
 * changes of tools no screen shows, refreshes every tool's cached ciphertext and keeps the
 * bundled diagram editor. One worker at a time. Loaded lazily by the Layout for signed-in
 * members, and handed what it needs, so that its chunk imports nothing the landing page's chunks
 * hold: a shared module would make the bundler split a chunk the landing page loads (its JS
 * budget, `pnpm bench web`).
 */
import type { Language } from '../lib/i18n.ts';
import type { SyncAnswer, SyncRequest } from '../tools/content/offline-sync.worker.ts';
import { readDiagramEditor } from '../tools/diagrams/editor-url.ts';

/** The start-up sync waits for the browser to be idle, at most this long (ms). */
const START_DELAY_MS = 2000;

/** A frame kept loading longer than this (ms) is given up (the next start tries again). */
const FRAME_TIMEOUT_MS = 30_000;

/**
 * Loads each of `urls` once in an invisible frame that may run no script (`sandbox=""`), one
 * after the other, and removes it: the browser keeps a frame's document only from a frame
 * navigation, and the bundled editor's frame starts offline from that copy (issue 17).
 */
async function keepFrameDocuments(urls: readonly string[]): Promise<void> {
  for (const url of urls) {
    const frame = document.createElement('iframe');
    frame.setAttribute('sandbox', '');
    frame.setAttribute('aria-hidden', 'true');
    frame.tabIndex = -1;
    frame.hidden = true;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, FRAME_TIMEOUT_MS);
      frame.addEventListener('load', () => {
        clearTimeout(timer);
        resolve();
      });
      frame.src = url;
      document.body.append(frame);
    });
    frame.remove();
  }
}

/** What the sync needs from the page. */
export interface OfflineSyncOptions {
  /** The signed-in member's space, username and session token (lib/session.ts `Session`). */
  spaceName: string;
  author: string;
  token: string;
  /** Reads the stored space key of a space (lib/session.ts `getSpaceKey`). */
  spaceKey: (spaceName: string) => string | null;
  /** The interface language: the default content of a tool that has none yet. */
  language: Language;
}

/**
 * Starts syncing for the member of `options` (now in idle time, and on every `online` event); returns
 * the function that stops it (and a worker still running). Does nothing where the browser has no
 * workers.
 */
export function startOfflineSync({
  spaceName,
  author,
  token,
  spaceKey: readSpaceKey,
  language,
}: OfflineSyncOptions): () => void {
  if (typeof Worker === 'undefined') return () => undefined;
  let worker: Worker | null = null;
  const sync = () => {
    const spaceKey = readSpaceKey(spaceName);
    if (worker || !navigator.onLine || spaceKey === null) return;
    const editor = readDiagramEditor();
    const started = new Worker(
      new URL('../tools/content/offline-sync.worker.ts', import.meta.url),
      { type: 'module', name: 'cipherspace-offline-sync' },
    );
    worker = started;
    const finish = () => {
      started.terminate();
      if (worker === started) worker = null;
    };
    started.onmessage = (event: MessageEvent<SyncAnswer>) => {
      if (event.data.errors.length > 0)
        console.warn('Offline sync: left for the next time —', event.data.errors.join('; '));
      finish();
      void keepFrameDocuments(event.data.editorFrames);
    };
    started.onerror = finish;
    const request: SyncRequest = {
      spaceName,
      spaceKey,
      author,
      token,
      language,
      // Kept only where the service worker will keep it (not in development, not before the
      // worker controls the page): 17 MB are not downloaded for nothing.
      editorUrl:
        editor.kind === 'bundled' &&
        'serviceWorker' in navigator &&
        navigator.serviceWorker.controller
          ? editor.url
          : null,
    };
    started.postMessage(request);
  };
  const idle = typeof requestIdleCallback === 'function';
  const handle = idle
    ? requestIdleCallback(sync, { timeout: START_DELAY_MS })
    : setTimeout(sync, START_DELAY_MS);
  addEventListener('online', sync);
  return () => {
    if (idle) cancelIdleCallback(handle as number);
    else clearTimeout(handle);
    removeEventListener('online', sync);
    worker?.terminate();
    worker = null;
  };
}
