import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import {
  addPost,
  defaultBulletinContent,
  type BulletinContent,
  type BulletinContext,
  type Post,
} from '@cipherspace/tools/bulletin';
import { BulletinBoard, type BulletinBoardProps } from './BulletinBoard.tsx';
import { useClock } from './bulletin-hooks.ts';

const NOW = Date.parse('2024-06-01T12:00:00.000Z');

function context(): BulletinContext {
  let next = 0;
  return { now: () => new Date(NOW).toISOString(), newId: () => `id-${++next}` };
}

/** The default board plus a full note by alice and a link note. */
function board(): BulletinContent {
  const ctx = context();
  let content = defaultBulletinContent(ctx);
  content = addPost(
    content,
    {
      post: {
        title: 'Retro actions',
        content: '**Keep** the daily short\n\n- first\n- second',
        type: 'Announcement',
        priority: 'Urgent',
        tags: ['retro', 'team'],
        expiresAt: '2024-06-02T12:00:00.000Z',
        color: '#90CAF9',
        position: { x: 40, y: 30 },
      },
      author: 'alice',
    },
    ctx,
  );
  content = addPost(
    content,
    {
      post: {
        title: 'Docs',
        type: 'Link',
        url: 'https://example.com/docs',
        position: { x: 60, y: 60 },
      },
      author: 'bob',
    },
    ctx,
  );
  return content;
}

function setup(posts: readonly Post[], overrides: Partial<BulletinBoardProps> = {}) {
  const props: BulletinBoardProps = {
    posts,
    now: NOW,
    pending: new Map(),
    viewportWidth: 1200,
    language: 'en',
    showAuthor: true,
    allowMarkdown: true,
    onMove: vi.fn(),
    onEdit: vi.fn(),
    onDelete: vi.fn(),
    onAddFirst: vi.fn(),
    ...overrides,
  };
  const user = userEvent.setup();
  const view = render(<BulletinBoard {...props} />);
  return { user, props, view };
}

const note = (title: string) => screen.getByRole('article', { name: title });
const placed = (title: string) => {
  const element = note(title).parentElement;
  if (!element) throw new Error('note without box');
  return element;
};

