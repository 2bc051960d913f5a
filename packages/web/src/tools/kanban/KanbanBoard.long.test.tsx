/**
 * Rendering proportional to the change: which columns and cards a change
 * re-renders, long columns rendering only the cards in view, and keyboard drag and drop with
 * its announcements in such columns. Renders are counted through the messages each one asks
 * for: a card its drag handle's label (`kanban_move_card`), a column with cards its add-card
 * label (`kanban_add_card_to`).
 */
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import {
  addIssue,
  defaultContent,
  deleteIssue,
  moveIssue,
  updateIssue,
  type Issue,
  type KanbanContent,
  type TrackerContext,
} from '@cipherspace/tools/tracker';
import type * as Messages from '../../paraglide/messages.js';
import {
  LONG_LIST_ABOVE_ITEMS,
  LONG_LIST_FIRST_OVERSCAN_ITEMS,
  LONG_LIST_OVERSCAN_ITEMS,
} from '../tracker/LongList.tsx';
import { KanbanBoard, type KanbanBoardProps } from './KanbanBoard.tsx';
import { searchBoard } from './kanban-board.ts';

const renders = vi.hoisted(() => ({ cards: [] as string[], columns: [] as string[] }));

vi.mock('../../paraglide/messages.js', async (importOriginal) => {
  const original = await importOriginal<typeof Messages>();
  return {
    ...original,
    m: {
      ...original.m,
      kanban_move_card: (inputs: { title: string }) => {
        renders.cards.push(inputs.title);
        return original.m.kanban_move_card(inputs);
      },
      kanban_add_card_to: (inputs: { name: string }) => {
        renders.columns.push(inputs.name);
        return original.m.kanban_add_card_to(inputs);
      },
    },
  };
});
// Test files share a worker (isolate: false): the next file gets the real module.
afterAll(() => vi.doUnmock('../../paraglide/messages.js'));

function resetRenders() {
  renders.cards.length = 0;
  renders.columns.length = 0;
}

function context(): TrackerContext {
  let next = 0;
  return { now: () => '2025-03-05T10:00:00.000Z', newId: () => `new-${++next}` };
}

/** The default board with `counts[i]` cards in column i, titled '<column> <n>' (n from 1). */
function boardWith(counts: readonly number[]): KanbanContent {
  const base = defaultContent('kanban', context());
  return {
    ...base,
    phases: base.phases.map((phase, column) => ({
      ...phase,
      issues: Array.from({ length: counts[column] ?? 0 }, (_, index): Issue => ({
        id: `${phase.name}-${String(index + 1)}`,
        title: `${phase.name} ${String(index + 1)}`,
        description: 'Some words',
        type: 'Task',
        priority: 'Medium',
        estimation: '3',
        assignedPerson: 'bob',
        comments: [],
        createdAt: '2025-03-05T10:00:00.000Z',
        createdBy: 'alice',
        order: index,
        tags: [],
      })),
    })),
  };
}

const phaseId = (content: KanbanContent, name: string) =>
  content.phases.find((phase) => phase.name === name)?.id ?? '';

function props(content: KanbanContent): KanbanBoardProps {
  return {
    content,
    language: 'en',
    onMoveColumn: vi.fn(),
    onDeleteColumn: vi.fn(),
    onAddCard: vi.fn(),
    onEditCard: vi.fn(),
    onDeleteCard: vi.fn(),
    onMoveCard: vi.fn(),
    onDropRefused: vi.fn(),
  };
}

const column = (name: string) => screen.getByRole('region', { name });
const cardsIn = (name: string) => column(name).querySelectorAll('ul.kanban-cards > li');

/** Heights jsdom does not lay out: a long column's scroll box and each card in it. */
const SCROLL_BOX_PX = 800;
const CARD_PX = 170;

function stubHeights() {
  vi.spyOn(Element.prototype, 'clientHeight', 'get').mockImplementation(function (this: Element) {
    return this.classList.contains('kanban-cards-scroll') ? SCROLL_BOX_PX : 0;
  });
  vi.spyOn(Element.prototype, 'clientWidth', 'get').mockReturnValue(280);
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(function (
    this: HTMLElement,
  ) {
    return this.matches('li[data-index]') ? CARD_PX : 0;
  });
}

