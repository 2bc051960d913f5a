/**
 * Prefetching a tool's code from the dashboard (issue 8, web benchmark): the tool screens are
 * lazy-loaded by the router, so opening a tool waits for its chunk and the chunks it imports.
 * The dashboard starts that download when the pointer or focus reaches a tool's Open link, so
 * the chunk is usually there by the time the click navigates.
 *
 * The imports name the same modules as `src/app/router.tsx`, so the bundler emits one chunk per
 * tool and the browser's module map serves the router's later `import()` from this download.
 */
import type { ToolName } from '../../tools/registry.ts';

const TOOL_CHUNKS: Record<ToolName, () => Promise<unknown>> = {
  kanban: () => import('../../tools/kanban/KanbanPage.tsx'),
  'ticket-system': () => import('../../tools/ticket/TicketPage.tsx'),
  bulletin: () => import('../../tools/bulletin/BulletinPage.tsx'),
  diagrams: () => import('../../tools/diagrams/DiagramsPage.tsx'),
  poker: () => import('../../tools/poker/PokerPage.tsx'),
  randomizer: () => import('../../tools/randomizer/RandomizerPage.tsx'),
};

const started = new Map<ToolName, Promise<unknown>>();

/**
 * Starts loading the screen of `tool` once (later calls do nothing). A failed download is
 * forgotten, so a later hover retries, and never surfaces: navigating reports it as usual.
 */
export function prefetchTool(tool: ToolName): void {
  if (started.has(tool)) return;
  started.set(
    tool,
    TOOL_CHUNKS[tool]().catch(() => {
      started.delete(tool);
    }),
  );
}
