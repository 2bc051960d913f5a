import { describe, expect, it } from 'vitest';

import {
  buildQuickSearchIndex,
  normalizeText,
  quickSearchHref,
  QUICK_SEARCH_MAX_RESULTS,
  searchQuickIndex,
  type QuickSearchContents,
  type SearchableBoard,
} from './quick-search.ts';

const issue = (id: string, title: string, extra: { number?: number; archived?: boolean } = {}) => ({
  id,
  title,
  ...extra,
});

const kanban: SearchableBoard = {
  phases: [
    {
      name: 'Backlog',
      issues: [
        issue('k1', 'Invoice export loses VAT', { number: 12 }),
        issue('k2', 'Café menu redesign', { number: 3 }),
        issue('k3', 'Old invoice layout', { number: 120, archived: true }),
      ],
    },
    { name: 'Done', issues: [issue('k4', 'Export the invoices', { number: 7 })] },
  ],
};

const ticket: SearchableBoard = {
  phases: [{ name: 'Review', issues: [issue('t1', 'Invoice totals are wrong', { number: 1 })] }],
};

const contents: QuickSearchContents = {
  kanban,
  'ticket-system': ticket,
  bulletin: {
    posts: [
      { id: 'n1', title: 'Invoice reminders', content: '', expiresAt: null },
      { id: 'n2', title: '', content: 'Straße sperren\nmore text', expiresAt: null },
      { id: 'n3', title: 'Expired invoice note', content: '', expiresAt: '2020-01-01T00:00:00Z' },
    ],
  },
  diagrams: { diagrams: [{ id: 'd1', name: 'Invoice flow' }] },
};

const NOW = new Date('2026-06-01T12:00:00Z');
const index = buildQuickSearchIndex(contents, NOW);
const titles = (query: string) => searchQuickIndex(index, query).items.map((item) => item.title);

describe('buildQuickSearchIndex', () => {
  it('lists cards, issues, notes and diagrams with their tool and place', () => {
    expect(index.map((item) => [item.tool, item.id, item.place])).toEqual([
      ['kanban', 'k1', 'Backlog'],
      ['kanban', 'k2', 'Backlog'],
      ['kanban', 'k3', 'Backlog'],
      ['kanban', 'k4', 'Done'],
      ['ticket-system', 't1', 'Review'],
      ['bulletin', 'n1', null],
      ['bulletin', 'n2', null],
      ['diagrams', 'd1', null],
    ]);
  });

  it('marks archived cards and keeps ticket numbers', () => {
    const archived = index.find((item) => item.id === 'k3');
    expect(archived).toMatchObject({ archived: true, number: 120 });
    expect(index.find((item) => item.id === 'k1')).toMatchObject({ archived: false, number: 12 });
  });

  it('names an untitled note by its first line and leaves out expired notes', () => {
    expect(index.find((item) => item.id === 'n2')?.title).toBe('Straße sperren');
    expect(index.some((item) => item.id === 'n3')).toBe(false);
  });

  it('skips tools that did not load', () => {
    expect(buildQuickSearchIndex({ kanban: null, diagrams: contents.diagrams })).toHaveLength(1);
  });
});

describe('searchQuickIndex', () => {
  it('matches case-insensitively, every word, in any order', () => {
    expect(titles('INVOICE export')).toEqual(['Invoice export loses VAT', 'Export the invoices']);
    expect(titles('vat invoice')).toEqual(['Invoice export loses VAT']);
    expect(titles('invoice nonsense')).toEqual([]);
  });

  it('ignores accents on either side', () => {
    expect(titles('cafe')).toEqual(['Café menu redesign']);
    expect(titles('CAFÉ')).toEqual(['Café menu redesign']);
    expect(titles('strasse')).toEqual(['Straße sperren']);
    expect(normalizeText('Crème Brûlée Über')).toBe('creme brulee uber');
  });

  it('ranks title-prefix matches first, then word starts, archived last in a rank', () => {
    expect(titles('invoice')).toEqual([
      // Title starts with it: Kanban, Issue Management, Pinboard, Diagrams; by title.
      'Invoice export loses VAT',
      'Invoice totals are wrong',
      'Invoice reminders',
      'Invoice flow',
      // A word starts with it; the archived card after the card on the board.
      'Export the invoices',
      'Old invoice layout',
    ]);
    // Inside words only: one rank, the archived card last, then by tool and title.
    expect(titles('voice')).toEqual([
      'Export the invoices',
      'Invoice export loses VAT',
      'Invoice totals are wrong',
      'Invoice reminders',
      'Invoice flow',
      'Old invoice layout',
    ]);
  });

  it('finds cards and issues by ticket number, the number itself first', () => {
    expect(titles('#12')).toEqual(['Invoice export loses VAT', 'Old invoice layout']);
    expect(titles('12')).toEqual(['Invoice export loses VAT', 'Old invoice layout']);
    expect(titles('#1')).toEqual([
      'Invoice totals are wrong',
      'Invoice export loses VAT',
      'Old invoice layout',
    ]);
    expect(titles('#12 vat')).toEqual(['Invoice export loses VAT']);
    // Notes and diagrams have no numbers.
    expect(titles('#7')).toEqual(['Export the invoices']);
  });

  it('matches nothing for a blank query', () => {
    expect(searchQuickIndex(index, '   ')).toEqual({ items: [], total: 0 });
  });

  it('caps the results and counts them all', () => {
    const many = buildQuickSearchIndex({
      kanban: {
        phases: [
          {
            name: 'Backlog',
            issues: Array.from({ length: 120 }, (_, n) =>
              issue(`c${String(n)}`, `Task ${String(n)}`),
            ),
          },
        ],
      },
    });
    const found = searchQuickIndex(many, 'task');
    expect(found.total).toBe(120);
    expect(found.items).toHaveLength(QUICK_SEARCH_MAX_RESULTS);
    expect(searchQuickIndex(many, 'task', 5).items).toHaveLength(5);
  });
});

describe('quickSearchHref', () => {
  it('leads to the tool route with the item id', () => {
    expect(quickSearchHref({ tool: 'kanban', id: 'a b' })).toBe('/tools/kanban?card=a+b');
    expect(quickSearchHref({ tool: 'ticket-system', id: 'i1' })).toBe('/tools/ticket?issue=i1');
    expect(quickSearchHref({ tool: 'bulletin', id: 'n1' })).toBe('/tools/bulletin?note=n1');
    expect(quickSearchHref({ tool: 'diagrams', id: 'd1' })).toBe('/tools/diagrams?diagram=d1');
  });
});