/** Scrolls a column's scroll box to `top` pixels, as the user would. */
function scrollColumn(name: string, top: number) {
  const box = column(name).querySelector<HTMLElement>('.kanban-cards-scroll');
  if (!box) throw new Error(`column ${name} has no scroll box`);
  act(() => {
    box.scrollTop = top;
    box.dispatchEvent(new Event('scroll'));
  });
}

beforeEach(() => {
  resetRenders();
  stubHeights();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('KanbanBoard re-renders what a change touched', () => {
  it.each([
    ['a small board', [8, 8, 8, 8, 8]],
    ['a board of 1,000 cards', [200, 200, 200, 200, 200]],
  ])('an edited card on %s re-renders that card and its column only', (_, counts) => {
    const content = boardWith(counts);
    const view = render(<KanbanBoard {...props(content)} />);
    expect(renders.cards.length).toBeGreaterThan(0);
    resetRenders();
    const changed = updateIssue(content, {
      issueId: 'To Do-2',
      changes: { title: 'Changed elsewhere' },
    });
    view.rerender(<KanbanBoard {...props(changed)} />);
    expect(renders.cards).toEqual(['Changed elsewhere']);
    expect(renders.columns).toEqual(['To Do']);
    expect(screen.getByRole('article', { name: 'Changed elsewhere' })).toBeInTheDocument();
  });

  it('an added, a deleted and a moved card re-render only their columns and the new card', () => {
    const content = boardWith([5, 5, 5, 5, 5]);
    const view = render(<KanbanBoard {...props(content)} />);
    resetRenders();
    const added = addIssue(
      content,
      { phaseId: phaseId(content, 'Testing'), issue: { title: 'Brand new' }, createdBy: 'bob' },
      context(),
    );
    view.rerender(<KanbanBoard {...props(added)} />);
    expect(renders.cards).toEqual(['Brand new']);
    expect(renders.columns).toEqual(['Testing']);

    resetRenders();
    const deleted = deleteIssue(added, { issueId: 'Backlog-3' });
    view.rerender(<KanbanBoard {...props(deleted)} />);
    // The cards after it move up one place (a new order); the others stay as they were.
    expect(renders.cards).toEqual(['Backlog 4', 'Backlog 5']);
    expect(renders.columns).toEqual(['Backlog']);

    resetRenders();
    const moved = moveIssue(deleted, { issueId: 'Done-5', toPhaseId: phaseId(content, 'To Do') });
    view.rerender(<KanbanBoard {...props(moved)} />);
    expect(renders.cards).toEqual(['Done 5']);
    expect(renders.columns.toSorted()).toEqual(['Done', 'To Do']);
  });

  it('new handlers, the same board and equal settings in a new object re-render nothing', () => {
    const content = boardWith([5, 5, 5, 5, 5]);
    const view = render(<KanbanBoard {...props(content)} />);
    resetRenders();
    view.rerender(<KanbanBoard {...props(content)} />);
    view.rerender(<KanbanBoard {...props({ ...content, settings: { ...content.settings } })} />);
    expect(renders.cards).toEqual([]);
    // A new settings object is a new board for the columns' controls, but their cards stay.
    view.rerender(<KanbanBoard {...props({ ...content, title: 'Renamed board' })} />);
    expect(renders.cards).toEqual([]);
    expect(renders.columns).toEqual([]);
  });
});

describe('KanbanBoard long columns render the cards in view', () => {
  it(`renders every card of a column up to ${String(LONG_LIST_ABOVE_ITEMS)} cards`, () => {
    render(<KanbanBoard {...props(boardWith([LONG_LIST_ABOVE_ITEMS, 3, 0, 0, 0]))} />);
    expect(cardsIn('Backlog')).toHaveLength(LONG_LIST_ABOVE_ITEMS);
    expect(column('Backlog').querySelector('.kanban-cards-scroll')).toBeNull();
    expect(cardsIn('To Do')).toHaveLength(3);
  });

  it('renders a window of a long column, says where each card is, and follows the scroll', () => {
    const content = boardWith([1000, 3, 0, 0, 0]);
    render(<KanbanBoard {...props(content)} />);
    const shown = cardsIn('Backlog');
    // A screenful (800 / 170 px) and a few more on either side; not 1,000.
    expect(shown.length).toBeGreaterThanOrEqual(5);
    expect(shown.length).toBeLessThanOrEqual(16);
    expect(shown[0]).toHaveAttribute('aria-setsize', '1000');
    expect(shown[0]).toHaveAttribute('aria-posinset', '1');
    expect(within(column('Backlog')).getByText('Number of cards: 1000')).toBeInTheDocument();
    // The count, the add-card button and the short column are unchanged.
    expect(within(column('Backlog')).getByRole('button', { name: 'Add card to Backlog' }));
    expect(cardsIn('To Do')).toHaveLength(3);

    scrollColumn('Backlog', 500 * CARD_PX);
    const titles = [...cardsIn('Backlog')].map(
      (item) => item.querySelector('h3')?.textContent ?? '',
    );
    expect(titles).toContain('Backlog 501');
    expect(titles).not.toContain('Backlog 1');
    expect(titles.length).toBeLessThanOrEqual(16);
  });

  it('renders one card beyond the scroll box at first, the full overscan once idle', async () => {
    render(<KanbanBoard {...props(boardWith([1000, 0, 0, 0, 0]))} />);
    // A screenful (800 / 170 px: cards 1–5) and one more: the first paint shows no fewer.
    const inView = Math.ceil(SCROLL_BOX_PX / CARD_PX);
    expect(cardsIn('Backlog')).toHaveLength(inView + LONG_LIST_FIRST_OVERSCAN_ITEMS);
    await waitFor(() => expect(cardsIn('Backlog')).toHaveLength(inView + LONG_LIST_OVERSCAN_ITEMS));
  });

  it('renders one card beyond the scroll box when a search swaps the cards, the full overscan once idle', async () => {
    const content = boardWith([1000, 0, 0, 0, 0]);
    const { rerender } = render(<KanbanBoard {...props(content)} />);
    const inView = Math.ceil(SCROLL_BOX_PX / CARD_PX);
    await waitFor(() => expect(cardsIn('Backlog')).toHaveLength(inView + LONG_LIST_OVERSCAN_ITEMS));

    // "Backlog 1" matches 1, 10–19, 100–199 and 1000: every card shown is replaced.
    const search = searchBoard(content, { textSearch: 'Backlog 1' });
    rerender(<KanbanBoard {...props(content)} search={search} />);
    const titles = () =>
      [...cardsIn('Backlog')].map((item) => item.querySelector('h3')?.textContent ?? '');
    const firstMatches = [1, 10, 11, 12, 13, 14, 15, 16].map((n) => `Backlog ${String(n)}`);
    expect(titles()).toEqual(firstMatches.slice(0, inView + LONG_LIST_FIRST_OVERSCAN_ITEMS));
    await waitFor(() => expect(cardsIn('Backlog')).toHaveLength(inView + LONG_LIST_OVERSCAN_ITEMS));
  });

  it('keeps a long column windowed when a search narrows it below the window threshold', () => {
    const content = boardWith([1000, 0, 0, 0, 0]);
    const { rerender } = render(<KanbanBoard {...props(content)} />);
    // "Backlog 12" matches 12 and 120–129: 11 cards, fewer than the plain list's limit.
    const search = searchBoard(content, { textSearch: 'Backlog 12' });
    rerender(<KanbanBoard {...props(content)} search={search} />);
    expect(column('Backlog').querySelector('.kanban-cards-scroll')).not.toBeNull();
    const inView = Math.ceil(SCROLL_BOX_PX / CARD_PX);
    expect(cardsIn('Backlog')).toHaveLength(inView + LONG_LIST_FIRST_OVERSCAN_ITEMS);
    expect(cardsIn('Backlog')[0]).toHaveAttribute('aria-setsize', '11');
  });

  it('keeps the focused card rendered when it is scrolled out of view', () => {
    render(<KanbanBoard {...props(boardWith([300, 0, 0, 0, 0]))} />);
    const handle = screen.getByRole('button', { name: 'Move card Backlog 2' });
    act(() => handle.focus());
    scrollColumn('Backlog', 200 * CARD_PX);
    expect(handle).toBeInTheDocument();
    expect(handle).toHaveFocus();
    expect(within(column('Backlog')).getByRole('article', { name: 'Backlog 201' }));
  });
});

describe('KanbanBoard keyboard drag and drop in long columns (spec §4)', () => {
  /** Column slots 300 px apart and cards inside them, as in KanbanBoard.test.tsx. */
  function layOut() {
    vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (
      this: Element,
    ) {
      const overlay = this.closest<HTMLElement>('[style*="position: fixed"]');
      if (overlay) {
        const { left, top, width, height } = overlay.style;
        return DOMRect.fromRect({
          x: parseFloat(left),
          y: parseFloat(top),
          width: parseFloat(width),
          height: parseFloat(height),
        });
      }
      const section = this.closest('section[data-phase-id]');
      const sections = [...document.querySelectorAll('section[data-phase-id]')];
      const index = section ? sections.indexOf(section) : 0;
      const isColumn = this === section;
      const left = 20 + index * 300 + (isColumn ? 0 : 10);
      const top = isColumn ? 100 : 160;
      return DOMRect.fromRect({
        x: left,
        y: top,
        width: isColumn ? 280 : 260,
        height: isColumn ? 900 : 90,
      });
    });
  }

  it('moves a card from one long column to another with the keyboard and announces it', async () => {
    layOut();
    const content = boardWith([400, 400, 0, 0, 0]);
    const onMoveCard = vi.fn();
    render(<KanbanBoard {...props(content)} onMoveCard={onMoveCard} />);
    const user = userEvent.setup();
    screen.getByRole('button', { name: 'Move card Backlog 3' }).focus();
    await user.keyboard(' ');
    expect(
      await screen.findByText('Picked up card "Backlog 3" in column "Backlog".'),
    ).toBeInTheDocument();
    // The dragged card stays rendered while its column scrolls away from it.
    scrollColumn('Backlog', 300 * CARD_PX);
    expect(within(column('Backlog')).getByRole('article', { name: 'Backlog 3' }));
    await user.keyboard('{ArrowRight}');
    expect(await screen.findByText('Card "Backlog 3" is over column "To Do".')).toBeInTheDocument();
    await user.keyboard(' ');
    expect(onMoveCard).toHaveBeenCalledWith({
      type: 'moveIssue',
      issueId: 'Backlog-3',
      toPhaseId: phaseId(content, 'To Do'),
    });
    expect(
      await screen.findByText('Card "Backlog 3" was dropped in column "To Do".'),
    ).toBeInTheDocument();
  });

  it('gives the focus back to a card moved to the end of a long column', async () => {
    layOut();
    function Harness() {
      const [content, setContent] = useState(() => boardWith([400, 400, 0, 0, 0]));
      return (
        <KanbanBoard
          {...props(content)}
          // Like the page: the moved board arrives after the drop has finished.
          onMoveCard={(operation) =>
            window.setTimeout(() => setContent((current) => moveIssue(current, operation)), 50)
          }
        />
      );
    }
    const user = userEvent.setup();
    render(<Harness />);
    screen.getByRole('button', { name: 'Move card Backlog 1' }).focus();
    await user.keyboard(' ');
    await user.keyboard('{ArrowRight}');
    await user.keyboard(' ');
    // Appended as card 401 of To Do, far outside the cards in view, and rendered for the focus.
    const moved = await within(column('To Do')).findByRole('article', { name: 'Backlog 1' });
    await waitFor(() =>
      expect(within(moved).getByRole('button', { name: 'Move card Backlog 1' })).toHaveFocus(),
    );
    expect(moved.closest('li')).toHaveAttribute('aria-posinset', '401');
    expect(cardsIn('To Do').length).toBeLessThan(20);
  });
});