describe('BulletinBoard notes (spec §2 /tools/bulletin)', () => {
  it('shows title, markdown content, author, type, priority, tags and expiry', () => {
    setup(board().posts);
    const card = within(note('Retro actions'));
    expect(card.getByRole('heading', { level: 2 })).toHaveTextContent('Retro actions');
    expect(card.getByText('Keep').tagName).toBe('STRONG');
    expect(card.getAllByRole('listitem').map((item) => item.textContent)).toEqual(
      expect.arrayContaining(['first', 'second']),
    );
    expect(card.getByText('by alice')).toBeInTheDocument();
    expect(card.getByText('Type: Announcement')).toBeInTheDocument();
    expect(card.getByText('Priority: Urgent')).toBeInTheDocument();
    expect(card.getByRole('list', { name: 'Tags' })).toHaveTextContent('#retro#team');
    expect(card.getByText('Expires Jun 2, 2024, 12:00 PM', { exact: false })).toBeInTheDocument();
  });

  it('places each note at its percent position, in its colour, at the §9 size', () => {
    setup(board().posts, { viewportWidth: 1200 });
    const retro = placed('Retro actions');
    expect(retro.style.left).toBe('40%');
    expect(retro.style.top).toBe('30%');
    expect(retro.style.width).toBe('250px');
    expect(retro.style.backgroundColor).toBe('rgb(144, 202, 249)');
    // The welcome note is 312 px wide.
    expect(placed('Welcome to the Pinboard!').style.width).toBe('312px');
  });

  it('scales notes down under 768 px and clamps them to 188 px', () => {
    setup(board().posts, { viewportWidth: 700 });
    expect(placed('Retro actions').style.width).toBe('225px');
    const tiny = { ...(board().posts[1] as Post), size: { width: 200, height: 100 } };
    setup([tiny], { viewportWidth: 700 });
    const boxes = screen.getAllByRole('article', { name: 'Retro actions' });
    const last = boxes[boxes.length - 1]?.parentElement;
    expect(last?.style.width).toBe('188px');
    expect(last?.style.height).toBe('188px');
  });

  it('lists the notes in reading order on screens up to 600 px, at the scaled height', () => {
    setup(board().posts, { viewportWidth: 500 });
    // Welcome at 20 % from the top, Retro actions at 30 %, Docs at 60 %.
    expect(
      screen
        .getAllByRole('article')
        .map(
          (article) =>
            article.getAttribute('aria-labelledby') &&
            within(article).getByRole('heading').textContent,
        ),
    ).toEqual(['Welcome to the Pinboard!', 'Retro actions', 'Docs']);
    expect(placed('Retro actions').style.height).toBe('200px');
    expect(placed('Retro actions').style.left).toBe('');
    expect(screen.queryByRole('button', { name: 'Move note Retro actions' })).toBeNull();
  });

  it('grows the board so a low note is not cut off, and keeps it at least 1200 × 574 px', () => {
    const content = board();
    const low = { ...(content.posts[1] as Post), position: { x: 10, y: 80 } };
    setup([low], { viewportWidth: 1200 });
    // 250 px tall at 80 %: the board the positions refer to needs 250 / 0.2 = 1250 px.
    const notesBoard = placed('Retro actions').parentElement;
    expect(notesBoard).toHaveClass('bulletin-board');
    expect(notesBoard?.style.height).toBe('1250px');
    // Never narrower or lower than placement assumes: a narrow canvas scrolls sideways.
    expect(notesBoard?.style.minWidth).toBe('1200px');
    expect(notesBoard?.style.minHeight).toBe('574px');
  });

  it('shows a note dropped here at its pending position until it is saved', () => {
    const content = board();
    const retro = content.posts[1] as Post;
    setup(content.posts, { pending: new Map([[retro.id, { x: 12.5, y: 70 }]]) });
    expect(placed('Retro actions').style.left).toBe('12.5%');
    expect(placed('Retro actions').style.top).toBe('70%');
  });

  it('reports edit and delete for the note', async () => {
    const content = board();
    const { user, props } = setup(content.posts);
    await user.click(screen.getByRole('button', { name: 'Edit note Retro actions' }));
    expect(props.onEdit).toHaveBeenCalledWith(content.posts[1]);
    await user.click(screen.getByRole('button', { name: 'Delete note Docs' }));
    expect(props.onDelete).toHaveBeenCalledWith(content.posts[2]);
  });

  it('links a Link note to its URL, opening a new tab without opener', () => {
    setup(board().posts);
    const link = within(note('Docs')).getByRole('link', { name: 'https://example.com/docs' });
    expect(link).toHaveAttribute('href', 'https://example.com/docs');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow');
  });

  it('never links a Link note to a script URL', () => {
    const docs = { ...(board().posts[2] as Post), url: 'javascript:window.__xss=1' };
    setup([docs]);
    expect(within(note('Docs')).queryByRole('link')).toBeNull();
    expect(note('Docs')).toHaveTextContent('Link: javascript:window.__xss=1');
  });

  it('follows settings.allowMarkdown and settings.showAuthor', () => {
    setup(board().posts, { allowMarkdown: false, showAuthor: false });
    const card = within(note('Retro actions'));
    expect(card.queryByText('Keep')).toBeNull();
    expect(card.getByText(/\*\*Keep\*\* the daily short/)).toBeInTheDocument();
    expect(card.queryByText('by alice')).toBeNull();
  });
});

