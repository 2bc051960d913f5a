import { describe, expect, it } from 'vitest';

import type { Clock, TimerHandle } from './clock.ts';
import { Proposals } from './proposals.ts';
import { tools, type Operation } from '@cipherspace/tools';
import { testContext } from '@cipherspace/tools/testing';

const kanban = tools.kanban;
const backlog = kanban.defaultContent(testContext()).phases[0]?.id ?? 'backlog';
const TTL = 10_000;

/** A clock that moves only when told: `advance` runs the timers that fall due, in time order. */
function fakeClock(): Clock & { advance(ms: number): void; pending(): number } {
  let now = 1_000_000;
  let next = 0;
  const timers = new Map<number, { due: number; run: () => void }>();
  return {
    now: () => now,
    setTimeout: (run, ms) => {
      next += 1;
      timers.set(next, { due: now + ms, run });
      return next;
    },
    clearTimeout: (handle: TimerHandle) => {
      timers.delete(handle as number);
    },
    afterPaint: () => Promise.resolve(),
    advance(ms) {
      const until = now + ms;
      for (;;) {
        const due = [...timers].filter(([, timer]) => timer.due <= until);
        const first = due.toSorted(([, a], [, b]) => a.due - b.due)[0];
        if (!first) break;
        const [handle, timer] = first;
        timers.delete(handle);
        now = timer.due;
        timer.run();
      }
      now = until;
    },
    pending: () => timers.size,
  };
}

/** Another member's operation `id` adding a card. */
function addCard(id: string): Operation {
  return kanban.createOperation(
    { type: 'addIssue', phaseId: backlog, issue: { title: id }, createdBy: 'bo' },
    { id, at: '2026-01-01T00:00:00.000Z', by: 'bo' },
  );
}

function setUp() {
  const clock = fakeClock();
  let changed = 0;
  const proposals = new Proposals(clock, TTL, () => {
    changed += 1;
  });
  return { clock, proposals, changed: () => changed };
}

const ids = (proposals: Proposals) => proposals.groups.map((group) => group.map((op) => op.id));

describe('Proposals', () => {
  it('shows a proposal until its time is up, then drops it and tells', () => {
    const { clock, proposals, changed } = setUp();
    proposals.add(4, [addCard('a1'), addCard('a2')]);
    expect(ids(proposals)).toEqual([['a1', 'a2']]);

    clock.advance(TTL - 1);
    expect(ids(proposals)).toEqual([['a1', 'a2']]);
    expect(changed()).toBe(0);

    clock.advance(1);
    expect(proposals.groups).toEqual([]);
    expect(changed()).toBe(1);
    expect(clock.pending()).toBe(0);
  });

  it('drops each proposal at its own time, keeping arrival order', () => {
    const { clock, proposals, changed } = setUp();
    proposals.add(4, [addCard('a')]);
    clock.advance(3_000);
    proposals.add(4, [addCard('b')]);
    clock.advance(3_000);
    proposals.add(5, [addCard('c')]);
    expect(ids(proposals)).toEqual([['a'], ['b'], ['c']]);

    clock.advance(TTL - 6_000);
    expect(ids(proposals)).toEqual([['b'], ['c']]);
    clock.advance(3_000);
    expect(ids(proposals)).toEqual([['c']]);
    clock.advance(3_000);
    expect(proposals.groups).toEqual([]);
    expect(changed()).toBe(3);
  });

  it('settles the proposals whose operations a stored change applied', () => {
    const { clock, proposals, changed } = setUp();
    proposals.add(4, [addCard('a1'), addCard('a2')]);
    proposals.add(4, [addCard('b')]);
    proposals.add(5, [addCard('c')]);

    proposals.settle(5, new Set(['a2', 'unrelated']));
    expect(ids(proposals)).toEqual([['b'], ['c']]);

    proposals.settle(6, new Set(['c']));
    expect(ids(proposals)).toEqual([['b']]);
    // Settling is not an expiry: the screen is told by the confirmation itself.
    expect(changed()).toBe(0);
    clock.advance(TTL);
    expect(proposals.groups).toEqual([]);
  });

  it('a snapshot settles every proposal based on an older version', () => {
    const { proposals } = setUp();
    proposals.add(3, [addCard('a')]);
    proposals.add(5, [addCard('b')]);
    proposals.add(6, [addCard('c')]);

    proposals.settle(5, null);

    expect(ids(proposals)).toEqual([['b'], ['c']]);
  });

  it('stops its timer once nothing is shown', () => {
    const { clock, proposals, changed } = setUp();
    proposals.add(4, [addCard('a')]);
    proposals.settle(5, new Set(['a']));
    expect(clock.pending()).toBe(0);

    proposals.add(5, [addCard('b')]);
    proposals.dispose();
    clock.advance(TTL);
    expect(changed()).toBe(0);
  });

  it('isNew is false for a proposal holding an operation it remembers', () => {
    const { proposals } = setUp();
    expect(proposals.isNew([addCard('a'), addCard('b')])).toBe(true);

    proposals.remember(['b']);

    expect(proposals.isNew([addCard('a'), addCard('b')])).toBe(false);
    expect(proposals.isNew([addCard('b')])).toBe(false);
    expect(proposals.isNew([addCard('a')])).toBe(true);
  });

  it('remembers a bounded number of ids, forgetting the least recently remembered', () => {
    const { proposals } = setUp();
    const many = Array.from({ length: 1000 }, (_, n) => `id-${String(n)}`);
    proposals.remember(many);

    // The oldest are forgotten, the newest kept.
    expect(proposals.isNew([addCard('id-0')])).toBe(true);
    expect(proposals.isNew([addCard('id-999')])).toBe(false);
    const kept = many.filter((id) => !proposals.isNew([addCard(id)]));
    expect(kept.length).toBeGreaterThanOrEqual(100);
    expect(kept.length).toBeLessThan(many.length);
    expect(kept).toEqual(many.slice(many.length - kept.length));
  });

  it('remembering an id again keeps it among the newest', () => {
    const { proposals } = setUp();
    const many = Array.from({ length: 1000 }, (_, n) => `id-${String(n)}`);
    proposals.remember(many);
    const bound = many.filter((id) => !proposals.isNew([addCard(id)])).length;
    const oldestKept = many[many.length - bound] ?? '';

    proposals.remember([oldestKept]);
    proposals.remember(['fresh']);

    expect(proposals.isNew([addCard(oldestKept)])).toBe(false);
    expect(proposals.isNew([addCard(many[many.length - bound + 1] ?? '')])).toBe(true);
    expect(proposals.isNew([addCard('fresh')])).toBe(false);
  });
});
