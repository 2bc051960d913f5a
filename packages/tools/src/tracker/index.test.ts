import { describe, expect, it } from 'vitest';

import { operationContext, serializeOperation } from '../operation.ts';
import { parseOperation, tools } from '../registry.ts';
import { OperationFormatError, type ToolDefinition } from '../tool.ts';
import * as tracker from './index.ts';

describe('tracker public API', () => {
  it('exports the operations, queries and helpers of every module', () => {
    for (const name of [
      'TrackerError',
      'PHASE_COLORS',
      'defaultContent',
      'applyOperation',
      'addPhase',
      'updatePhase',
      'deletePhase',
      'movePhase',
      'movePhaseTo',
      'addIssue',
      'updateIssue',
      'deleteIssue',
      'moveIssue',
      'addComment',
      'deleteComment',
      'addTeamMember',
      'validateContent',
      'validateIssueForm',
      'estimationToNumber',
      'computeStatistics',
      'filterIssues',
      'activityEntry',
      'kanbanContentSchema',
      'lenientKanbanContentSchema',
      'ticketContentSchema',
      'lenientTicketContentSchema',
      'trackerOperations',
      'sameName',
      'distinctMembers',
      'isMentionable',
      'mentionableMembers',
    ]) {
      expect(tracker, name).toHaveProperty(name);
    }
  });

  it('round-trips a board through the public API only', () => {
    let id = 0;
    const ctx = { newId: () => `id-${++id}`, now: () => '2024-01-01T00:00:00.000Z' };
    const board = tracker.defaultContent('ticket', ctx);
    const todo = board.phases[1]?.id ?? '';
    const next = tracker.applyOperation(
      board,
      { type: 'addIssue', phaseId: todo, issue: { title: 'x' }, createdBy: 'a' },
      ctx,
    );
    expect(tracker.validateContent(next)).toEqual([]);
    expect(tracker.computeStatistics(next).totalIssues).toBe(1);
  });
});

describe.each([
  ['kanban', 'kanban', 'Kanban Board', '/tools/kanban', 'Testing'],
  ['ticket-system', 'ticket', 'Issue Management', '/tools/ticket', 'Review'],
] as const)(
  'registry entry %s (spec §3 Tool metadata, Defaults)',
  (name, toolType, title, route, fourth) => {
    // Both entries read and write tracker content; one type for the two.
    const tool: ToolDefinition<tracker.TrackerContent, tracker.TrackerOperation> = tools[name];
    const ctx = () => operationContext({ id: 'd', at: '2024-01-01T00:00:00.000Z' });

    it('describes the tool and lists the tracker operations', () => {
      expect(tool.metadata).toMatchObject({ name, displayName: title, route });
      expect(tool.operations).toEqual([...tracker.trackerOperations.names, 'patch']);
    });

    it('creates the default content with ids and times from the context', () => {
      const content = tool.defaultContent(ctx());
      expect(content).toMatchObject({
        id: 'd',
        toolType,
        title,
        version: 1,
        createdAt: '2024-01-01T00:00:00.000Z',
        lastModified: '2024-01-01T00:00:00.000Z',
        teamMembers: [],
      });
      expect(content.phases.map((phase) => phase.name)).toEqual([
        'Backlog',
        'To Do',
        'In Progress',
        fourth,
        'Done',
      ]);
      expect(content.phases.map((phase) => phase.id)).toEqual(['d:1', 'd:2', 'd:3', 'd:4', 'd:5']);
      expect(tool.validate(content)).toEqual([]);
    });

    it('parses strictly by default and refuses a mistyped field with TrackerError NO_DATA', () => {
      const content = tool.defaultContent(ctx());
      expect(tool.parse(JSON.parse(JSON.stringify(content)))).toEqual(content);
      let caught: unknown;
      try {
        tool.parse({ ...content, teamMembers: 'ann' });
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(tracker.TrackerError);
      expect(caught).toMatchObject({ code: 'NO_DATA', message: 'No data loaded' });
    });

    it('parses leniently with defaults for what is missing or mistyped', () => {
      const content = tool.parse(
        { title: 'Old', teamMembers: 'ann', phases: [{ name: 'Only', issues: [{ title: 'x' }] }] },
        { lenient: true },
      );
      expect(content).toMatchObject({ toolType, title: 'Old', version: 1, teamMembers: [] });
      expect(content.phases[0]?.issues[0]).toMatchObject({
        title: 'x',
        type: 'Task',
        priority: 'none',
      });
      expect(content.settings.maxPhases).toBe(10);
    });

    it('applies a serialised operation with ids and time from the operation', () => {
      const content = tool.defaultContent(ctx());
      const todo = content.phases[1]?.id ?? '';
      const sent = tool.createOperation(
        { type: 'addIssue', phaseId: todo, issue: { title: ' Ship it ' }, createdBy: 'ann' },
        { id: 'op-1', at: '2024-02-02T10:00:00.000Z', by: 'ann' },
      );
      const received = parseOperation(JSON.parse(serializeOperation(sent)));
      const next = tool.apply(content, received);
      expect(next.phases[1]?.issues).toEqual([
        expect.objectContaining({
          id: 'op-1',
          title: 'Ship it',
          createdAt: '2024-02-02T10:00:00.000Z',
          createdBy: 'ann',
          order: 0,
        }),
      ]);
      expect(content.phases[1]?.issues).toEqual([]);
      expect(() => tool.apply(content, { ...received, tool: 'bulletin' })).toThrow(
        OperationFormatError,
      );
    });

    it('validates content with the spec §5 messages', () => {
      const content = tool.defaultContent(ctx());
      expect(tool.validate({ ...content, title: ' ', phases: content.phases.slice(0, 1) })).toEqual(
        ['Title is required', `Must have at least ${String(content.settings.minPhases)} phases`],
      );
    });

    it('stamps the version and modification time being saved', () => {
      const content = tool.defaultContent(ctx());
      const stamped = tool.stamp(content, { version: 4, lastModified: '2024-03-03T00:00:00.000Z' });
      expect(stamped).toEqual({ ...content, version: 4, lastModified: '2024-03-03T00:00:00.000Z' });
      expect(content.version).toBe(1);
    });
  },
);
