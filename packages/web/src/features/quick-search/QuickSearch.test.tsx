import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';

import { Providers } from '../../app/providers.tsx';
import type { ContentsLoader, QuickSearchLoads } from './load-contents.ts';
import QuickSearch from './QuickSearch.tsx';
import QuickSearchLauncher from './QuickSearchLauncher.tsx';

beforeAll(() => {
  // jsdom does not scroll.
  Element.prototype.scrollIntoView = () => undefined;
});

const LOADED: Partial<QuickSearchLoads> = {
  kanban: {
    status: 'loaded',
    content: {
      phases: [
        {
          name: 'To Do',
          issues: [
            { id: 'card-1', title: 'Invoice export', number: 4 },
            { id: 'card-2', title: 'Old invoice', number: 2, archived: true },
          ],
        },
      ],
    },
  },
  'ticket-system': {
    status: 'loaded',
    content: { phases: [{ name: 'Review', issues: [{ id: 'issue-1', title: 'Invoice totals' }] }] },
  },
  bulletin: { status: 'loaded', content: { posts: [] } },
};

/** A loader answering `first` at once and keeping the rest until `finish` is called. */
function manualLoader(first: Partial<QuickSearchLoads>) {
  let report: Parameters<ContentsLoader>[0] | null = null;
  const loader: ContentsLoader = (next) => {
    report = next;
    next(first);
    return () => {
      report = null;
    };
  };
  return { loader, finish: (rest: Partial<QuickSearchLoads>) => act(() => report?.(rest)) };
}

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

function renderDialog(loader: ContentsLoader) {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            <Where />
            <QuickSearch open onOpenChange={() => undefined} loader={loader} />
          </>
        ),
      },
    ],
    { initialEntries: ['/dashboard'] },
  );
  return render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
}

describe('QuickSearch', () => {
  it('filters as the member types, moves with the arrows and opens with Enter', async () => {
    const user = userEvent.setup();
    const { loader, finish } = manualLoader(LOADED);
    renderDialog(loader);
    const dialog = await screen.findByRole('dialog', { name: 'Quick search' });
    const input = within(dialog).getByRole('combobox', {
      name: 'Search cards, issues, notes and diagrams',
    });
    await waitFor(() => expect(input).toHaveFocus());
    expect(within(dialog).getByRole('status')).toHaveTextContent("Loading the space's contents…");

    await user.type(input, 'invoice');
    const options = within(dialog).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Kanban Board#4 Invoice exportTo Do',
      'Issue ManagementInvoice totalsReview',
      'Kanban Board#2 Old invoiceTo Do · archived',
    ]);
    expect(within(dialog).getByRole('status')).toHaveTextContent('3 results');
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(input).toHaveAttribute('aria-activedescendant', options[0]?.id);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');

    await user.keyboard('{ArrowDown}');
    expect(input).toHaveAttribute('aria-activedescendant', options[1]?.id);
    expect(options[1]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowUp}{ArrowUp}');
    // From the first, up wraps to the last.
    expect(input).toHaveAttribute('aria-activedescendant', options[2]?.id);

    // A tool that fails says so; the others still answer.
    finish({ diagrams: { status: 'failed' } });
    expect(within(dialog).getByText('Diagrams could not be searched')).toBeInTheDocument();

    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    await waitFor(() =>
      expect(screen.getByTestId('where')).toHaveTextContent('/tools/ticket?issue=issue-1'),
    );
  });

  it('says when nothing matches and finds by ticket number', async () => {
    const user = userEvent.setup();
    renderDialog(manualLoader(LOADED).loader);
    const input = await screen.findByRole('combobox');
    await user.type(input, 'zebra');
    expect(screen.getByRole('status')).toHaveTextContent('Loading the space');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).not.toHaveAttribute('aria-activedescendant');
    await user.clear(input);
    await user.type(input, '#4');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Kanban Board#4 Invoice exportTo Do',
    ]);
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(screen.getByTestId('where')).toHaveTextContent('/tools/kanban?card=card-1'),
    );
  });

  it('shows No results once every tool has loaded', async () => {
    const user = userEvent.setup();
    const { loader, finish } = manualLoader(LOADED);
    renderDialog(loader);
    const input = await screen.findByRole('combobox');
    finish({ diagrams: { status: 'loaded', content: { diagrams: [] } } });
    await user.type(input, 'zebra');
    expect(screen.getByRole('status')).toHaveTextContent('No results');
  });
});

describe('QuickSearchLauncher', () => {
  it('opens on Ctrl+K even from a text field and closes on Escape', async () => {
    const user = userEvent.setup();
    const router = createMemoryRouter(
      [
        {
          path: '*',
          element: (
            <>
              <label>
                Notes
                <input />
              </label>
              <QuickSearchLauncher />
            </>
          ),
        },
      ],
      { initialEntries: ['/dashboard'] },
    );
    render(
      <Providers>
        <RouterProvider router={router} />
      </Providers>,
    );
    const field = screen.getByRole('textbox', { name: 'Notes' });
    await user.click(field);
    await user.keyboard('{Control>}k{/Control}');
    const dialog = await screen.findByRole('dialog', { name: 'Quick search' });
    const input = within(dialog).getByRole('combobox');
    await waitFor(() => expect(input).toHaveFocus());
    // Signed out here: every tool reports it could not be searched.
    expect(within(dialog).getByText('Kanban Board could not be searched')).toBeInTheDocument();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(field).toHaveFocus();

    // ⌘K too, and it opens again with an empty field.
    await user.keyboard('{Meta>}k{/Meta}');
    expect(await screen.findByRole('combobox')).toHaveValue('');
  });
});
