import { describe, expect, it } from 'vitest';

import {
  DEFAULT_TITLES,
  KANBAN_DEFAULT_SETTINGS,
  TICKET_DEFAULT_SETTINGS,
  defaultContent,
} from './defaults.ts';
import { type TrackerContext } from './types.ts';
import { validateContent } from './validation.ts';

function testCtx(): TrackerContext & { nowCalls: () => number } {
  let id = 0;
  let calls = 0;
  return {
    newId: () => `id-${++id}`,
    now: () => {
      calls += 1;
      return '2024-01-01T00:00:00.000Z';
    },
    nowCalls: () => calls,
  };
}

describe('defaultContent (spec §3 Defaults)', () => {
  it('kanban: Kanban Board, version 1, five empty phases in order with Done as end phase', () => {
    const ctx = testCtx();
    const content = defaultContent('kanban', ctx);
    expect(content).toMatchObject({
      id: 'id-1',
      title: 'Kanban Board',
      version: 1,
      toolType: 'kanban',
      createdAt: '2024-01-01T00:00:00.000Z',
      lastModified: '2024-01-01T00:00:00.000Z',
      teamMembers: [],
    });
    expect(ctx.nowCalls()).toBe(1);
    expect(content.phases.map((p) => p.name)).toEqual([
      'Backlog',
      'To Do',
      'In Progress',
      'Testing',
      'Done',
    ]);
    expect(content.phases.map((p) => p.order)).toEqual([0, 1, 2, 3, 4]);
    expect(content.phases.map((p) => p.id)).toEqual(['id-2', 'id-3', 'id-4', 'id-5', 'id-6']);
    expect(content.phases.map((p) => p.isEndPhase)).toEqual([false, false, false, false, true]);
    for (const phase of content.phases) {
      expect(phase.issues).toEqual([]);
      expect(phase.description).toBe('');
      expect(phase.color).toMatch(/^#[0-9a-f]{6}$/);
      expect(phase).not.toHaveProperty('maxIssues');
    }
    expect(content.phases[0]?.color).toBe('#6c757d');
  });

  it('kanban settings: 2 to 10 phases, Task by default, every type available', () => {
    const { settings } = defaultContent('kanban', testCtx());
    expect(settings).toEqual(KANBAN_DEFAULT_SETTINGS);
    expect(settings).toMatchObject({
      minPhases: 2,
      maxPhases: 10,
      defaultIssueType: 'Task',
      availableIssueTypes: ['Bug', 'Task', 'User Story', 'Epic'],
    });
    for (const flag of [
      'allowPhaseReorder',
      'allowPhaseDelete',
      'showEstimation',
      'showPriority',
      'showAssignedPerson',
      'showComments',
      'showTags',
      'allowBackwardMovement',
      'notifyOnAssignment',
      'notifyOnStatusChange',
      'cardCompactView',
    ]) {
      expect(typeof settings[flag as keyof typeof settings]).toBe('boolean');
    }
  });

  it('ticket: Issue Management with Review instead of Testing and Done as end phase', () => {
    const content = defaultContent('ticket', testCtx());
    expect(content.title).toBe('Issue Management');
    expect(content.toolType).toBe('ticket');
    expect(content.phases.map((p) => p.name)).toEqual([
      'Backlog',
      'To Do',
      'In Progress',
      'Review',
      'Done',
    ]);
    expect(content.phases.filter((p) => p.isEndPhase).map((p) => p.name)).toEqual(['Done']);
  });

  it('ticket settings: 3 to 10 phases plus search, filtering, ticket numbers, auto-assign', () => {
    const { settings } = defaultContent('ticket', testCtx());
    expect(settings).toEqual(TICKET_DEFAULT_SETTINGS);
    expect(settings).toMatchObject({
      minPhases: 3,
      maxPhases: 10,
      defaultIssueType: 'Task',
      availableIssueTypes: ['Bug', 'Task', 'User Story', 'Epic'],
      enableSearch: true,
      enableFiltering: true,
      showTicketNumbers: true,
      autoAssignCreator: false,
    });
  });

  it('passes content validation for both tools', () => {
    expect(validateContent(defaultContent('kanban', testCtx()))).toEqual([]);
    expect(validateContent(defaultContent('ticket', testCtx()))).toEqual([]);
  });

  it('does not share the availableIssueTypes list with the constants', () => {
    const content = defaultContent('kanban', testCtx());
    expect(content.settings.availableIssueTypes).not.toBe(
      KANBAN_DEFAULT_SETTINGS.availableIssueTypes,
    );
  });

  it('names the default titles', () => {
    expect(DEFAULT_TITLES).toEqual({ kanban: 'Kanban Board', ticket: 'Issue Management' });
  });

  it('writes title and phase names in German for a German member', () => {
    const kanban = defaultContent('kanban', { ...testCtx(), language: 'de' });
    expect(kanban.title).toBe('Kanban-Board');
    expect(kanban.phases.map((phase) => phase.name)).toEqual([
      'Backlog',
      'Zu erledigen',
      'In Arbeit',
      'Test',
      'Erledigt',
    ]);
    expect(kanban.phases.map((phase) => phase.isEndPhase)).toEqual([
      false,
      false,
      false,
      false,
      true,
    ]);
    const english = defaultContent('kanban', testCtx());
    expect(kanban.phases.map((phase) => phase.color)).toEqual(
      english.phases.map((phase) => phase.color),
    );
    const ticket = defaultContent('ticket', { ...testCtx(), language: 'de' });
    expect(ticket.title).toBe('Issue-Verwaltung');
    expect(ticket.phases.map((phase) => phase.name)).toEqual([
      'Backlog',
      'Zu erledigen',
      'In Arbeit',
      'Review',
      'Erledigt',
    ]);
    expect(validateContent(ticket)).toEqual([]);
    expect(defaultContent('ticket', { ...testCtx(), language: 'en' })).toEqual(
      defaultContent('ticket', testCtx()),
    );
  });
});
