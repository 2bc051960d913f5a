import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import {
  addComment,
  addIssue,
  defaultContent,
  deletePhase,
  moveIssue,
  updateIssue,
  type KanbanContent,
  type TrackerContext,
} from '@cipherspace/tools/tracker';
import { KanbanBoard, type KanbanBoardProps } from './KanbanBoard.tsx';

function context(): TrackerContext {
  let next = 0;
  return { now: () => '2025-03-05T10:00:00.000Z', newId: () => `id-${++next}` };
}

const phaseId = (content: KanbanContent, name: string) =>
  content.phases.find((phase) => phase.name === name)?.id ?? '';

/** The default board with one fully filled card in Backlog and one plain card in To Do. */
function board(): KanbanContent {
  const ctx = context();
  let content = defaultContent('kanban', ctx);
  content = addIssue(
    content,
    {
      phaseId: phaseId(content, 'Backlog'),
      issue: {
        title: 'Login page',
        description: 'Build the form',
        type: 'Bug',
        priority: 'High',
        estimation: 'M',
        assignedPerson: 'bob',
      },
      createdBy: 'alice',
    },
    ctx,
  );
  content = addIssue(
    content,
    { phaseId: phaseId(content, 'To Do'), issue: { title: 'Plain' }, createdBy: 'bob' },
    ctx,
  );
  const first = content.phases[0]?.issues[0]?.id ?? '';
  content = addComment(content, { issueId: first, content: 'Looks good', createdBy: 'bob' }, ctx);
  content = addComment(content, { issueId: first, content: 'Agreed', createdBy: 'alice' }, ctx);
  return content;
}

function setup(content: KanbanContent, overrides: Partial<KanbanBoardProps> = {}) {
  const props: KanbanBoardProps = {
    content,
    language: 'en',
    onMoveColumn: vi.fn(),
    onDeleteColumn: vi.fn(),
    onAddCard: vi.fn(),
    onEditCard: vi.fn(),
    onDeleteCard: vi.fn(),
    onMoveCard: vi.fn(),
    onDropRefused: vi.fn(),
    ...overrides,
  };
  const user = userEvent.setup();
  const { rerender } = render(<KanbanBoard {...props} />);
  return { user, props, rerender };
}

const column = (name: string) => screen.getByRole('region', { name });

