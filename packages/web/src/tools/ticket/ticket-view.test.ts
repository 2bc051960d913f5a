import { describe, expect, it } from 'vitest';

import {
  addComment,
  addIssue,
  defaultContent,
  filterIssues,
  type Comment,
  type TicketContent,
  type TrackerContext,
} from '@cipherspace/tools/tracker';
import { assigneesOf } from '../tracker/tracker-filter.ts';
import { formatDateTime } from '../../lib/date-format.ts';
import { commentsNewestFirst, TYPE_LETTERS } from '../tracker/issue-view.ts';
import { groupByPhase, knownPeople } from './ticket-view.ts';

function context(): TrackerContext & { time: string } {
  let id = 0;
  const ctx = {
    time: '2024-03-05T14:07:00.000Z',
    newId: () => `id-${++id}`,
    now: () => ctx.time,
  };
  return ctx;
}

function backlog(): TicketContent {
  const ctx = context();
  let content = defaultContent('ticket', ctx);
  const phaseId = (name: string) => content.phases.find((phase) => phase.name === name)?.id ?? '';
  content = addIssue(
    content,
    {
      phaseId: phaseId('Backlog'),
      issue: { title: 'Login page', assignedPerson: 'Ann', type: 'User Story' },
      createdBy: 'carl',
    },
    ctx,
  );
  content = addIssue(
    content,
    {
      phaseId: phaseId('Done'),
      issue: { title: 'Crash', assignedPerson: 'bob' },
      createdBy: 'ann',
    },
    ctx,
  );
  content = addIssue(
    content,
    { phaseId: phaseId('Backlog'), issue: { title: 'Docs' }, createdBy: 'dora' },
    ctx,
  );
  return { ...content, teamMembers: ['Eve', 'bob'] };
}

const comment = (id: string, createdAt: string): Comment => ({
  id,
  content: id,
  createdAt,
  createdBy: 'ann',
});

describe('ticket view helpers (spec §2 /tools/ticket)', () => {
  it('maps each issue type to its letter badge: Task T, Bug B, User Story U, Epic E', () => {
    expect(TYPE_LETTERS).toEqual({ Task: 'T', Bug: 'B', 'User Story': 'U', Epic: 'E' });
  });

  it('orders comments newest first, later-added first on equal times, without mutating', () => {
    const comments = [
      comment('old', '2024-01-01T10:00:00.000Z'),
      comment('newest', '2024-03-01T10:00:00.000Z'),
      comment('middle-a', '2024-02-01T10:00:00.000Z'),
      comment('middle-b', '2024-02-01T10:00:00.000Z'),
      comment('broken', 'not a date'),
    ];
    expect(commentsNewestFirst(comments).map((entry) => entry.id)).toEqual([
      'newest',
      'middle-b',
      'middle-a',
      'old',
      'broken',
    ]);
    expect(comments[0]?.id).toBe('old');
  });

  it('formats timestamps with date and time in the interface language', () => {
    const iso = '2024-03-05T14:07:00.000Z';
    const date = new Date(iso);
    expect(formatDateTime(iso, 'en')).toBe(
      new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(date),
    );
    expect(formatDateTime(iso, 'de')).toBe(
      new Intl.DateTimeFormat('de', { dateStyle: 'medium', timeStyle: 'short' }).format(date),
    );
    expect(formatDateTime('yesterday', 'en')).toBe('yesterday');
  });

  it('groups filtered issues by phase id in board order', () => {
    const content = backlog();
    const groups = groupByPhase(filterIssues(content, {}));
    const [backlogPhase, , , , done] = content.phases;
    expect(groups.get(backlogPhase?.id ?? '')?.map((issue) => issue.title)).toEqual([
      'Login page',
      'Docs',
    ]);
    expect(groups.get(done?.id ?? '')?.map((issue) => issue.title)).toEqual(['Crash']);
    expect(groups.size).toBe(2);
    expect(groupByPhase(filterIssues(content, { textSearch: 'nothing' })).size).toBe(0);
  });

  it('offers assignees and known people once each, sorted', () => {
    const content = backlog();
    expect(assigneesOf(content)).toEqual(['Ann', 'bob']);
    // 'ann' (creator) and 'Ann' (assignee) are the same person; the first spelling wins.
    expect(knownPeople(content, 'zoe')).toEqual(['Ann', 'bob', 'carl', 'dora', 'Eve', 'zoe']);
    expect(knownPeople(content, null)).not.toContain('zoe');
  });

  it('keeps comments from the domain in insertion order, which the helper reverses', () => {
    const ctx = context();
    let content = backlog();
    const issueId = content.phases[0]?.issues[0]?.id ?? '';
    content = addComment(content, { issueId, content: 'first', createdBy: 'ann' }, ctx);
    ctx.time = '2024-03-05T15:00:00.000Z';
    content = addComment(content, { issueId, content: 'second', createdBy: 'bob' }, ctx);
    const comments = content.phases[0]?.issues[0]?.comments ?? [];
    expect(commentsNewestFirst(comments).map((entry) => entry.content)).toEqual([
      'second',
      'first',
    ]);
  });
});
