import { describe, expect, it } from 'vitest';

import {
  addIssue,
  addPhase,
  defaultContent,
  deletePhase,
  updateIssue,
  updatePhase,
  type KanbanContent,
  type TrackerContext,
} from '@cipherspace/tools/tracker';
import {
  boardColumns,
  columnStep,
  formatCardDate,
  cardSlotId,
  planCardDrop,
  searchBoard,
} from './kanban-board.ts';
import { keyboardStep } from '../tracker/keyboard-step.ts';

function context(): TrackerContext {
  let next = 0;
  return { now: () => '2025-03-05T10:00:00.000Z', newId: () => `id-${++next}` };
}

/** The default board (Backlog, To Do, In Progress, Testing, Done) with two cards in Backlog. */
function board(): { content: KanbanContent; ctx: TrackerContext } {
  const ctx = context();
  let content = defaultContent('kanban', ctx);
  const backlog = content.phases[0]?.id ?? '';
  content = addIssue(
    content,
    { phaseId: backlog, issue: { title: 'First' }, createdBy: 'alice' },
    ctx,
  );
  content = addIssue(
    content,
    { phaseId: backlog, issue: { title: 'Second' }, createdBy: 'bob' },
    ctx,
  );
  return { content, ctx };
}

const phaseId = (content: KanbanContent, name: string) =>
  content.phases.find((phase) => phase.name === name)?.id ?? '';
const cardId = (content: KanbanContent, title: string) =>
  content.phases.flatMap((phase) => phase.issues).find((issue) => issue.title === title)?.id ?? '';

describe('searchBoard and filtered columns (spec §3 Issue filter)', () => {
  it('finds the matching cards of each column in board order and counts them', () => {
    const { content, ctx } = board();
    const withDone = addIssue(
      content,
      { phaseId: phaseId(content, 'Done'), issue: { title: 'Second wave' }, createdBy: 'carl' },
      ctx,
    );
    const search = searchBoard(withDone, { textSearch: 'SECOND' });
    expect(search.shown).toBe(2);
    expect(search.total).toBe(3);
    expect(search.cards.get(phaseId(withDone, 'To Do'))).toEqual([]);
    const columns = boardColumns(withDone, [], search);
    expect(columns.map((column) => column.cards.map((card) => card.title))).toEqual([
      ['Second'],
      [],
      [],
      [],
      ['Second wave'],
    ]);
    expect(columns.every((column) => column.search === search)).toBe(true);
  });

  it('counts the archived cards a search finds besides, none when it includes them', () => {
    const { content, ctx } = board();
    const first = content.phases[0]?.issues[0]?.id ?? '';
    const archived = updateIssue(content, { issueId: first, changes: { archived: true } }, ctx);
    const search = searchBoard(archived, { textSearch: 'first' });
    expect(search.shown).toBe(0);
    expect(search.archivedMatches).toBe(1);
    expect(searchBoard(archived, { textSearch: 'second' }).archivedMatches).toBe(0);
    const including = searchBoard(archived, { textSearch: 'first', includeArchived: true });
    expect(including.shown).toBe(1);
    expect(including.archivedMatches).toBe(0);
  });

  it('keeps the columns of an unchanged board and search, and rebuilds them for a new search', () => {
    const { content } = board();
    const search = searchBoard(content, { textSearch: 'first' });
    const first = boardColumns(content, [], search);
    expect(boardColumns(content, first, search)).toEqual(first);
    expect(boardColumns(content, first, search)[0]).toBe(first[0]);
    const cleared = boardColumns(content, first, null);
    expect(cleared[0]).not.toBe(first[0]);
    expect(cleared[0]?.cards.map((card) => card.title)).toEqual(['First', 'Second']);
    expect(cleared[0]?.search).toBeNull();
  });

  it('keeps the cards list of a column whose cards a new search leaves as they were', () => {
    const { content } = board();
    const all = boardColumns(content);
    // Every card holds an "s" (Fir-s-t, Second): the Backlog shows the same cards.
    const typed = boardColumns(content, all, searchBoard(content, { textSearch: 's' }));
    expect(typed[0]).not.toBe(all[0]);
    expect(typed[0]?.cards).toBe(all[0]?.cards);
    // "se" leaves out First: a new list.
    const narrowed = boardColumns(content, typed, searchBoard(content, { textSearch: 'se' }));
    expect(narrowed[0]?.cards.map((card) => card.title)).toEqual(['Second']);
    expect(boardColumns(content, narrowed, null)[0]?.cards).not.toBe(narrowed[0]?.cards);
  });
});

