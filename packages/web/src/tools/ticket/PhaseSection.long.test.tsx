/**
 * Long issue lists: a phase of more than 50 issues renders the issues in view,
 * keeps the selected one rendered, and a changed issue re-renders only itself. Renders are
 * counted through the creation date each issue item formats (every issue has its own).
 */
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { TICKET_DEFAULT_SETTINGS, type Issue, type Phase } from '@cipherspace/tools/tracker';
import { LONG_LIST_ABOVE_ITEMS } from '../tracker/LongList.tsx';
import { PhaseSection } from './PhaseSection.tsx';
import type * as DateFormat from '../../lib/date-format.ts';

const formatted = vi.hoisted(() => [] as string[]);

vi.mock('../../lib/date-format.ts', async (importOriginal) => {
  const original = await importOriginal<typeof DateFormat>();
  return {
    ...original,
    formatDateTime: (iso: string, language: 'en' | 'de') => {
      formatted.push(iso);
      return original.formatDateTime(iso, language);
    },
  };
});
// Test files share a worker (isolate: false): the next file gets the real module.
afterAll(() => vi.doUnmock('../../lib/date-format.ts'));

/** Issue n (from 1) was created n minutes after midnight: its date names it. */
function createdAt(n: number): string {
  return new Date(Date.UTC(2025, 2, 5, 0, n)).toISOString();
}

function issues(count: number): Issue[] {
  return Array.from({ length: count }, (_, index) => ({
    id: `issue-${String(index + 1)}`,
    title: `Issue ${String(index + 1)}`,
    description: '',
    type: 'Task',
    priority: 'Medium',
    estimation: '',
    assignedPerson: '',
    comments: [],
    createdAt: createdAt(index + 1),
    createdBy: 'alice',
    order: index,
    tags: [],
  }));
}

function phaseOf(list: Issue[]): Phase {
  return { id: 'backlog', name: 'Backlog', issues: list, order: 0, color: '#000', description: '' };
}

const SCROLL_BOX_PX = 720;
const ITEM_PX = 72;
const onSelect = vi.fn();
const noop = vi.fn();

function section(list: Issue[], selectedIssueId: string | null = null) {
  return (
    <PhaseSection
      phase={phaseOf(list)}
      issues={list}
      filtered={false}
      expanded
      selectedIssueId={selectedIssueId}
      flags={TICKET_DEFAULT_SETTINGS}
      canDelete={false}
      onToggle={noop}
      onAddIssue={noop}
      onDelete={noop}
      onSelectIssue={onSelect}
    />
  );
}

const items = () => [...document.querySelectorAll('ul.ticket-issue-list > li')];
const titles = () =>
  items().map((item) => item.querySelector('.ticket-issue-title')?.textContent ?? '');

function scrollTo(top: number) {
  const box = document.querySelector<HTMLElement>('.ticket-issue-scroll');
  if (!box) throw new Error('no scroll box');
  act(() => {
    box.scrollTop = top;
    box.dispatchEvent(new Event('scroll'));
  });
}

beforeEach(() => {
  formatted.length = 0;
  vi.spyOn(Element.prototype, 'clientHeight', 'get').mockImplementation(function (this: Element) {
    return this.classList.contains('ticket-issue-scroll') ? SCROLL_BOX_PX : 0;
  });
  vi.spyOn(Element.prototype, 'clientWidth', 'get').mockReturnValue(600);
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(function (
    this: HTMLElement,
  ) {
    return this.matches('li[data-index]') ? ITEM_PX : 0;
  });
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('PhaseSection long issue lists', () => {
  it(`lists every issue up to ${String(LONG_LIST_ABOVE_ITEMS)}`, () => {
    render(section(issues(LONG_LIST_ABOVE_ITEMS)));
    expect(items()).toHaveLength(LONG_LIST_ABOVE_ITEMS);
    expect(document.querySelector('.ticket-issue-scroll')).toBeNull();
  });

  it('renders the issues in view of a long list, with their positions, following the scroll', () => {
    render(section(issues(2000)));
    expect(screen.getByText('2000 issues')).toBeInTheDocument();
    // 720 / 72 px = 10 in view, a few more on either side; not 2,000.
    expect(items().length).toBeGreaterThanOrEqual(10);
    expect(items().length).toBeLessThanOrEqual(20);
    expect(items()[0]).toHaveAttribute('aria-posinset', '1');
    expect(items()[0]).toHaveAttribute('aria-setsize', '2000');
    scrollTo(1000 * ITEM_PX);
    expect(titles()).toContain('Issue 1001');
    expect(titles()).not.toContain('Issue 1');
    expect(items().length).toBeLessThanOrEqual(20);
  });

  it('keeps the selected issue rendered wherever the list is scrolled', () => {
    render(section(issues(500), 'issue-3'));
    scrollTo(300 * ITEM_PX);
    const selected = screen.getByRole('button', { current: true });
    expect(within(selected).getByText('Issue 3')).toBeInTheDocument();
    expect(titles()).toContain('Issue 301');
    expect(titles()).not.toContain('Issue 2');
  });

  it('keeps the focused issue rendered, so the focus is not lost when it scrolls away', async () => {
    render(section(issues(500)));
    const user = userEvent.setup();
    await user.click(screen.getByText('Issue 4'));
    expect(onSelect).toHaveBeenCalledWith('issue-4');
    const button = document.querySelector<HTMLElement>('[data-issue-id="issue-4"]');
    expect(button).toHaveFocus();
    scrollTo(300 * ITEM_PX);
    expect(button).toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it('re-renders only the issue that changed', () => {
    const list = issues(300);
    const view = render(section(list));
    expect(formatted.length).toBeGreaterThan(0);
    formatted.length = 0;
    const changed = list.map((issue) =>
      issue.id === 'issue-2' ? { ...issue, title: 'Renamed elsewhere' } : issue,
    );
    view.rerender(section(changed));
    expect(formatted).toEqual([createdAt(2)]);
    expect(screen.getByText('Renamed elsewhere')).toBeInTheDocument();
  });
});
