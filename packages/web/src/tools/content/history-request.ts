/**
 * Opening a tool's History from elsewhere on its page (the message that the stored content does
 * not open offers it): the page's ToolHistory listens, keyed by the tool's stable `loadHistory`,
 * so two tools on one page never open each other's.
 */
import { useEffect } from 'react';

const listeners = new WeakMap<object, Set<() => void>>();

/** Opens the History of the tool whose `loadHistory` is `key`; false when none is listening. */
export function requestHistory(key: object): boolean {
  const open = listeners.get(key);
  if (!open || open.size === 0) return false;
  for (const listener of open) listener();
  return true;
}

/** Calls `open` whenever {@link requestHistory} asks for the tool of `key`. */
export function useHistoryRequests(key: object, open: () => void): void {
  useEffect(() => {
    const set = listeners.get(key) ?? new Set<() => void>();
    listeners.set(key, set);
    set.add(open);
    return () => {
      set.delete(open);
    };
  }, [key, open]);
}
