/**
 * The offline sync worker: keeps this browser ready to work offline and sends what was made
 * offline. Started by the signed-in page (app/offline-sync.ts) when the browser goes online, once
 * when a signed-in page starts online, and once more (with the editor) when that page has been open
 * a while; it is handed one {@link SyncRequest}, then:
 *
 * 1. replays the queue of every tool with changes waiting that no screen shows
 *    (./background-replay.ts, whose code — the tools' rules — loads only when some tool has
 *    changes waiting);
 * 2. brings the cached ciphertext of every tool of the space up to date (./offline-cache.ts), so
 *    that every tool opens offline, not only those the member opened;
 * 3. when the request names the editor, keeps the bundled diagram editor's start-up files
 *    (tools/diagrams/editor-files.ts `precacheEditor`), unless the browser asks to save data,
 *    and tells the page which editor frames to load once so that their documents are kept too;
 *
 * posts one {@link SyncAnswer} and closes. Each step's failure (the network went again) leaves
 * the rest for the next start; nothing is dropped.
 */
import type { ContentLanguage } from '@cipherspace/tools';

import { precacheEditor } from '../diagrams/editor-files.ts';
import type { ToolReplay } from './background-replay.ts';
import { httpSyncApi } from './content-api-http.ts';
import { refreshOfflineCache } from './offline-cache.ts';
import { waitingTools } from './offline-store.ts';

/** What the page sends: who syncs, with the session token (spec §7 `Authorization: Bearer`). */
export interface SyncRequest {
  spaceName: string;
  /** The space key (never leaves the browser: the page hands it to its own worker). */
  spaceKey: string;
  /** The member's username: the author of the replayed changes. */
  author: string;
  token: string;
  /** The member's interface language: the default content of a tool that has none yet. */
  language: ContentLanguage;
  /** The bundled diagram editor's address with its build; null for an external editor. */
  editorUrl: string | null;
}

/** What the worker answers before it closes; `errors` names the steps that failed. */
export interface SyncAnswer {
  replayed: ToolReplay[];
  /** The tools whose cached content was brought up to date. */
  cached: string[];
  /** How many of the editor's files were fetched now. */
  editorFiles: number;
  /** Editor frame addresses for the page to load once without script (editor-files.ts). */
  editorFrames: string[];
  errors: string[];
}

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<SyncRequest>) => void) | null;
  postMessage(answer: SyncAnswer): void;
  close(): void;
};

async function run(request: SyncRequest): Promise<SyncAnswer> {
  const { token, editorUrl, ...member } = request;
  const answer: SyncAnswer = {
    replayed: [],
    cached: [],
    editorFiles: 0,
    editorFrames: [],
    errors: [],
  };
  const step = async (name: string, work: () => Promise<void>) => {
    try {
      await work();
    } catch (error) {
      answer.errors.push(`${name}: ${String(error)}`);
    }
  };
  await step('sync', async () => {
    const api = await httpSyncApi(token);
    const tools = await waitingTools(member.spaceName);
    if (tools.length > 0)
      await step('replay', async () => {
        const { replayWaitingTools } = await import('./background-replay.ts');
        answer.replayed = await replayWaitingTools({ ...member, api, tools });
      });
    await step('cache', async () => {
      answer.cached = await refreshOfflineCache({ api, spaceName: member.spaceName });
    });
  });
  const saveData = (navigator as { connection?: { saveData?: boolean } }).connection?.saveData;
  if (editorUrl !== null && saveData !== true) {
    const editor = await precacheEditor(editorUrl);
    answer.editorFiles = editor.fetched;
    answer.editorFrames = editor.frames;
  }
  return answer;
}

scope.onmessage = (event) => {
  scope.onmessage = null;
  void run(event.data).then((answer) => {
    scope.postMessage(answer);
    scope.close();
  });
};
