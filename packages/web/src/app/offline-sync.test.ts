import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { SyncAnswer, SyncRequest } from '../tools/content/offline-sync.worker.ts';
import { EDITOR_KEEP_DELAY_MS, EDITOR_KEEP_FRAME_NAME, startOfflineSync } from './offline-sync.ts';

/** The browser's `Worker` as the sync drives it: records what it was sent; answers on demand. */
class RecordingWorker {
  static started: RecordingWorker[] = [];
  request: SyncRequest | null = null;
  terminated = false;
  onmessage: ((event: MessageEvent<SyncAnswer>) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor() {
    RecordingWorker.started.push(this);
  }
  postMessage(request: SyncRequest) {
    this.request = request;
  }
  terminate() {
    this.terminated = true;
  }
  /** The worker's one answer: it synced, kept no editor file, and closes. */
  answer(editorFrames: string[] = []) {
    const answer: SyncAnswer = {
      replayed: [],
      cached: [],
      editorFiles: 0,
      editorFrames,
      errors: [],
    };
    this.onmessage?.(new MessageEvent('message', { data: answer }));
  }
}

const options = {
  spaceName: 'Team',
  author: 'alice',
  token: 'session-token',
  spaceKey: () => 'space-key',
  language: 'en' as const,
};

/** Every sync a test started, stopped after it (also when it fails). */
const running: (() => void)[] = [];
const start = () => {
  const stop = startOfflineSync(options);
  running.push(stop);
  return stop;
};

/** The requests of every worker started so far: which of them kept the editor. */
const editorUrls = () => RecordingWorker.started.map((worker) => worker.request?.editorUrl);

describe('the offline sync of a signed-in page (the editor later)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    RecordingWorker.started = [];
    vi.stubGlobal('Worker', RecordingWorker);
    // A page the app's service worker controls: the bundled editor may be kept.
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      value: { controller: {} },
    });
  });
  afterEach(() => {
    for (const stop of running.splice(0)) stop();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  it('syncs the content once the page has started, and keeps the bundled editor only once the page has been open a while', async () => {
    start();
    await vi.advanceTimersByTimeAsync(2000);
    expect(editorUrls()).toEqual([null]);
    RecordingWorker.started[0]?.answer();
    expect(RecordingWorker.started[0]?.terminated).toBe(true);

    await vi.advanceTimersByTimeAsync(EDITOR_KEEP_DELAY_MS);
    expect(editorUrls()).toEqual([null, `${location.origin}/diagram-editor/`]);
    expect(RecordingWorker.started[1]?.request).toMatchObject({
      spaceName: 'Team',
      spaceKey: 'space-key',
      author: 'alice',
      token: 'session-token',
    });
  });

  it("runs a sync asked for while a worker runs after that worker's answer, one worker at a time", async () => {
    start();
    await vi.advanceTimersByTimeAsync(2000);
    // The first sync is still running when the editor's turn comes, and the browser comes back
    // online: one more sync follows, with the editor.
    await vi.advanceTimersByTimeAsync(EDITOR_KEEP_DELAY_MS);
    dispatchEvent(new Event('online'));
    expect(RecordingWorker.started).toHaveLength(1);
    RecordingWorker.started[0]?.answer();
    expect(editorUrls()).toEqual([null, `${location.origin}/diagram-editor/`]);
    RecordingWorker.started[1]?.answer();
    await vi.advanceTimersByTimeAsync(EDITOR_KEEP_DELAY_MS);
    expect(RecordingWorker.started).toHaveLength(2);
  });

  it('loads each editor frame document in turn in a named frame that runs scripts at an opaque origin, then removes it', async () => {
    start();
    await vi.advanceTimersByTimeAsync(2000);
    const urls = ['en', 'de'].map((lang) => `${location.origin}/diagram-editor/?lang=${lang}`);
    RecordingWorker.started[0]?.answer(urls);
    for (const url of urls) {
      const frames = document.querySelectorAll('iframe');
      expect(frames).toHaveLength(1);
      const frame = frames[0] as HTMLIFrameElement;
      expect(frame.src).toBe(url);
      // The server's loader starts nothing of draw.io in a frame of this name; scripts run so
      // that the document's own do not each log "Blocked script execution".
      expect(frame.name).toBe(EDITOR_KEEP_FRAME_NAME);
      expect(frame.getAttribute('sandbox')).toBe('allow-scripts');
      expect(frame.hidden).toBe(true);
      frame.dispatchEvent(new Event('load'));
      await vi.advanceTimersByTimeAsync(0);
    }
    expect(document.querySelectorAll('iframe')).toHaveLength(0);
  });

  it('keeps no editor where no service worker controls the page', async () => {
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      value: { controller: null },
    });
    start();
    await vi.advanceTimersByTimeAsync(2000);
    RecordingWorker.started[0]?.answer();
    await vi.advanceTimersByTimeAsync(EDITOR_KEEP_DELAY_MS + 2000);
    expect(editorUrls()).toEqual([null, null]);
  });

  it('once stopped (another member, the page left), starts no worker and ends the one running', async () => {
    const stop = start();
    await vi.advanceTimersByTimeAsync(2000);
    stop();
    expect(RecordingWorker.started[0]?.terminated).toBe(true);
    dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(EDITOR_KEEP_DELAY_MS + 2000);
    expect(RecordingWorker.started).toHaveLength(1);
  });
});
