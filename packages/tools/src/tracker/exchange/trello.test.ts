/** Trello's board export as an import plan (./trello.ts), against a hand-made export. */
import { describe, expect, it } from 'vitest';

import board from './fixtures/trello-board.json' with { type: 'json' };
import { parseTrelloBoard, trelloColor } from './trello.ts';
import { ImportFormatError, type ImportedIssue, type ImportPlan } from './types.ts';

function issue(plan: ImportPlan, title: string): ImportedIssue {
  const found = plan.phases.flatMap((phase) => phase.issues).find((item) => item.title === title);
  if (!found) throw new Error(`no issue ${title}`);
  return found;
}

describe('parseTrelloBoard', () => {
  const plan = parseTrelloBoard(board);

  it('makes open lists phases in pos order and skips closed lists with their cards', () => {
    expect(plan.phases.map((phase) => phase.name)).toEqual(['To Do', 'Doing']);
    expect(plan.skipped).toContainEqual({ item: 'Old ideas', reason: 'LIST_CLOSED' });
    expect(plan.phases.flatMap((phase) => phase.issues).map((item) => item.title)).not.toContain(
      'Chatbot idea',
    );
  });

  it('makes cards issues in pos order; closed cards archived', () => {
    expect(plan.phases[0]?.issues.map((item) => item.title)).toEqual([
      'Design new landing page',
      'Set up CI pipeline',
      'Write privacy page',
      'Old banner copy',
    ]);
    expect(issue(plan, 'Old banner copy').archived).toBe(true);
    expect(issue(plan, 'Set up CI pipeline').archived).toBeUndefined();
  });

  it('keeps the description, type Task, no priority or estimate', () => {
    expect(issue(plan, 'Design new landing page')).toMatchObject({
      description: 'Hero, pricing and footer.\nMobile first.',
      type: 'Task',
      priority: 'none',
      estimation: '',
    });
  });

  it('makes labels tags (name, or colour when unnamed) with their hex colours', () => {
    expect(issue(plan, 'Design new landing page').tags).toEqual(['Frontend', 'Urgent']);
    expect(issue(plan, 'Write privacy page').tags).toEqual(['purple']);
    // Keyed as the board's tagColors: trimmed and lower-cased.
    expect(plan.tagColors).toEqual({
      frontend: '#61bd4f',
      urgent: '#eb5a46',
      backend: '#0079bf',
      purple: '#c377e0',
    });
  });

  it('reports a label with neither name nor colour and leaves it out', () => {
    expect(plan.skipped).toContainEqual({
      item: '65f1a2b3c4d5e6f708190005',
      reason: 'LABEL_EMPTY',
    });
    expect(issue(plan, 'Fix header overlap on mobile').tags).toEqual(['Frontend']);
  });

  it('assigns the first member and reports the others', () => {
    expect(issue(plan, 'Set up CI pipeline').assignedPerson).toBe('Alice Adams');
    expect(plan.skipped).toContainEqual({
      item: 'Set up CI pipeline',
      reason: 'EXTRA_MEMBERS',
      detail: 'Bob Brown',
    });
    expect(issue(plan, 'Write privacy page').assignedPerson).toBe('');
    expect(plan.teamMembers).toEqual(['Alice Adams', 'Bob Brown']);
  });

  it('makes checklist items in pos order with their state', () => {
    expect(issue(plan, 'Design new landing page').checklist).toEqual([
      { text: 'Hero section', done: true },
      { text: 'Pricing table', done: false },
      { text: 'Footer links', done: false },
    ]);
    expect(issue(plan, 'Set up CI pipeline').checklist).toBeUndefined();
  });

  it('makes comment actions comments, oldest first, with author and date', () => {
    expect(issue(plan, 'Design new landing page').comments).toEqual([
      {
        content: 'First sketch is in Figma.',
        createdAt: '2024-03-12T09:15:00.000Z',
        createdBy: 'Alice Adams',
      },
      {
        content: 'Can we reuse the old colours?',
        createdAt: '2024-03-13T16:20:00.000Z',
        createdBy: 'Bob Brown',
      },
    ]);
  });

  it('takes the due date part, the creation time from the id and the creator from createCard', () => {
    expect(issue(plan, 'Design new landing page').dueDate).toBe('2024-04-15');
    expect(issue(plan, 'Set up CI pipeline').dueDate).toBeUndefined();
    expect(issue(plan, 'Implement login API')).toMatchObject({
      dueDate: '2024-03-30',
      createdBy: 'Bob Brown',
      createdAt: new Date(0x65f1a2b3 * 1000).toISOString(),
    });
  });

  it('reports an unreadable due date, a card without title and one of an unknown list', () => {
    const plan2 = parseTrelloBoard({
      lists: [{ id: 'l1', name: 'A', closed: false, pos: 1 }],
      cards: [
        { id: 'c1', name: 'Dated', idList: 'l1', due: 'soon', pos: 1 },
        { id: 'c2', name: '  ', idList: 'l1', pos: 2 },
        { id: 'c3', name: 'Lost', idList: 'l9', pos: 3 },
      ],
    });
    expect(plan2.skipped).toEqual([
      { item: 'Dated', reason: 'INVALID_DATE', detail: 'soon' },
      { item: 'c2', reason: 'TITLE_MISSING' },
      { item: 'Lost', reason: 'LIST_MISSING' },
    ]);
    expect(plan2.phases[0]?.issues.map((item) => item.title)).toEqual(['Dated']);
  });

  it.each([null, [], 'text', { lists: [] }, { cards: [] }, { phases: [] }])(
    'refuses %j as not a Trello board',
    (value) => {
      expect(() => parseTrelloBoard(value)).toThrow(ImportFormatError);
      expect(() => parseTrelloBoard(value)).toThrow(
        expect.objectContaining({ code: 'NOT_TRELLO_BOARD' }),
      );
    },
  );
});

describe('trelloColor', () => {
  it('maps colour names and their dark/light variants; unknown gives null', () => {
    expect(trelloColor('sky')).toBe('#00c2e0');
    expect(trelloColor('green_dark')).toBe('#61bd4f');
    expect(trelloColor('Black_light')).toBe('#344563');
    expect(trelloColor('gold')).toBeNull();
  });
});
