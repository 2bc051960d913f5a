/**
 * Prefetching the tools' code from the dashboard: the tool screens are lazy-loaded by the router,
 * so opening a tool waits for its chunk and the chunks it imports, and then for the browser to
 * compile them. The dashboard loads every tool's screen, one after the other, in the browser's idle
 * time after it is shown ({@link prefetchToolsWhenIdle}), and at once for a tool whose Open link
 * the pointer or focus reaches ({@link prefetchTool}) — so the first open of a tool from the
 * dashboard costs what a reopening costs: its content, not its code.
 *
 * The imports name the same modules as `src/app/router.tsx`, so the bundler emits one chunk per
 * tool and the browser's module map serves the router's later `import()` from this download.
 */
import { whenIdle } from '../../lib/when-idle.ts';
import type { ToolName } from '../../tools/registry.ts';

const TOOL_CHUNKS: Record<ToolName, () => Promise<unknown>> = {
  kanban: () => import('../../tools/kanban/KanbanPage.tsx'),
  'ticket-system': () => import('../../tools/ticket/TicketPage.tsx'),
  bulletin: () => import('../../tools/bulletin/BulletinPage.tsx'),
  diagrams: () => import('../../tools/diagrams/DiagramsPage.tsx'),
  poker: () => import('../../tools/poker/PokerPage.tsx'),
  randomizer: () => import('../../tools/randomizer/RandomizerPage.tsx'),
};

/** How long (ms) one idle-time step may wait for the browser to be idle before it runs anyway. */
export const IDLE_PREFETCH_TIMEOUT_MS = 3000;

const started = new Map<ToolName, Promise<unknown>>();

/**
 * Starts loading the screen of `tool` once (later calls return the same load) and resolves when
 * it is loaded. A failed download is forgotten, so a later call retries, and never surfaces (the
 * promise resolves all the same): navigating reports it as usual.
 */
export function prefetchTool(tool: ToolName): Promise<unknown> {
  const running = started.get(tool);
  if (running) return running;
  const load = TOOL_CHUNKS[tool]().catch(() => {
    started.delete(tool);
  });
  started.set(tool, load);
  return load;
}

/** Whether the member asked the browser to save data (the `Save-Data` preference, Chromium). */
function savesData(): boolean {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  return connection?.saveData === true;
}

/**
 * Loads the screens of `tools` in this order, each in an idle period of its own (at the latest
 * {@link IDLE_PREFETCH_TIMEOUT_MS} after the one before finished), so the page stays responsive
 * while they load; nothing when the browser is set to save data. Returns the function that stops
 * the tools not yet started (a screen already loading finishes). Never throws.
 */
export function prefetchToolsWhenIdle(tools: readonly ToolName[]): () => void {
  if (savesData()) return () => undefined;
  let stopped = false;
  let cancelWait: () => void = () => undefined;
  const next = (index: number) => {
    const tool = tools[index];
    if (stopped || tool === undefined) return;
    cancelWait = whenIdle(() => {
      void prefetchTool(tool).then(() => next(index + 1));
    }, IDLE_PREFETCH_TIMEOUT_MS);
  };
  next(0);
  return () => {
    stopped = true;
    cancelWait();
  };
}
