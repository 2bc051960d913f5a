/**
 * Changes made offline in a tool that no screen shows now still arrive when the network is back
 * (issue 17 acceptance: "they all arrive when the cable is back"). A tool screen replays its own
 * tool's queue (./use-tool-content.ts); this replays every other tool's queue of the space in
 * the background — on the browser's `online` event and when a signed-in page starts online —
 * through the same lifecycle a screen would use, so every rule holds: re-applied after a 409,
 * reported (kept in IndexedDB, shown when the tool is opened) when it no longer applies, never
 * dropped. The tools' rules load only when some tool has changes waiting.
 */
import { waitingTools } from './offline-store.ts';
import { createToolLifecycle, type AppClient } from './tool-lifecycle.ts';

/** How many screens of this tab show each `space tool` (their own lifecycle replays it). */
const shown = new Map<string, number>();

const keyOf = (spaceName: string, tool: string) => `${spaceName}\u0000${tool}`;

/**
 * Marks `tool` of `spaceName` as shown by a screen of this tab until the returned function is
 * called: the background replay leaves its queue to that screen's lifecycle.
 */
export function showingTool(spaceName: string, tool: string): () => void {
  const key = keyOf(spaceName, tool);
  shown.set(key, (shown.get(key) ?? 0) + 1);
  return () => {
    const count = (shown.get(key) ?? 1) - 1;
    if (count > 0) shown.set(key, count);
    else shown.delete(key);
  };
}

/** Who replays: the signed-in member of `spaceName`, with the space key and the app's client. */
export interface BackgroundReplayOptions {
  client: AppClient;
  spaceName: string;
  spaceKey: string;
  author: string;
}

/**
 * Replays the offline queue of every tool of the space that has changes waiting and that no
 * screen of this tab shows, one tool after the other; resolves to the tools it replayed. A tool
 * whose replay fails (the network went again) keeps its queue for the next time. Never rejects.
 */
export async function replayWaitingTools(options: BackgroundReplayOptions): Promise<string[]> {
  const { spaceName } = options;
  const waiting = await waitingTools(spaceName).catch(() => []);
  const tools = waiting.filter((tool) => !shown.has(keyOf(spaceName, tool)));
  if (tools.length === 0) return [];
  const { getTool } = await import('@cipherspace/tools');
  const replayed: string[] = [];
  for (const tool of tools) {
    const domain = getTool(tool);
    if (!domain || shown.has(keyOf(spaceName, tool))) continue;
    const { content } = createToolLifecycle({ ...options, domain, realtime: false });
    try {
      await content.load();
      replayed.push(tool);
    } catch {
      // Left queued: the next `online` or page start tries again.
    } finally {
      content.dispose();
    }
  }
  return replayed;
}