describe('boardColumns (spec §2 column controls)', () => {
  it('lists the columns by order with their cards sorted', () => {
    const { content } = board();
    const shuffled = { ...content, phases: content.phases.toReversed() };
    const columns = boardColumns(shuffled);
    expect(columns.map((column) => column.phase.name)).toEqual([
      'Backlog',
      'To Do',
      'In Progress',
      'Testing',
      'Done',
    ]);
    expect(columns[0]?.cards.map((card) => card.title)).toEqual(['First', 'Second']);
  });

  it('shows the left arrow except on the first column and the right arrow except on the last', () => {
    const columns = boardColumns(board().content);
    expect(columns.map((column) => [column.canMoveLeft, column.canMoveRight])).toEqual([
      [false, true],
      [true, true],
      [true, true],
      [true, true],
      [true, false],
    ]);
  });

  it('shows no arrows when the settings forbid reordering', () => {
    const { content } = board();
    const fixed = { ...content, settings: { ...content.settings, allowPhaseReorder: false } };
    expect(boardColumns(fixed).some((column) => column.canMoveLeft || column.canMoveRight)).toBe(
      false,
    );
  });

  it('shows delete while the board is above the minimum of 2 columns, not at it', () => {
    let { content } = board();
    expect(boardColumns(content).every((column) => column.canDelete)).toBe(true);
    for (const name of ['Testing', 'In Progress']) {
      content = deletePhase(content, { phaseId: phaseId(content, name) });
    }
    expect(content.phases).toHaveLength(3);
    expect(boardColumns(content).every((column) => column.canDelete)).toBe(true);
    content = deletePhase(content, { phaseId: phaseId(content, 'Done') });
    expect(boardColumns(content).some((column) => column.canDelete)).toBe(false);
  });

  it('shows no delete when the settings forbid deleting columns', () => {
    const { content } = board();
    const locked = { ...content, settings: { ...content.settings, allowPhaseDelete: false } };
    expect(boardColumns(locked).some((column) => column.canDelete)).toBe(false);
  });

  it('marks a column at its maxIssues as full', () => {
    const { content } = board();
    const limited = updatePhase(content, {
      phaseId: phaseId(content, 'Backlog'),
      changes: { maxIssues: 2 },
    });
    expect(boardColumns(limited).map((column) => column.full)).toEqual([
      true,
      false,
      false,
      false,
      false,
    ]);
  });

  it('returns the previous column objects for the phases a change did not touch', () => {
    const { content, ctx } = board();
    const before = boardColumns(content);
    const added = addIssue(
      content,
      { phaseId: phaseId(content, 'Testing'), issue: { title: 'Third' }, createdBy: 'bob' },
      ctx,
    );
    const after = boardColumns(added, before);
    expect(after.map((column, index) => column === before[index])).toEqual([
      true,
      true,
      true,
      false,
      true,
    ]);
    expect(after[3]?.cards.map((card) => card.title)).toEqual(['Third']);
    // A column that can no longer be deleted is a new object although its phase is the same.
    let fewer = deletePhase(added, { phaseId: phaseId(added, 'Done') });
    fewer = deletePhase(fewer, { phaseId: phaseId(fewer, 'In Progress') });
    const three = boardColumns(fewer, after);
    const last = deletePhase(fewer, { phaseId: phaseId(fewer, 'Testing') });
    const two = boardColumns(last, three);
    expect(two.every((column) => !column.canDelete)).toBe(true);
    expect(two[0]).not.toBe(three[0]);
  });
});

