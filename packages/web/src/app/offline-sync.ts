/**
 * Keeps the signed-in browser ready to work offline and sends what was made offline: when the
 * browser goes online, and once when a signed-in page starts online (in idle time, after the page's
 * own screen has started), it starts the offline sync worker (tools/content/offline-sync.worker.ts)
 * with the session's credentials — which replays the changes of tools no screen shows and refreshes
 * every tool's cached ciphertext; once the page has been open for {@link EDITOR_KEEP_DELAY_MS}, a
 * sync also keeps the bundled diagram editor. One worker at a time; a sync asked for while one runs
 * follows it. Loaded lazily by the Layout for signed-in members, and handed what it needs, so that
 * its chunk imports nothing the landing page's chunks hold: a shared module would make the bundler
 * split a chunk the landing page loads (its JS budget, `pnpm bench web`).
 */
import type { Language } from '../lib/i18n.ts';
import type { SyncAnswer, SyncRequest } from '../tools/content/offline-sync.worker.ts';
import { whenIdle } from '../lib/when-idle.ts';
import { readDiagramEditor } from '../tools/diagrams/editor-url.ts';

/** The start-up sync waits for the browser to be idle, at most this long (ms). */
const START_DELAY_MS = 2000;

/**
 * How long (ms) a page has been open before its sync keeps the bundled diagram editor (its
 * start-up files, 17 MB, and its frame documents). The first copy of a build made the pages a
 * member opened meanwhile take twice as long to show (a board opened by its address: 535 →
 * 1,149 ms; bench/RESULTS.md), and a page is opened far more often than Diagrams is opened
 * offline for the first time: a page that stays open this long is one the member is reading.
 */
export const EDITOR_KEEP_DELAY_MS = 10_000;

/** A frame kept loading longer than this (ms) is given up (the next start tries again). */
const FRAME_TIMEOUT_MS = 30_000;

/**
 * The name of the frame that only loads the editor's document: the server's loader then starts
 * nothing (packages/server/src/diagram-editor-loader.ts EDITOR_KEEP_FRAME_NAME).
 */
export const EDITOR_KEEP_FRAME_NAME = 'cipherspace-editor-keep';

/**
 * Loads each of `urls` once in an invisible frame named {@link EDITOR_KEEP_FRAME_NAME}, one after the
 * other, and removes it: the browser keeps a frame's document only from a frame navigation, and the
 * bundled editor's frame starts offline from that copy. The frame runs scripts at an opaque origin
 * (`sandbox="allow-scripts"`, less than the editor's frame may): without them the document's
 * scripts would each log an error; with them the server's loader, seeing this name, asks for no
 * file and starts none of draw.io.
 */
async function keepFrameDocuments(urls: readonly string[]): Promise<void> {
  for (const url of urls) {
    const frame = document.createElement('iframe');
    frame.setAttribute('sandbox', 'allow-scripts');
    frame.name = EDITOR_KEEP_FRAME_NAME;
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
 * Starts syncing for the member of `options` (now in idle time, on every `online` event, and once
 * more with the diagram editor after {@link EDITOR_KEEP_DELAY_MS}, in idle time); returns the
 * function that stops it (and a worker still running). Does nothing where the browser has no
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
  let stopped = false;
  // A sync asked for while a worker runs (back online, the editor's turn) follows it.
  let again = false;
  let keepEditor = false;
  const sync = () => {
    const spaceKey = readSpaceKey(spaceName);
    if (stopped || !navigator.onLine || spaceKey === null) return;
    if (worker) {
      again = true;
      return;
    }
    const editor = readDiagramEditor();
    const started = new Worker(
      new URL('../tools/content/offline-sync.worker.ts', import.meta.url),
      { type: 'module', name: 'cipherspace-offline-sync' },
    );
    worker = started;
    const finish = () => {
      started.terminate();
      if (worker !== started) return;
      worker = null;
      if (again) {
        again = false;
        sync();
      }
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
      // worker controls the page), and not before the page has been open a while: 17 MB are
      // not downloaded for nothing, nor while the member waits for a screen.
      editorUrl:
        keepEditor &&
        editor.kind === 'bundled' &&
        'serviceWorker' in navigator &&
        navigator.serviceWorker.controller
          ? editor.url
          : null,
    };
    started.postMessage(request);
  };
  const cancelStart = whenIdle(sync, START_DELAY_MS, START_DELAY_MS);
  let cancelEditorStart: () => void = () => undefined;
  const editorTimer = setTimeout(() => {
    keepEditor = true;
    cancelEditorStart = whenIdle(sync, START_DELAY_MS);
  }, EDITOR_KEEP_DELAY_MS);
  addEventListener('online', sync);
  return () => {
    stopped = true;
    cancelStart();
    clearTimeout(editorTimer);
    cancelEditorStart();
    removeEventListener('online', sync);
    worker?.terminate();
    worker = null;
  };
}
