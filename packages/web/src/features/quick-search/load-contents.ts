/**
 * Loads the contents the quick search looks into — Kanban, Issue Management, Pinboard and
 * Diagrams of the signed-in space — each with its own sync engine (`createToolClient`, the one
 * the tool screens use), decrypted in this browser with the space key (spec §4 Tool content).
 * Each engine loads once and is disposed; it neither follows live updates nor sends this
 * browser's offline changes (the screens and the offline sync worker do: see
 * {@link readOnlyStore}).
 */
import type { LogStore } from '@cipherspace/sync';
import type { NamedOperation, ToolDefinition } from '@cipherspace/tools';
import { bulletinTool } from '@cipherspace/tools/bulletin';
import { diagramsTool } from '@cipherspace/tools/diagrams';
import { kanbanTool, ticketTool } from '@cipherspace/tools/tracker';

import { offlineStore } from '../../tools/content/offline-store.ts';
import { createToolClient, type ToolClientOptions } from '../../tools/content/use-tool-content.ts';
import type { QuickSearchContents, QuickSearchTool } from './quick-search.ts';

/** How loading one tool's content stands. */
export type ToolLoad<C = unknown> =
  { status: 'loading' } | { status: 'loaded'; content: C } | { status: 'failed' };

/** Each tool's load, by registry content id. */
export type QuickSearchLoads = {
  [T in QuickSearchTool]: ToolLoad<NonNullable<QuickSearchContents[T]>>;
};

/** Every tool still loading. */
export const LOADING: QuickSearchLoads = {
  kanban: { status: 'loading' },
  'ticket-system': { status: 'loading' },
  bulletin: { status: 'loading' },
  diagrams: { status: 'loading' },
};

const FAILED = { status: 'failed' } as const;

/**
 * Starts loading every tool's content; `report` is called once per tool as it loads or fails
 * (in any order), with that tool's entry (e.g. `{ kanban: { status: 'loaded', content } }`). Returns the function that stops reporting. Never throws; a tool that fails
 * is reported `failed` and leaves the others alone.
 */
export type ContentsLoader = (report: (update: Partial<QuickSearchLoads>) => void) => () => void;

/**
 * `store` for an engine that only reads: the cached content is read (offline, it is what is
 * searched) and refreshed, but the pending log looks empty and nothing is logged or reported,
 * so this engine never sends a change a tool screen or the offline sync worker is sending.
 */
export function readOnlyStore(store: LogStore | null): LogStore | null {
  if (store === null) return null;
  const nothing = () => Promise.resolve();
  return {
    readContent: () => store.readContent(),
    writeContent: (content) => store.writeContent(content),
    readLog: () => Promise.resolve([]),
    appendLog: nothing,
    removeLogged: nothing,
    readUnapplied: () => Promise.resolve([]),
    addUnapplied: nothing,
    clearUnapplied: nothing,
  };
}

/**
 * The content of `domain` loaded once by an engine of its own (disposed after), or null when it
 * could not be loaded (the server refused, it does not open, offline with nothing cached).
 */
async function loadOnce<C, Op extends NamedOperation>(
  domain: ToolDefinition<C, Op>,
  options: Omit<ToolClientOptions, 'store'>,
): Promise<C | null> {
  const { content: engine } = createToolClient(domain, {
    ...options,
    store: readOnlyStore(offlineStore(options.spaceName, domain.metadata.name)),
    // Searching must not create the default content of a tool no member has opened yet.
    createMissing: false,
  });
  try {
    await engine.load();
    const state = engine.getState();
    return state.status === 'loaded' ? state.content : null;
  } finally {
    engine.dispose();
  }
}

/**
 * The loader of the signed-in space's contents (see {@link ContentsLoader}), with the app's tRPC
 * client, the space's name and key and the member's username.
 */
export function spaceContentsLoader(options: Omit<ToolClientOptions, 'store'>): ContentsLoader {
  return (report) => {
    let active = true;
    const track = <T extends QuickSearchTool>(
      tool: T,
      loading: Promise<NonNullable<QuickSearchContents[T]> | null>,
    ) => {
      loading
        .catch(() => null)
        .then((content) => {
          if (!active) return;
          const load = content === null ? FAILED : { status: 'loaded' as const, content };
          report({ [tool]: load });
        })
        .catch(() => undefined);
    };
    track('kanban', loadOnce(kanbanTool, options));
    track('ticket-system', loadOnce(ticketTool, options));
    track('bulletin', loadOnce(bulletinTool, options));
    track('diagrams', loadOnce(diagramsTool, options));
    return () => {
      active = false;
    };
  };
}
