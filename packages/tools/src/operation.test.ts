import { describe, expect, it } from 'vitest';

import {
  OPERATION_FORMAT_VERSION,
  operationContext,
  parseOperationFields,
  serializeOperation,
  type Operation,
} from './operation.ts';

const operation: Operation = {
  v: 1,
  tool: 'kanban',
  name: 'addTeamMember',
  args: { name: 'ann' },
  id: 'op-1',
  at: '2026-11-24T09:30:00.000Z',
  by: 'ann',
};

describe('operationContext (deterministic apply)', () => {
  it('hands out the operation id first, then id:1, id:2 …, and always the operation time', () => {
    const ctx = operationContext(operation);
    expect([ctx.newId(), ctx.newId(), ctx.newId()]).toEqual(['op-1', 'op-1:1', 'op-1:2']);
    expect([ctx.now(), ctx.now()]).toEqual([operation.at, operation.at]);
  });

  it('starts again for every apply of the same operation', () => {
    const first = operationContext(operation);
    const second = operationContext(operation);
    expect([first.newId(), first.newId()]).toEqual([second.newId(), second.newId()]);
  });
});

describe('serialised operation envelope (format version 1)', () => {
  it('serialises the documented fields in order and parses back to the same operation', () => {
    const text = serializeOperation({ ...operation, extra: 'dropped' } as Operation);
    expect(Object.keys(JSON.parse(text) as object)).toEqual([
      'v',
      'tool',
      'name',
      'args',
      'id',
      'at',
      'by',
    ]);
    expect(parseOperationFields(JSON.parse(text))).toEqual(operation);
    expect(OPERATION_FORMAT_VERSION).toBe(1);
  });

  it.each([
    ['another format version', { ...operation, v: 2 }],
    ['no tool', { ...operation, tool: '' }],
    ['no name', { ...operation, name: '' }],
    ['args not an object', { ...operation, args: ['x'] }],
    ['an empty id', { ...operation, id: '' }],
    ['an id longer than 128', { ...operation, id: 'x'.repeat(129) }],
    ['a time that is not ISO 8601', { ...operation, at: 'yesterday' }],
    ['no author', { ...operation, by: undefined }],
    ['not an object', 'addIssue'],
  ])('refuses %s', (_case, value) => {
    expect(() => parseOperationFields(value)).toThrow();
  });
});
