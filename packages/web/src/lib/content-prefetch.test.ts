import { describe, expect, it } from 'vitest';

import { CONTENT_PREFETCH_MAX_AGE_MS, createContentPrefetch } from './content-prefetch.ts';
import type { RealtimeMessage } from './realtime/index.ts';

function setup() {
  let clock = 1_000;
  const listeners = new Set<(message: RealtimeMessage) => void>();
  const prefetch = createContentPrefetch(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => clock,
  );
  let calls = 0;
  const get = () => Promise.resolve({ call: ++calls });
  return {
    prefetch,
    get,
    calls: () => calls,
    advance: (ms: number) => (clock += ms),
    emit: (message: RealtimeMessage) => listeners.forEach((listener) => listener(message)),
  };
}

const update = (tool: string): RealtimeMessage => ({
  type: 'content_update',
  space_name: 'Team',
  timestamp: new Date(0).toISOString(),
  data: { tool, content_hash: null, modified_by: 'bob', version: 2 },
});

describe('content prefetch', () => {
  it('hands the answer already on its way to the first load only', async () => {
    const { prefetch, get, calls } = setup();
    prefetch.prefetch('Team', 'kanban', get);
    prefetch.prefetch('Team', 'kanban', get);
    expect(calls()).toBe(1);
    await expect(prefetch.take('Team', 'kanban')).resolves.toEqual({ call: 1 });
    expect(prefetch.take('Team', 'kanban')).toBeNull();
    expect(prefetch.take('Other space', 'kanban')).toBeNull();
  });

  it('does not hand out an answer older than the maximum age', () => {
    const { prefetch, get, advance, calls } = setup();
    prefetch.prefetch('Team', 'kanban', get);
    advance(CONTENT_PREFETCH_MAX_AGE_MS);
    expect(prefetch.take('Team', 'kanban')).toBeNull();
    // And a stale entry does not stop a new prefetch.
    prefetch.prefetch('Team', 'kanban', get);
    advance(CONTENT_PREFETCH_MAX_AGE_MS);
    prefetch.prefetch('Team', 'kanban', get);
    expect(calls()).toBe(3);
  });

  it("drops a tool's answer when a content update of that tool arrives meanwhile", () => {
    const { prefetch, get, emit } = setup();
    prefetch.prefetch('Team', 'kanban', get);
    prefetch.prefetch('Team', 'bulletin', get);
    emit(update('kanban'));
    expect(prefetch.take('Team', 'kanban')).toBeNull();
    expect(prefetch.take('Team', 'bulletin')).not.toBeNull();
  });

  it('keeps a failed prefetch from becoming an unhandled rejection', async () => {
    const { prefetch } = setup();
    prefetch.prefetch('Team', 'kanban', () => Promise.reject(new Error('offline')));
    await expect(prefetch.take('Team', 'kanban')).rejects.toThrow('offline');
  });
});
