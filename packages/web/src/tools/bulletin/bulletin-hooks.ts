/**
 * The Pinboard screen's timing and viewport hooks: the viewport width the §9 layout rules are
 * applied to, a clock that ticks exactly when the next note expires (spec §4: notes past
 * expiresAt are hidden), and the position sync of dragged notes (spec §4 "position saved on
 * release", §9 "position sync debounce 500 ms").
 */
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';

import { POSITION_SYNC_DEBOUNCE_MS, type NotePosition } from '@cipherspace/tools/bulletin';

function subscribeToResize(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

/** The viewport width in CSS px (`window.innerWidth`), re-rendering on every resize. */
export function useViewportWidth(): number {
  return useSyncExternalStore(
    subscribeToResize,
    () => window.innerWidth,
    () => 1024,
  );
}

/** setTimeout cannot wait longer than 2^31 − 1 ms. */
const MAX_TIMEOUT_MS = 2 ** 31 - 1;
/** A little after the moment itself, so the re-render is surely past it. */
const TICK_LATENESS_MS = 50;

/**
 * The current time in epoch ms, refreshed when the moment `nextChangeAfter(now)` returns (an
 * epoch ms, e.g. the next expiry; null for never) has come — and not otherwise, so a board
 * without expiring notes never re-renders for the clock.
 */
export function useClock(nextChangeAfter: (nowMs: number) => number | null): number {
  const [now, setNow] = useState(() => Date.now());
  const nextChangeMs = nextChangeAfter(now);
  useEffect(() => {
    if (nextChangeMs === null) return;
    const wait = Math.max(0, nextChangeMs - Date.now()) + TICK_LATENESS_MS;
    const timer = window.setTimeout(() => setNow(Date.now()), Math.min(MAX_TIMEOUT_MS, wait));
    return () => window.clearTimeout(timer);
  }, [nextChangeMs]);
  return now;
}

/** Where notes dropped on this screen are shown until their position is saved. */
export type PendingPositions = ReadonlyMap<string, NotePosition>;

/**
 * Saving dropped notes (spec §4, §9): `move(postId, position)` shows the note at `position`
 * at once (`pending`) and calls `save` {@link POSITION_SYNC_DEBOUNCE_MS} after the last drop of
 * that note — a note dropped again within that time is saved once, at its last position. The
 * pending position is dropped when its save settled (the content then shows the saved position,
 * or the old one when the save failed). Drops still waiting when the screen closes are saved
 * right away. `save` may change between renders.
 */
export function usePositionSync(
  save: (postId: string, position: NotePosition) => Promise<unknown>,
  delayMs: number = POSITION_SYNC_DEBOUNCE_MS,
): { pending: PendingPositions; move: (postId: string, position: NotePosition) => void } {
  const [pending, setPending] = useState<PendingPositions>(() => new Map());
  const waiting = useRef(new Map<string, { timer: number; position: NotePosition }>());
  const saveRef = useRef(save);
  useLayoutEffect(() => {
    saveRef.current = save;
  }, [save]);

  const flush = useCallback(async (postId: string, position: NotePosition) => {
    waiting.current.delete(postId);
    try {
      await saveRef.current(postId, position);
    } finally {
      setPending((current) => {
        // A later drop of the same note is still waiting: keep showing that one.
        if (current.get(postId) !== position) return current;
        const next = new Map(current);
        next.delete(postId);
        return next;
      });
    }
  }, []);

  const move = useCallback(
    (postId: string, position: NotePosition) => {
      const earlier = waiting.current.get(postId);
      if (earlier) window.clearTimeout(earlier.timer);
      setPending((current) => new Map(current).set(postId, position));
      const timer = window.setTimeout(() => void flush(postId, position), delayMs);
      waiting.current.set(postId, { timer, position });
    },
    [delayMs, flush],
  );

  useEffect(() => {
    const queue = waiting.current;
    return () => {
      // Leaving the board within the debounce: the drop is still saved.
      for (const [postId, { timer, position }] of queue) {
        window.clearTimeout(timer);
        void saveRef.current(postId, position);
      }
      queue.clear();
    };
  }, []);

  return { pending, move };
}
