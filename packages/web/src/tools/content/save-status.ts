/**
 * What the tool header says about saving while the member works offline: a plain store of the tools
 * of the screen shown in this tab (their sync engines' states, registered by ./use-tool-content.ts),
 * and the rule that turns them into a status. No React beyond the hook.
 */
import { useSyncExternalStore } from 'react';

import type { ContentState } from '@cipherspace/sync';

/** The part of a sync engine the header reads. */
export interface StatusSource {
  getState(): ContentState<unknown>;
  subscribe(listener: () => void): () => void;
}

/**
 * The header's saving status:
 * - `waiting` (with `count`): changes made offline wait in the queue — "Offline — N changes waiting";
 * - `offline`: the server cannot be reached and nothing waits (cached content is shown);
 * - `all-saved`: changes had been waiting in this tab and all of them are in now;
 * - null: nothing to say (online, no queue ever).
 */
export type SaveStatus =
  { kind: 'waiting'; count: number } | { kind: 'offline' } | { kind: 'all-saved' } | null;

/**
 * The status of a screen whose tools are in `states` (one per tool the screen uses; only loaded
 * ones count, their waiting changes added up); `hadQueue`: whether changes have waited on this
 * screen before. Null for no loaded tool.
 */
export function saveStatus(
  states: readonly ContentState<unknown>[],
  hadQueue: boolean,
): SaveStatus {
  const loaded = states.filter((state) => state.status === 'loaded');
  if (loaded.length === 0) return null;
  const count = loaded.reduce((sum, state) => sum + state.queued, 0);
  if (count > 0) return { kind: 'waiting', count };
  if (loaded.some((state) => state.offline)) return { kind: 'offline' };
  return hadQueue ? { kind: 'all-saved' } : null;
}

/** The tools of the screen shown in this tab, each with the function that unsubscribes from it. */
const sources = new Map<StatusSource, () => void>();
let hadQueue = false;
let current: SaveStatus = null;
const listeners = new Set<() => void>();

function update(): void {
  const states = Array.from(sources.keys(), (source) => source.getState());
  if (states.some((state) => state.queued > 0)) hadQueue = true;
  const next = saveStatus(states, hadQueue);
  const same =
    next === current ||
    (next !== null &&
      current !== null &&
      next.kind === current.kind &&
      (next.kind !== 'waiting' || (current.kind === 'waiting' && next.count === current.count)));
  if (same) return;
  current = next;
  for (const listener of listeners) listener();
}

/**
 * Adds `source` to the tools of the screen shown in this tab — a screen may use several (Scrum
 * Poker: its own and the two of its backlog), the header speaks for all of them. Returns the
 * function that removes it again; once none is left, the next screen starts afresh.
 */
export function showToolStatus(source: StatusSource): () => void {
  if (!sources.has(source)) sources.set(source, source.subscribe(update));
  update();
  return () => {
    const unsubscribe = sources.get(source);
    if (!unsubscribe) return;
    unsubscribe();
    sources.delete(source);
    if (sources.size === 0) hadQueue = false;
    update();
  };
}

/** The saving status of the screen shown in this tab, re-rendering when it changes. */
export function useSaveStatus(): SaveStatus {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
  );
}
