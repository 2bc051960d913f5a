import { describe, expect, it } from 'vitest';

import { type ActivityActor } from '../activity-log.ts';
import { deepFreeze, testContext } from '../testing.ts';
import { randomizerActivityEntry } from './activity.ts';
import { defaultRandomizerContent } from './defaults.ts';
import {
  applyRandomizerOperation,
  start,
  type RandomizerOperation,
  randomizerOperations,
} from './operations.ts';
import type { RandomizerContent } from './types.ts';

const actor: ActivityActor = {
  userId: 'ann',
  userDisplayName: 'Ann',
  now: () => '2024-03-01T10:00:00.000Z',
  newId: () => 'log-1',
};

const ctx = { now: () => '2024-02-01T00:00:00.000Z', newId: () => 'run-1' };

// Content id-1 with 'Option 1'–'Option 3', no-repeat, option 0 already used.
function idle(changes: Partial<RandomizerContent> = {}): RandomizerContent {
  return deepFreeze({
    ...defaultRandomizerContent(testContext('fixed')),
    usedIndices: [0],
    ...changes,
  });
}

// `idle()` with run 'run-1' animating.
function animating(): RandomizerContent {
  return deepFreeze(start(idle(), { seed: 7 }, ctx));
}

function entryFor(operation: RandomizerOperation, content: RandomizerContent) {
  const after = applyRandomizerOperation(content, operation, ctx);
  return randomizerActivityEntry(operation, actor, content, after);
}

const OPERATIONS: Readonly<Record<RandomizerOperation['type'], RandomizerOperation>> = {
  start: { type: 'start', seed: 7 },
  complete: { type: 'complete', runId: 'run-1' },
  editOptions: { type: 'editOptions', text: 'Ann\n\nBen \n' },
  setMode: { type: 'setMode', mode: 'allow' },
  resetUsed: { type: 'resetUsed' },
};

describe('randomizerActivityEntry (spec §3 Activity log entry)', () => {
  it('gives an entry for every randomizer operation', () => {
    expect(Object.keys(OPERATIONS).sort()).toEqual([...randomizerOperations.names].sort());
    for (const operation of Object.values(OPERATIONS)) {
      const content = operation.type === 'complete' ? animating() : idle();
      expect(entryFor(operation, content)).toMatchObject({
        action: operation.type,
        entityType: 'option',
      });
    }
  });

  it('start: the run it started and how many options it draws from', () => {
    expect(entryFor(OPERATIONS.start, idle())).toEqual({
      id: 'log-1',
      tool: 'randomizer',
      timestamp: '2024-03-01T10:00:00.000Z',
      userId: 'ann',
      userDisplayName: 'Ann',
      action: 'start',
      entityType: 'option',
      entityId: 'id-1',
      details: 'Started a draw among 2 options',
      oldValue: { state: 'idle', selectedIndex: null },
      newValue: { state: 'animating', runId: 'run-1' },
      params: { count: 2 },
    });
  });

  it('complete: the drawn option by index and text', () => {
    const content = animating();
    const drawn = content.animation.steps.at(-1)?.optionIndex ?? -1;
    const option = content.options[drawn] ?? '';
    expect(['Option 2', 'Option 3']).toContain(option);
    expect(entryFor(OPERATIONS.complete, content)).toMatchObject({
      entityId: String(drawn),
      details: `Drew "${option}"`,
      oldValue: { selectedIndex: null, usedIndices: [0] },
      newValue: { selectedIndex: drawn, option, usedIndices: [0, drawn] },
      params: { option },
    });
  });

  it('editOptions: the old and new options', () => {
    expect(entryFor(OPERATIONS.editOptions, idle())).toMatchObject({
      entityId: 'id-1',
      details: 'Set 2 options',
      oldValue: { options: ['Option 1', 'Option 2', 'Option 3'] },
      newValue: { options: ['Ann', 'Ben'] },
      params: { count: 2 },
    });
  });

  it('setMode: the mode and the used options it cleared', () => {
    expect(entryFor(OPERATIONS.setMode, idle())).toMatchObject({
      entityId: 'id-1',
      details: 'Set the repetition mode to "allow"',
      oldValue: { repetitionMode: 'no-repeat', usedIndices: [0] },
      newValue: { repetitionMode: 'allow', usedIndices: [] },
      params: { mode: 'allow' },
    });
  });

  it('resetUsed: the used options and the selection it cleared', () => {
    expect(entryFor(OPERATIONS.resetUsed, idle({ selectedIndex: 0 }))).toMatchObject({
      entityId: 'id-1',
      details: 'Reset 1 used options',
      oldValue: { usedIndices: [0], selectedIndex: 0 },
      newValue: { usedIndices: [], selectedIndex: null },
      params: { count: 1 },
    });
  });

  it('gives null when the operation changed nothing', () => {
    expect(entryFor(OPERATIONS.start, animating())).toBeNull();
    expect(entryFor({ type: 'complete', runId: 'other' }, animating())).toBeNull();
    expect(entryFor({ type: 'setMode', mode: 'no-repeat' }, idle())).toBeNull();
    expect(entryFor(OPERATIONS.resetUsed, idle({ usedIndices: [] }))).toBeNull();
    const sameOptions: RandomizerOperation = {
      type: 'editOptions',
      text: 'Option 1\nOption 2\nOption 3',
    };
    expect(entryFor(sameOptions, idle())).toBeNull();
    // The same options still clear a selection: that is a change.
    expect(entryFor(sameOptions, idle({ selectedIndex: 0 }))).toMatchObject({
      details: 'Set 3 options',
    });
  });
});
