import { describe, expect, it } from 'vitest';

import { activityOf } from './activity.ts';
import { sameValue } from './activity-log.ts';
import type { Operation } from './operation.ts';
import { tools } from './registry.ts';
import { deepFreeze, overTheWire, stampOf, testContext } from './testing.ts';
import { OperationFormatError } from './tool.ts';

const stamp = { id: 'op-9', at: '2024-05-01T12:00:00.000Z', by: 'Ann' };

describe('activityOf (spec §3 Activity log entry, any tool)', () => {
  it('reads the op1 operation: args by the registry, time, author and id from the operation', () => {
    const before = deepFreeze(tools.kanban.defaultContent(testContext('fixed')));
    const todo = before.phases.find((phase) => phase.name === 'To Do')?.id ?? '';
    const operation = overTheWire(
      tools.kanban,
      { type: 'addIssue', phaseId: todo, issue: { title: 'Login bug' }, createdBy: 'ann' },
      stamp,
    );
    const after = tools.kanban.apply(before, operation);
    expect(activityOf('kanban', operation, { userId: 'u-1' }, before, after)).toMatchObject({
      id: 'op-9',
      timestamp: '2024-05-01T12:00:00.000Z',
      userId: 'u-1',
      userDisplayName: 'Ann',
      action: 'addIssue',
      entityType: 'issue',
      entityId: 'op-9',
      details: 'Added issue "Login bug" to phase "To Do"',
      params: { title: 'Login bug', phase: 'To Do' },
    });
    expect(
      activityOf('kanban', operation, { userId: 'u-1', newId: () => 'log-1' }, before, after),
    ).toMatchObject({ id: 'log-1', userId: 'u-1' });
    // Without an actor: the author's name is the user id (spec §6), the operation's id the entry's.
    expect(activityOf('kanban', operation, before, after)).toMatchObject({
      id: 'op-9',
      tool: 'kanban',
      userId: 'Ann',
      userDisplayName: 'Ann',
    });
  });

  it.each([
    ['ticket-system', { type: 'addTeamMember', name: 'cy' }, 'team'],
    [
      'bulletin',
      { type: 'addPost', post: { title: 'Hi', position: { x: 1, y: 1 } }, author: 'a' },
      'note',
    ],
    [
      'diagrams',
      { type: 'createDiagram', diagramId: 'd-9', name: 'Flow', modifiedBy: 'a' },
      'diagram',
    ],
    ['poker', { type: 'submitVote', userId: 'ann', username: 'Ann', value: '5' }, 'estimation'],
    ['randomizer', { type: 'start', seed: 3 }, 'option'],
  ] as const)('dispatches %s to its own entries', (name, op, entityType) => {
    const tool = tools[name];
    const before: unknown = deepFreeze(tool.defaultContent(testContext('fixed')));
    const operation = overTheWire(tool as never, op, stampOf(1));
    const after = (tool as { apply: (content: unknown, operation: Operation) => unknown }).apply(
      before,
      operation,
    );
    expect(activityOf(name, operation, { userId: 'u' }, before, after)).toMatchObject({
      tool: name,
      action: op.type,
      entityType,
      userDisplayName: 'ann',
      timestamp: stampOf(1).at,
    });
  });

  it('gives null when the operation changed nothing', () => {
    const before = deepFreeze(tools.poker.defaultContent(testContext('fixed')));
    const operation = overTheWire(tools.poker, { type: 'hide' }, stamp);
    expect(
      activityOf('poker', operation, { userId: 'u' }, before, tools.poker.apply(before, operation)),
    ).toBeNull();
  });

  it("words a 'patch' (undo, restore) the same for every tool, before the tool reads it", () => {
    const before = deepFreeze(tools.randomizer.defaultContent(testContext('fixed')));
    const after = { ...before, options: ['A'] };
    const patch: Operation = {
      v: 1,
      tool: 'randomizer',
      name: 'patch',
      args: { changes: [{ op: 'replace' }, { op: 'remove' }] },
      ...stamp,
    };
    expect(activityOf('randomizer', patch, { userId: 'u-1' }, before, after)).toEqual({
      id: 'op-9',
      tool: 'randomizer',
      timestamp: '2024-05-01T12:00:00.000Z',
      userId: 'u-1',
      userDisplayName: 'Ann',
      action: 'patch',
      entityType: 'content',
      entityId: 'randomizer',
      details: 'Reverted changes',
      oldValue: null,
      newValue: 2,
      params: { count: 2 },
    });
    expect(activityOf('randomizer', patch, { userId: 'u-1' }, before, before)).toBeNull();
    expect(
      activityOf('randomizer', { ...patch, args: {} }, { userId: 'u' }, before, after),
    ).toMatchObject({ newValue: 0, params: { count: 0 } });
  });

  it('refuses an unknown tool, an operation of another tool and malformed args', () => {
    const content = tools.poker.defaultContent(testContext('fixed'));
    const operation = overTheWire(tools.poker, { type: 'reveal' }, stamp);
    const actor = { userId: 'u' };
    expect(() => activityOf('chess', operation, actor, content, content)).toThrow(
      OperationFormatError,
    );
    expect(() => activityOf('randomizer', operation, actor, content, content)).toThrow(
      OperationFormatError,
    );
    expect(() =>
      activityOf('poker', { ...operation, name: 'fold' }, actor, content, content),
    ).toThrow(OperationFormatError);
    expect(() =>
      activityOf(
        'poker',
        { ...operation, name: 'submitVote', args: { userId: 1 } },
        actor,
        content,
        content,
      ),
    ).toThrow(OperationFormatError);
  });
});

describe('sameValue', () => {
  it('compares JSON-like values by content; undefined fields count as missing', () => {
    expect(sameValue({ a: [1, { b: 'x' }] }, { a: [1, { b: 'x' }] })).toBe(true);
    expect(sameValue({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(sameValue({ a: [1] }, { a: [1, 2] })).toBe(false);
    expect(sameValue([], {})).toBe(false);
    expect(sameValue({ a: null }, { a: {} })).toBe(false);
    expect(sameValue(1, '1')).toBe(false);
  });
});