describe('BulletinBoard expiry (spec §4: notes past expiresAt are hidden)', () => {
  it('leaves out notes whose expiry has passed', () => {
    const posts = board().posts;
    setup(posts, { now: Date.parse('2024-06-02T12:00:00.000Z') });
    expect(screen.queryByRole('article', { name: 'Retro actions' })).toBeNull();
    expect(note('Docs')).toBeInTheDocument();
    expect(note('Welcome to the Pinboard!')).toBeInTheDocument();
  });

  it('hides a note the moment it expires, with the clock the page uses', () => {
    vi.useFakeTimers({ now: NOW });
    try {
      const posts = board().posts.map((post) =>
        post.title === 'Docs' ? { ...post, expiresAt: new Date(NOW + 60_000).toISOString() } : post,
      );
      function Page() {
        const now = useClock((nowMs) => {
          const next = posts
            .map((post) => (post.expiresAt ? Date.parse(post.expiresAt) : Infinity))
            .filter((time) => time > nowMs);
          return next.length > 0 ? Math.min(...next) : null;
        });
        return (
          <BulletinBoard
            posts={posts}
            now={now}
            pending={new Map()}
            viewportWidth={1200}
            language="en"
            showAuthor
            allowMarkdown
            onMove={vi.fn()}
            onEdit={vi.fn()}
            onDelete={vi.fn()}
            onAddFirst={vi.fn()}
          />
        );
      }
      render(<Page />);
      expect(note('Docs')).toBeInTheDocument();
      act(() => {
        vi.advanceTimersByTime(59_000);
      });
      expect(note('Docs')).toBeInTheDocument();
      act(() => {
        vi.advanceTimersByTime(2_000);
      });
      expect(screen.queryByRole('article', { name: 'Docs' })).toBeNull();
      expect(note('Retro actions')).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows the empty board when every note has expired', () => {
    const posts = board().posts.map((post) => ({ ...post, expiresAt: '2024-01-01T00:00:00Z' }));
    setup(posts);
    expect(screen.getByText('No sticky notes yet')).toBeInTheDocument();
  });
});

describe('BulletinBoard empty state (spec §2: No sticky notes yet, Add First Note)', () => {
  it('offers to add the first note', async () => {
    const { user, props } = setup([]);
    const canvas = screen.getByRole('region', { name: 'Sticky notes' });
    expect(within(canvas).getByText('No sticky notes yet')).toBeInTheDocument();
    await user.click(within(canvas).getByRole('button', { name: 'Add First Note' }));
    expect(props.onAddFirst).toHaveBeenCalledTimes(1);
  });

  it('disables Add First Note while adding is not possible', () => {
    setup([], { addDisabled: true });
    expect(screen.getByRole('button', { name: 'Add First Note' })).toBeDisabled();
  });

  it('has no empty state while notes are shown', () => {
    setup(board().posts);
    expect(screen.queryByText('No sticky notes yet')).toBeNull();
  });
});

describe('BulletinBoard keyboard drag (spec §4 notes dragged freely, §9 clamps)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  /** jsdom has no layout: a 1000×500 px canvas at the origin, each note where its style puts it. */
  function layOut() {
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1000);
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(500);
    vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (
      this: Element,
    ) {
      const box = this.closest<HTMLElement>('[data-post-id]');
      if (!box) return DOMRect.fromRect({ x: 0, y: 0, width: 1000, height: 500 });
      return DOMRect.fromRect({
        x: (parseFloat(box.style.left) / 100) * 1000,
        y: (parseFloat(box.style.top) / 100) * 500,
        width: parseFloat(box.style.width),
        height: parseFloat(box.style.height),
      });
    });
  }

  it('moves a note with the arrow keys and reports its new percent position', async () => {
    layOut();
    const content = board();
    const { user, props } = setup(content.posts);
    screen.getByRole('button', { name: 'Move note Retro actions' }).focus();
    await user.keyboard(' ');
    expect(await screen.findByText('Picked up note "Retro actions".')).toBeInTheDocument();
    // dnd-kit moves 25 px per arrow key.
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowDown}');
    await user.keyboard(' ');
    expect(props.onMove).toHaveBeenCalledWith(content.posts[1]?.id, { x: 45, y: 35 });
    expect(
      await screen.findByText('Note "Retro actions" was dropped at its new place.'),
    ).toBeInTheDocument();
  });

  it('clamps a note dragged past the edge to 85 percent', async () => {
    layOut();
    const content = board();
    const { user, props } = setup(content.posts);
    screen.getByRole('button', { name: 'Move note Docs' }).focus();
    await user.keyboard(' ');
    await user.keyboard('{ArrowRight}'.repeat(12));
    await user.keyboard(' ');
    expect(props.onMove).toHaveBeenCalledWith(content.posts[2]?.id, { x: 85, y: 60 });
  });

  it('does not move a note when the drag is cancelled', async () => {
    layOut();
    const { user, props } = setup(board().posts);
    screen.getByRole('button', { name: 'Move note Docs' }).focus();
    await user.keyboard(' ');
    await user.keyboard('{ArrowRight}');
    await user.keyboard('{Escape}');
    expect(props.onMove).not.toHaveBeenCalled();
    expect(
      await screen.findByText('Moving was cancelled. Note "Docs" stays where it was.'),
    ).toBeInTheDocument();
  });
});