describe('KanbanBoard columns (spec §2 /tools/kanban)', () => {
  it('shows the columns left to right with name and card count', () => {
    setup(board());
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual(['Backlog', 'To Do', 'In Progress', 'Testing', 'Done']);
    expect(within(column('Backlog')).getByText('Number of cards: 1')).toBeInTheDocument();
    expect(within(column('Done')).getByText('Number of cards: 0')).toBeInTheDocument();
  });

  it('shows move arrows only where a move is possible and reports the direction', async () => {
    const { user, props } = setup(board());
    expect(screen.queryByRole('button', { name: 'Move column Backlog left' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Move column Done right' })).toBeNull();
    expect(screen.getAllByRole('button', { name: /^Move column .* left$/ })).toHaveLength(4);
    expect(screen.getAllByRole('button', { name: /^Move column .* right$/ })).toHaveLength(4);
    await user.click(screen.getByRole('button', { name: 'Move column To Do right' }));
    expect(props.onMoveColumn).toHaveBeenCalledWith(phaseId(props.content, 'To Do'), 'right');
  });

  it('shows delete on every column above the minimum and none at it', async () => {
    const content = board();
    const { user, props } = setup(content);
    expect(screen.getAllByRole('button', { name: /^Delete column / })).toHaveLength(5);
    await user.click(screen.getByRole('button', { name: 'Delete column Testing' }));
    expect(props.onDeleteColumn).toHaveBeenCalledWith(phaseId(content, 'Testing'));
  });

  it('hides delete when only the minimum of 2 columns is left', () => {
    let content = board();
    for (const name of ['In Progress', 'Testing', 'Done'])
      content = deletePhase(content, { phaseId: phaseId(content, name) });
    setup(content);
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(2);
    expect(screen.queryByRole('button', { name: /^Delete column / })).toBeNull();
  });

  it('gives an empty column a hint and an add-first-card button', async () => {
    const content = board();
    const { user, props } = setup(content);
    const done = column('Done');
    expect(
      within(done).getByText('No cards yet. Drag a card here or add the first one.'),
    ).toBeInTheDocument();
    await user.click(within(done).getByRole('button', { name: 'Add first card to Done' }));
    expect(props.onAddCard).toHaveBeenCalledWith(phaseId(content, 'Done'));
    expect(within(column('Backlog')).queryByText(/No cards yet/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Add card to Backlog' }));
    expect(props.onAddCard).toHaveBeenLastCalledWith(phaseId(content, 'Backlog'));
  });
});

describe('KanbanBoard cards (spec §2 card fields)', () => {
  it('shows title, type, estimation, description, priority, assignee, creator, date, comments', () => {
    setup(board());
    const card = screen.getByRole('article', { name: 'Login page' });
    const inCard = within(card);
    expect(inCard.getByText('Type: Bug')).toBeInTheDocument();
    expect(inCard.getByText('Estimation: M')).toBeInTheDocument();
    expect(inCard.getByText('Build the form')).toBeInTheDocument();
    expect(inCard.getByText('Priority').nextElementSibling).toHaveTextContent('High');
    expect(inCard.getByText('Assigned to').nextElementSibling).toHaveTextContent('bob');
    expect(inCard.getByText('Created by alice on Mar 5, 2025')).toBeInTheDocument();
    expect(inCard.getByText('Comments: 2')).toBeInTheDocument();
  });

  it('shows an estimation as its scale writes it: points with their unit, a T-shirt size as is', () => {
    const content = board();
    const plain = content.phases[1]?.issues[0]?.id ?? '';
    setup(updateIssue(content, { issueId: plain, changes: { estimation: '5' } }, context()));
    const points = within(screen.getByRole('article', { name: 'Plain' }));
    expect(points.getByText('Estimation: 5 pts')).toBeInTheDocument();
    expect(points.getByText('5 pts', { selector: '[aria-hidden="true"]' })).toBeInTheDocument();
    const sized = within(screen.getByRole('article', { name: 'Login page' }));
    expect(sized.getByText('M', { selector: '[aria-hidden="true"]' })).toBeInTheDocument();
  });

  it('leaves out an empty estimation, priority none and no assignee', () => {
    setup(board());
    const inCard = within(screen.getByRole('article', { name: 'Plain' }));
    expect(inCard.getByText('Type: Task')).toBeInTheDocument();
    expect(inCard.queryByText(/^Estimation/)).toBeNull();
    expect(inCard.queryByText('Priority')).toBeNull();
    expect(inCard.queryByText('Assigned to')).toBeNull();
    expect(inCard.getByText('Comments: 0')).toBeInTheDocument();
  });

  it('follows the display settings', () => {
    const content = board();
    setup({
      ...content,
      settings: {
        ...content.settings,
        showEstimation: false,
        showPriority: false,
        showAssignedPerson: false,
        showComments: false,
      },
    });
    const inCard = within(screen.getByRole('article', { name: 'Login page' }));
    expect(inCard.getByText('Type: Bug')).toBeInTheDocument();
    expect(inCard.queryByText(/^Estimation/)).toBeNull();
    expect(inCard.queryByText('Priority')).toBeNull();
    expect(inCard.queryByText('Assigned to')).toBeNull();
    expect(inCard.queryByText(/^Comments/)).toBeNull();
  });

  it('edits and deletes through buttons named after the card', async () => {
    const { user, props } = setup(board());
    await user.click(screen.getByRole('button', { name: 'Edit card Login page' }));
    expect(props.onEditCard).toHaveBeenCalledWith(expect.objectContaining({ title: 'Login page' }));
    await user.click(screen.getByRole('button', { name: 'Delete card Plain' }));
    expect(props.onDeleteCard).toHaveBeenCalledWith(expect.objectContaining({ title: 'Plain' }));
    expect(props.onMoveCard).not.toHaveBeenCalled();
  });
});

describe('KanbanBoard re-renders (memoised columns and cards)', () => {
  it('calls the handlers of the latest render, not those of the first', async () => {
    const content = board();
    const { user, props, rerender } = setup(content);
    const later = {
      onEditCard: vi.fn(),
      onDeleteCard: vi.fn(),
      onAddCard: vi.fn(),
      onMoveColumn: vi.fn(),
      onDeleteColumn: vi.fn(),
    };
    // Same board object: the columns and cards are not re-rendered, only the handlers change.
    rerender(<KanbanBoard {...props} {...later} />);
    await user.click(screen.getByRole('button', { name: 'Edit card Login page' }));
    await user.click(screen.getByRole('button', { name: 'Delete card Plain' }));
    await user.click(screen.getByRole('button', { name: 'Add card to Backlog' }));
    await user.click(screen.getByRole('button', { name: 'Move column To Do left' }));
    await user.click(screen.getByRole('button', { name: 'Delete column Done' }));
    expect(later.onEditCard).toHaveBeenCalledWith(expect.objectContaining({ title: 'Login page' }));
    expect(later.onDeleteCard).toHaveBeenCalledWith(expect.objectContaining({ title: 'Plain' }));
    expect(later.onAddCard).toHaveBeenCalledWith(phaseId(content, 'Backlog'));
    expect(later.onMoveColumn).toHaveBeenCalledWith(phaseId(content, 'To Do'), 'left');
    expect(later.onDeleteColumn).toHaveBeenCalledWith(phaseId(content, 'Done'));
    for (const first of [
      props.onEditCard,
      props.onDeleteCard,
      props.onAddCard,
      props.onMoveColumn,
      props.onDeleteColumn,
    ])
      expect(first).not.toHaveBeenCalled();
  });

  it('shows a changed card, changed settings and a new language after a re-render', () => {
    const content = board();
    const { props, rerender } = setup(content);
    const issueId = content.phases[0]?.issues[0]?.id ?? '';
    const changed = updateIssue(content, { issueId, changes: { title: 'Sign-in page' } });
    rerender(
      <KanbanBoard
        {...props}
        content={{ ...changed, settings: { ...changed.settings, showComments: false } }}
        language="de"
      />,
    );
    const card = within(screen.getByRole('article', { name: 'Sign-in page' }));
    expect(card.queryByText(/^Comments/)).toBeNull();
    expect(screen.queryByRole('article', { name: 'Login page' })).toBeNull();
    // The untouched card follows the language too (its creation date).
    const plain = within(screen.getByRole('article', { name: 'Plain' }));
    expect(plain.getByText('Created by bob on 05.03.2025')).toBeInTheDocument();
  });
});

describe('KanbanBoard keyboard drag and drop (spec §4 Issue/card moves)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  /**
   * jsdom has no layout: give every column a 280 px wide slot (300 px apart) and every card a
   * box inside its column, as a browser would; the drag preview sits where dnd-kit placed it
   * (a fixed box at the picked-up card's position).
   */
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
      const width = isColumn ? 280 : 260;
      const height = isColumn ? 600 : 90;
      return DOMRect.fromRect({ x: left, y: top, width, height });
    });
  }

  it('picks a card up with Space, moves it a column right and drops it there', async () => {
    layOut();
    const content = board();
    const { user, props } = setup(content);
    screen.getByRole('button', { name: 'Move card Login page' }).focus();
    await user.keyboard(' ');
    expect(
      await screen.findByText('Picked up card "Login page" in column "Backlog".'),
    ).toBeInTheDocument();
    await user.keyboard('{ArrowRight}');
    expect(
      await screen.findByText('Card "Login page" is over column "To Do".'),
    ).toBeInTheDocument();
    await user.keyboard(' ');
    const issueId = content.phases[0]?.issues[0]?.id;
    expect(props.onMoveCard).toHaveBeenCalledWith({
      type: 'moveIssue',
      issueId,
      toPhaseId: phaseId(content, 'To Do'),
    });
    expect(
      await screen.findByText('Card "Login page" was dropped in column "To Do".'),
    ).toBeInTheDocument();
  });

  it('gives the focus back to the moved card in its new column', async () => {
    layOut();
    function Harness() {
      const [content, setContent] = useState(board);
      return (
        <KanbanBoard
          content={content}
          language="en"
          onMoveColumn={vi.fn()}
          onDeleteColumn={vi.fn()}
          onAddCard={vi.fn()}
          onEditCard={vi.fn()}
          onDeleteCard={vi.fn()}
          // Like the page: the moved board arrives after the drop has finished.
          onMoveCard={(operation) =>
            window.setTimeout(() => setContent((current) => moveIssue(current, operation)), 50)
          }
          onDropRefused={vi.fn()}
        />
      );
    }
    const user = userEvent.setup();
    render(<Harness />);
    screen.getByRole('button', { name: 'Move card Login page' }).focus();
    await user.keyboard(' ');
    await user.keyboard('{ArrowRight}');
    await user.keyboard(' ');
    const moved = await within(column('To Do')).findByRole('article', { name: 'Login page' });
    expect(within(column('To Do')).getAllByRole('article')).toHaveLength(2);
    await waitFor(() =>
      expect(within(moved).getByRole('button', { name: 'Move card Login page' })).toHaveFocus(),
    );
  });

  it('does nothing when the card is dropped back on its own column', async () => {
    layOut();
    const { user, props } = setup(board());
    screen.getByRole('button', { name: 'Move card Plain' }).focus();
    await user.keyboard(' ');
    await user.keyboard('{ArrowRight}');
    await user.keyboard('{ArrowLeft}');
    await user.keyboard(' ');
    expect(props.onMoveCard).not.toHaveBeenCalled();
    expect(
      await screen.findByText('Card "Plain" was dropped back in column "To Do". Nothing changed.'),
    ).toBeInTheDocument();
  });

  it('cancels with Escape', async () => {
    layOut();
    const { user, props } = setup(board());
    screen.getByRole('button', { name: 'Move card Plain' }).focus();
    await user.keyboard(' ');
    await user.keyboard('{ArrowRight}');
    await user.keyboard('{Escape}');
    expect(props.onMoveCard).not.toHaveBeenCalled();
    expect(
      await screen.findByText('Moving was cancelled. Card "Plain" stays in column "To Do".'),
    ).toBeInTheDocument();
  });

  it('refuses a drop on a full column and says so', async () => {
    layOut();
    const content = board();
    const full = {
      ...content,
      phases: content.phases.map((phase) =>
        phase.name === 'To Do' ? { ...phase, maxIssues: 1 } : phase,
      ),
    };
    const { user, props } = setup(full);
    expect(within(column('To Do')).getByText('This column is full.')).toBeInTheDocument();
    screen.getByRole('button', { name: 'Move card Login page' }).focus();
    await user.keyboard(' ');
    await user.keyboard('{ArrowRight}');
    expect(
      await screen.findByText('Card "Login page" is over column "To Do", which is full.'),
    ).toBeInTheDocument();
    await user.keyboard(' ');
    expect(props.onMoveCard).not.toHaveBeenCalled();
    expect(props.onDropRefused).toHaveBeenCalledTimes(1);
  });
});
