/**
 * What the tool header says about saving while the member works offline (issue 17 item 4): a
 * plain store of the tool shown in this tab (its lifecycle's state, registered by
 * ./use-tool-content.ts), and the rule that turns it into a status. No React beyond the hook.
 */
import { useSyncExternalStore } from 'react';

import type { Operation } from '@cipherspace/tools';

import type { ContentState } from './content-lifecycle.ts';

/** The part of a lifecycle the header reads. */
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

/** The status of `state`; `hadQueue`: whether changes have waited in this tab's tool before. */
export function saveStatus(state: ContentState<unknown>, hadQueue: boolean): SaveStatus {
  if (state.status !== 'loaded') return null;
  if (state.queued > 0) return { kind: 'waiting', count: state.queued };
  if (state.offline) return { kind: 'offline' };
  return hadQueue ? { kind: 'all-saved' } : null;
}

let source: StatusSource | null = null;
let hadQueue = false;
let unsubscribeSource: (() => void) | null = null;
let current: SaveStatus = null;
const listeners = new Set<() => void>();

function update(): void {
  const state = source?.getState() ?? null;
  if (state && state.queued > 0) hadQueue = true;
  const next = state ? saveStatus(state, hadQueue) : null;
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
 * Makes `next` the tool shown in this tab (null: none); returns the function that unregisters it
 * again (only if it is still the one shown).
 */
export function showToolStatus(next: StatusSource | null): () => void {
  unsubscribeSource?.();
  source = next;
  hadQueue = false;
  unsubscribeSource = next?.subscribe(update) ?? null;
  update();
  return () => {
    if (source === next) showToolStatus(null);
  };
}

/** The saving status of the tool shown in this tab, re-rendering when it changes. */
export function useSaveStatus(): SaveStatus {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
  );
}

/**
 * A short label of a change that could not be applied (issue 17): its operation's name and the
 * first title, name or text among its arguments, e.g. `updateIssue "Login bug"`; null when the
 * operation could not be opened.
 */
export function unappliedLabel(operation: Operation | null): string | null {
  if (operation === null) return null;
  const found = firstText(operation.args, 2);
  return found === null ? operation.name : `${operation.name} "${found}"`;
}

const TEXT_KEYS = ['title', 'name', 'text', 'topic', 'content'];

function firstText(value: unknown, depth: number): string | null {
  if (typeof value !== 'object' || value === null || depth < 0) return null;
  const record = value as Record<string, unknown>;
  for (const key of TEXT_KEYS) {
    const text = record[key];
    if (typeof text === 'string' && text.trim() !== '') return text.slice(0, 80);
  }
  for (const nested of Object.values(record)) {
    const text = firstText(nested, depth - 1);
    if (text !== null) return text;
  }
  return null;
}
