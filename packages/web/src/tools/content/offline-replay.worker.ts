/**
 * The offline replay worker (issue 17): started by the signed-in page (app/OfflineReplay.tsx) when
 * the browser goes online and once when a signed-in page starts online. It is handed one
 * {@link ReplayRequest}, looks in IndexedDB for tools of the space with changes waiting, replays
 * their queues (./background-replay.ts; its code loads only when some tool has changes waiting),
 * posts one {@link ReplayAnswer} and closes.
 */
import type { BackgroundReplayOptions, ToolReplay } from './background-replay.ts';
import { waitingTools } from './offline-store.ts';

/** What the page sends: who replays, with the session token (spec §7 `Authorization: Bearer`). */
export type ReplayRequest = Pick<
  BackgroundReplayOptions,
  'spaceName' | 'spaceKey' | 'author' | 'language'
> & { token: string };

/** What the worker answers before it closes; `error` when the replay could not start. */
export interface ReplayAnswer {
  tools: ToolReplay[];
  error?: string;
}

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<ReplayRequest>) => void) | null;
  postMessage(answer: ReplayAnswer): void;
  close(): void;
};

async function run(request: ReplayRequest): Promise<ReplayAnswer> {
  const tools = await waitingTools(request.spaceName);
  if (tools.length === 0) return { tools: [] };
  const { httpContentApi, replayWaitingTools } = await import('./background-replay.ts');
  const { token, ...member } = request;
  const api = await httpContentApi(token);
  return { tools: await replayWaitingTools({ ...member, api, tools }) };
}

scope.onmessage = (event) => {
  scope.onmessage = null;
  void run(event.data)
    .catch((error: unknown): ReplayAnswer => ({ tools: [], error: String(error) }))
    .then((answer) => {
      scope.postMessage(answer);
      scope.close();
    });
};
