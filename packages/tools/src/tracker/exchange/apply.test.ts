/**
 * Merging an import plan into a board (./apply.ts): where issues go, the board's limits, the
 * tracker's own numbering and team rules, and a result the strict schema and validation accept.
 */
import { describe, expect, it } from 'vitest';

import { operationContext } from '../../operation.ts';
import { deepFreeze, stampOf } from '../../testing.ts';
import { defaultContent } from '../defaults.ts';
import { kanbanContentSchema, ticketContentSchema } from '../schema.ts';
import { sampleBoard, issueTitled, phaseNamed } from '../test-board.ts';
import type { TrackerContent } from '../types.ts';
import { validateContent } from '../validation.ts';
import board from './fixtures/trello-board.json' with { type: 'json' };
import csv from './fixtures/jira-issues.csv?raw';
import { applyImportPlan, previewImport } from './apply.ts';
import { parseJiraCsv } from './jira.ts';
import { parseTrelloBoard } from './trello.ts';
import type { ExchangeContent, ExchangeIssue, ImportedIssue, ImportPlan } from './types.ts';

const ctx = () => operationContext(stampOf(50));

function card(title: string, extra: Partial<ImportedIssue> = {}): ImportedIssue {
  return {
    title,
    description: '',
    type: 'Task',
    priority: 'none',
    estimation: '',
    assignedPerson: '',
    tags: [],
    comments: [],
    ...extra,
  };
}

function plan(phases: ImportPlan['phases'], extra: Partial<ImportPlan> = {}): ImportPlan {
  return { phases, tagColors: {}, skipped: [], ...extra };
}

function expectStrictAndValid(content: TrackerContent) {
  const schema = content.toolType === 'kanban' ? kanbanContentSchema : ticketContentSchema;
  expect(schema.safeParse(content).success).toBe(true);
  expect(validateContent(content)).toEqual([]);
}

function titlesOf(content: TrackerContent, phase: string): string[] {
  return (content.phases.find((item) => item.name === phase)?.issues ?? []).map(
    (item) => item.title,
  );
}

const kanban = () => deepFreeze(defaultContent('kanban', operationContext(stampOf(0))));