describe('planCardDrop (spec §4 Issue/card moves)', () => {
  it('appends the card to another column: moveIssue without toIndex', () => {
    const { content } = board();
    const issueId = cardId(content, 'First');
    const toPhaseId = phaseId(content, 'Done');
    expect(planCardDrop(content, issueId, toPhaseId)).toEqual({
      kind: 'move',
      operation: { type: 'moveIssue', issueId, toPhaseId },
    });
  });

  it('does nothing for a drop on the same column or outside every column', () => {
    const { content } = board();
    const issueId = cardId(content, 'First');
    expect(planCardDrop(content, issueId, phaseId(content, 'Backlog'))).toEqual({ kind: 'none' });
    expect(planCardDrop(content, issueId, null)).toEqual({ kind: 'none' });
  });

  it('does nothing when the card or the column is gone (deleted by someone else)', () => {
    const { content } = board();
    expect(planCardDrop(content, 'missing', phaseId(content, 'Done'))).toEqual({ kind: 'none' });
    expect(planCardDrop(content, cardId(content, 'First'), 'missing')).toEqual({ kind: 'none' });
  });

  it('refuses a drop on a full column', () => {
    const { content, ctx } = board();
    let full = updatePhase(content, {
      phaseId: phaseId(content, 'Done'),
      changes: { maxIssues: 1 },
    });
    full = addIssue(
      full,
      { phaseId: phaseId(full, 'Done'), issue: { title: 'Shipped' }, createdBy: 'alice' },
      ctx,
    );
    expect(planCardDrop(full, cardId(full, 'First'), phaseId(full, 'Done'))).toEqual({
      kind: 'full',
    });
  });

  it('puts a card dropped on another card in its place, in its column or another', () => {
    const { content, ctx } = board();
    const first = cardId(content, 'First');
    const second = cardId(content, 'Second');
    const backlog = phaseId(content, 'Backlog');
    expect(planCardDrop(content, first, cardSlotId(second))).toEqual({
      kind: 'move',
      operation: { type: 'moveIssue', issueId: first, toPhaseId: backlog, toIndex: 1 },
    });
    const todo = phaseId(content, 'To Do');
    const more = addIssue(
      content,
      { phaseId: todo, issue: { title: 'Third' }, createdBy: 'a' },
      ctx,
    );
    const third = cardId(more, 'Third');
    expect(planCardDrop(more, third, cardSlotId(first))).toEqual({
      kind: 'move',
      operation: { type: 'moveIssue', issueId: third, toPhaseId: backlog, toIndex: 0 },
    });
    expect(planCardDrop(content, first, cardSlotId(first))).toEqual({ kind: 'none' });
  });

  it('steps a card with Alt+arrow: down in its column, not above the top', () => {
    const { content } = board();
    const first = cardId(content, 'First');
    const texts = {
      cannotMove: ({ title }: { title: string }) => `${title} stays`,
      movedTo: (at: { title: string; position: string; count: string; phase: string }) =>
        `${at.title}: ${at.position} of ${at.count} in ${at.phase}`,
    };
    expect(keyboardStep(content, first, 'down', texts)).toEqual({
      move: { issueId: first, toPhaseId: phaseId(content, 'Backlog'), toIndex: 1 },
      full: false,
      news: 'First: 2 of 2 in Backlog',
    });
    expect(keyboardStep(content, first, 'up', texts)).toEqual({
      move: null,
      full: false,
      news: 'First stays',
    });
    expect(keyboardStep(content, first, 'right', texts)).toEqual({
      move: { issueId: first, toPhaseId: phaseId(content, 'To Do'), toIndex: 0 },
      full: false,
      news: 'First: 1 of 1 in To Do',
    });
  });

  it('accepts a drop on a newly added column', () => {
    const { content, ctx } = board();
    const more = addPhase(content, { name: 'Review' }, ctx);
    expect(planCardDrop(more, cardId(more, 'Second'), phaseId(more, 'Review')).kind).toBe('move');
  });
});

describe('columnStep (keyboard moves between columns)', () => {
  const columns = [
    { left: 320, top: 100, width: 280, height: 600 },
    { left: 20, top: 100, width: 280, height: 600 },
    { left: 620, top: 100, width: 280, height: 600 },
  ];
  const card = { left: 30, top: 180, width: 260, height: 90 };

  it('centres the card in the next column to the right, at the same height', () => {
    expect(columnStep(columns, card, 'right')).toEqual({ x: 330, y: 180 });
    expect(columnStep(columns, { ...card, left: 330 }, 'right')).toEqual({ x: 630, y: 180 });
  });

  it('moves left to the nearest column on the left', () => {
    expect(columnStep(columns, { ...card, left: 630 }, 'left')).toEqual({ x: 330, y: 180 });
  });

  it('stays put at either end', () => {
    expect(columnStep(columns, card, 'left')).toBeNull();
    expect(columnStep(columns, { ...card, left: 630 }, 'right')).toBeNull();
    expect(columnStep([], card, 'right')).toBeNull();
  });
});

describe('formatCardDate', () => {
  it('formats in the interface language', () => {
    expect(formatCardDate('2025-03-05T10:00:00.000Z', 'en')).toBe('Mar 5, 2025');
    expect(formatCardDate('2025-03-05T10:00:00.000Z', 'de')).toBe('05.03.2025');
  });

  it('keeps each language when the language switches back and forth', () => {
    expect(formatCardDate('2025-12-24T10:00:00.000Z', 'en')).toBe('Dec 24, 2025');
    expect(formatCardDate('2025-12-24T10:00:00.000Z', 'de')).toBe('24.12.2025');
    expect(formatCardDate('2025-01-02T10:00:00.000Z', 'en')).toBe('Jan 2, 2025');
  });

  it('shows an unreadable date as it is', () => {
    expect(formatCardDate('yesterday', 'en')).toBe('yesterday');
  });
});
