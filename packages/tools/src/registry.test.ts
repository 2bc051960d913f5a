import { describe, expect, it } from 'vitest';

import { serializeOperation } from './operation.ts';
import { applyOperation, getTool, isToolName, parseOperation, tools } from './registry.ts';
import { TOOL_NAMES, toolAtRoute } from './metadata.ts';
import { OperationFormatError, parseOperationFor } from './tool.ts';
import { testContext } from './testing.ts';

const stamp = { id: 'op-1', at: '2026-11-24T09:30:00.000Z', by: 'ann' };

describe('the tools registry (spec §3 Tool metadata)', () => {
  it('has one entry per content id, in the dashboard order, each named by its key', () => {
    expect(Object.keys(tools)).toEqual([...TOOL_NAMES]);
    for (const name of TOOL_NAMES) expect(tools[name].metadata.name).toBe(name);
  });

  it("carries the spec's metadata (poker, randomizer and ticket-system named by spec §3)", () => {
    expect(tools.poker.metadata).toMatchObject({
      displayName: 'Scrum Poker',
      route: '/tools/scrum-poker',
    });
    expect(tools.randomizer.metadata).toMatchObject({
      displayName: 'Daily Randomizer',
      route: '/tools/randomizer',
    });
    expect(tools['ticket-system'].metadata).toMatchObject({
      displayName: 'Issue Management',
      route: '/tools/ticket',
    });
    expect(tools.diagrams.metadata.disableWebSocket).toBe(true);
    for (const name of TOOL_NAMES) {
      expect(tools[name].metadata.color).toMatch(/^#[0-9a-f]{6}$/);
      expect(tools[name].operations.length).toBeGreaterThan(0);
    }
  });

  it('finds each tool by the route of its screen, and no tool elsewhere', () => {
    for (const name of TOOL_NAMES) expect(toolAtRoute(tools[name].metadata.route)).toBe(name);
    expect(toolAtRoute('/tools/ticket')).toBe('ticket-system');
    for (const path of ['/tools', '/tools/kanban/', '/dashboard', '/tools/ticket-system'])
      expect(toolAtRoute(path)).toBeUndefined();
  });

  it('gives every tool default content that parses strictly and passes validation', () => {
    for (const name of TOOL_NAMES) {
      const tool = getTool(name);
      if (!tool) throw new Error(name);
      const content = tool.defaultContent(testContext());
      expect(tool.validate(content), name).toEqual([]);
      expect(tool.parse(JSON.parse(JSON.stringify(content))), name).toEqual(content);
    }
  });

  it('knows only its own tool names', () => {
    expect(isToolName('kanban')).toBe(true);
    expect(isToolName('ticket')).toBe(false);
    expect(getTool('whiteboard')).toBeUndefined();
  });
});

describe('operations across the registry', () => {
  const board = tools.kanban.defaultContent(testContext());

  it('applies a serialised operation after a JSON round trip, deterministically', () => {
    const operation = tools.kanban.createOperation({ type: 'addTeamMember', name: 'ben' }, stamp);
    const received = parseOperation(JSON.parse(serializeOperation(operation)));
    const once = applyOperation(board, received);
    expect(once).toEqual(applyOperation(board, received));
    expect(once).toEqual({ ...board, teamMembers: ['ben'] });
  });

  it('creates new entities with ids and times taken from the operation', () => {
    const backlog = board.phases[0]?.id ?? '';
    const operation = tools.kanban.createOperation(
      { type: 'addIssue', phaseId: backlog, issue: { title: 'Login bug' }, createdBy: 'ann' },
      stamp,
    );
    const next = tools.kanban.apply(board, operation);
    expect(next.phases[0]?.issues[0]).toMatchObject({
      id: 'op-1',
      title: 'Login bug',
      createdAt: stamp.at,
      createdBy: 'ann',
    });
  });

  it('refuses an operation of another tool, an unknown tool and an unknown operation name', () => {
    const poker = tools.poker.createOperation({ type: 'reveal' }, stamp);
    expect(() => tools.kanban.apply(board, poker)).toThrow(OperationFormatError);
    expect(() => parseOperation({ ...poker, tool: 'whiteboard' })).toThrow(
      "unknown tool 'whiteboard'",
    );
    expect(() => parseOperation({ ...poker, name: 'dance' })).toThrow(
      "poker has no operation 'dance'",
    );
    expect(() => parseOperation({ ...poker, v: 2 })).toThrow(OperationFormatError);
  });

  it("checks an operation against one tool's entry alone (parseOperationFor, what a screen uses)", () => {
    const poker = tools.poker.createOperation({ type: 'reveal' }, stamp);
    const received: unknown = JSON.parse(serializeOperation(poker));
    expect(parseOperationFor(tools.poker, received)).toEqual(poker);
    expect(() => parseOperationFor(tools.kanban, received)).toThrow(
      "an operation of 'poker', not of 'kanban'",
    );
    expect(() => parseOperationFor(tools.poker, { ...poker, name: 'dance' })).toThrow(
      "poker has no operation 'dance'",
    );
    expect(() => parseOperationFor(tools.poker, { ...poker, v: 2 })).toThrow(
      'not an operation of format version 1',
    );
  });
});