describe('applyImportPlan', () => {
  it('fills a phase of the same name (trimmed, any case) and appends the others', () => {
    const result = applyImportPlan(
      kanban(),
      plan([
        { name: ' to do ', issues: [card('A')] },
        { name: 'Blocked', issues: [card('B')], color: '#dc3545' },
        { name: 'BLOCKED', issues: [card('C')] },
      ]),
      ctx(),
      { by: 'ann' },
    );
    expect(result.phases.map((phase) => phase.name)).toEqual([
      'Backlog',
      'To Do',
      'In Progress',
      'Testing',
      'Done',
      'Blocked',
    ]);
    expect(titlesOf(result, 'To Do')).toEqual(['A']);
    expect(titlesOf(result, 'Blocked')).toEqual(['B', 'C']);
    expect(result.phases.at(-1)).toMatchObject({ order: 5, color: '#dc3545', id: 'op-50:1' });
    expectStrictAndValid(result);
  });

  it('appends issues after the existing ones with the next order and ticket numbers', () => {
    const sample = sampleBoard('kanban');
    const result = applyImportPlan(
      sample,
      plan([{ name: 'To Do', issues: [card('N1'), card('N2')] }]),
      ctx(),
      {
        by: 'cy',
      },
    );
    expect(titlesOf(result, 'To Do')).toEqual(['A', 'B', 'N1', 'N2']);
    expect(issueTitled(result, 'N1')).toMatchObject({ order: 2, number: 5, id: 'op-50' });
    expect(issueTitled(result, 'N2')).toMatchObject({ order: 3, number: 6 });
    expect(result.nextTicketNumber).toBe(7);
    expectStrictAndValid(result);
  });

  it('keeps creator, creation time, comments, due date, checklist and archived flag', () => {
    const source = card('Kept', {
      createdAt: '2024-03-01T08:00:00.000Z',
      createdBy: 'zed',
      dueDate: '2024-04-01',
      checklist: [
        { text: 'one', done: true },
        { text: 'two', done: false },
      ],
      archived: true,
      comments: [{ content: 'hi', createdAt: '2024-03-02T08:00:00.000Z', createdBy: 'amy' }],
    });
    const result = applyImportPlan(kanban(), plan([{ name: 'Done', issues: [source] }]), ctx(), {
      by: 'ann',
    });
    const issue: ExchangeIssue = issueTitled(result, 'Kept');
    expect(issue).toMatchObject({
      createdAt: '2024-03-01T08:00:00.000Z',
      createdBy: 'zed',
      dueDate: '2024-04-01',
      archived: true,
    });
    expect(issue.checklist?.map(({ text, done }) => ({ text, done }))).toEqual(source.checklist);
    expect(new Set(issue.checklist?.map((item) => item.id)).size).toBe(2);
    expect(issue.comments).toEqual([
      {
        id: expect.any(String),
        content: 'hi',
        createdAt: '2024-03-02T08:00:00.000Z',
        createdBy: 'amy',
      },
    ]);
    expectStrictAndValid(result);
  });

  it('uses the import time and the importing member when the source has neither', () => {
    const result = applyImportPlan(kanban(), plan([{ name: 'Done', issues: [card('X')] }]), ctx(), {
      by: 'ann',
    });
    expect(issueTitled(result, 'X')).toMatchObject({ createdAt: stampOf(50).at, createdBy: 'ann' });
  });

  it("adds team members once, case-insensitively, keeping the team's and the source's spelling", () => {
    const start = { ...kanban(), teamMembers: ['Alice Adams'] };
    const result = applyImportPlan(
      start,
      plan(
        [
          {
            name: 'Done',
            issues: [card('X', { assignedPerson: 'alice adams', createdBy: 'BOB' })],
          },
        ],
        {
          teamMembers: ['ALICE ADAMS', 'bob', 'Cy'],
        },
      ),
      ctx(),
      { by: 'ann' },
    );
    expect(result.teamMembers).toEqual(['Alice Adams', 'bob', 'Cy']);
    expect(issueTitled(result, 'X')).toMatchObject({
      assignedPerson: 'alice adams',
      createdBy: 'BOB',
    });
  });

  it('keeps an unassigned issue unassigned on a ticket board that assigns the creator', () => {
    const ticket = defaultContent('ticket', operationContext(stampOf(0)));
    const start = { ...ticket, settings: { ...ticket.settings, autoAssignCreator: true } };
    const result = applyImportPlan(start, plan([{ name: 'Done', issues: [card('X')] }]), ctx(), {
      by: 'ann',
    });
    expect(issueTitled(result, 'X').assignedPerson).toBe('');
    expectStrictAndValid(result);
  });

  it('sends the issues of phases beyond maxPhases to the last phase and reports them', () => {
    const start = { ...kanban(), settings: { ...kanban().settings, maxPhases: 6 } };
    const imported = plan([
      { name: 'New 1', issues: [card('A')] },
      { name: 'New 2', issues: [card('B')] },
      { name: 'New 3', issues: [card('C')] },
    ]);
    const preview = previewImport(start, imported);
    expect(preview.skipped).toEqual([
      { item: 'New 2', reason: 'MAX_PHASES' },
      { item: 'New 3', reason: 'MAX_PHASES' },
    ]);
    const result = applyImportPlan(start, imported, ctx(), { by: 'ann' });
    expect(result.phases).toHaveLength(6);
    expect(titlesOf(result, 'New 1')).toEqual(['A', 'B', 'C']);
    expectStrictAndValid(result);
  });

  it('sends them to the board last phase when no phase can be added at all', () => {
    const start = { ...kanban(), settings: { ...kanban().settings, maxPhases: 5 } };
    const result = applyImportPlan(
      start,
      plan([{ name: 'Elsewhere', issues: [card('A')] }]),
      ctx(),
      {
        by: 'ann',
      },
    );
    expect(titlesOf(result, 'Done')).toEqual(['A']);
  });

  it('respects maxIssues of an existing phase and reports the overflow', () => {
    const base = sampleBoard('kanban');
    const todo = phaseNamed(base, 'To Do');
    const start = {
      ...base,
      phases: base.phases.map((phase) => (phase.id === todo ? { ...phase, maxIssues: 3 } : phase)),
    };
    const imported = plan([{ name: 'To Do', issues: [card('N1'), card('N2'), card('N3')] }]);
    const preview = previewImport(start, imported);
    expect(preview.issueCount).toBe(1);
    expect(preview.skipped).toEqual([
      { item: 'N2', reason: 'PHASE_FULL', detail: 'To Do' },
      { item: 'N3', reason: 'PHASE_FULL', detail: 'To Do' },
    ]);
    const result = applyImportPlan(start, imported, ctx(), { by: 'ann' });
    expect(titlesOf(result, 'To Do')).toEqual(['A', 'B', 'N1']);
    expectStrictAndValid(result);
  });

  it('reports an issue without title and empties an estimation a board cannot keep', () => {
    const imported = plan([
      { name: 'Done', issues: [card('  '), card('E', { estimation: '1000' })] },
    ]);
    const preview = previewImport(kanban(), imported);
    expect(preview.skipped).toEqual([
      { item: '', reason: 'TITLE_MISSING' },
      { item: 'E', reason: 'ESTIMATION_TOO_LONG', detail: '1000' },
    ]);
    const result = applyImportPlan(kanban(), imported, ctx(), { by: 'ann' });
    expect(issueTitled(result, 'E').estimation).toBe('');
    expectStrictAndValid(result);
  });

  it('fills tag colours the board has none for, keeping its own', () => {
    const start: ExchangeContent = { ...kanban(), tagColors: { ui: '#000000' } };
    const result: ExchangeContent = applyImportPlan(
      start,
      plan([], { tagColors: { ui: '#ffffff', api: '#00ff00' } }),
      ctx(),
      { by: 'ann' },
    );
    expect(result.tagColors).toEqual({ ui: '#000000', api: '#00ff00' });
  });

  it('returns the board itself for an empty plan', () => {
    const start = kanban();
    expect(applyImportPlan(start, plan([]), ctx(), { by: 'ann' })).toBe(start);
  });

  it('previews which phases exist and which are new, with their counts', () => {
    const preview = previewImport(kanban(), parseTrelloBoard(board));
    expect(
      preview.targets.map((target) => [target.name, target.phaseId !== null, target.issues.length]),
    ).toEqual([
      ['To Do', true, 4],
      ['Doing', false, 3],
    ]);
    expect(preview).toMatchObject({ issueCount: 7, newPhaseCount: 1 });
  });

  it('imports the Trello and Jira fixtures into both tools strictly and validly', () => {
    for (const content of [kanban(), defaultContent('ticket', operationContext(stampOf(0)))]) {
      for (const imported of [parseTrelloBoard(board), parseJiraCsv(csv)]) {
        const result = applyImportPlan(content, imported, ctx(), { by: 'ann' });
        expectStrictAndValid(result);
        const count = result.phases.reduce((sum, phase) => sum + phase.issues.length, 0);
        expect(count).toBe(previewImport(content, imported).issueCount);
        const ids = result.phases.flatMap((phase) => phase.issues.map((issue) => issue.id));
        expect(new Set(ids).size).toBe(ids.length);
      }
    }
  });
});
