import { within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import {
  complete,
  defaultRandomizerContent,
  editOptions,
  setMode,
  startWithRandom,
  type RandomizerContent,
} from '@cipherspace/tools/randomizer';
import { controlsIn, expectReadOnly, openHistoryPreview } from '../../testing/history-preview.tsx';
import { RandomizerHistoryPreview } from './randomizer-history-preview.tsx';

const NOW = '2025-03-05T10:00:00.000Z';
const context = (runId: string) => ({ now: () => NOW, newId: () => runId });

/** Options Ann, Bob, Cem, Dee in no-repeat mode. */
function options(): RandomizerContent {
  return editOptions(defaultRandomizerContent(context('doc')), { text: 'Ann\nBob\nCem\nDee' });
}

/** A draw with the constant randomness `r` started on `base` (still running). */
const started = (base: RandomizerContent, r: number, runId: string) =>
  startWithRandom(base, () => r, context(runId));

/** `base` with a finished draw (constant randomness `r`). */
function drawn(base: RandomizerContent, r: number, runId: string): RandomizerContent {
  return complete(started(base, r, runId), { runId });
}

const renderPreview = (content: RandomizerContent) => (
  <RandomizerHistoryPreview content={content} />
);

const tiles = (view: HTMLElement) =>
  within(within(view).getByRole('list', { name: 'Options' })).getAllByRole('listitem');

describe('RandomizerHistoryPreview (a version of the Daily Randomizer, read-only)', () => {
  it('shows the options, the pick and the used ones after finished draws', async () => {
    const content = drawn(drawn(options(), 0, 'run-1'), 0.99, 'run-2');
    const picked = content.selectedIndex ?? -1;
    const { preview } = await openHistoryPreview(content, renderPreview);
    const view = expectReadOnly(preview);

    const shown = tiles(view);
    expect(shown.map((tile) => tile.querySelector('.randomizer-tile-text')?.textContent)).toEqual([
      'Ann',
      'Bob',
      'Cem',
      'Dee',
    ]);
    expect(shown[picked]).toHaveAttribute('aria-current', 'true');
    expect(view).toHaveTextContent(`Selected: ${content.options[picked] ?? ''}`);
    const used = shown.filter((tile) => tile.textContent.includes('used'));
    expect(used).toHaveLength(2);
    expect(
      within(view).getByText('Repetition', { selector: 'dt' }).nextElementSibling,
    ).toHaveTextContent('No repeat');
    // Nothing to press: a still picture of the board.
    expect(controlsIn(view)).toEqual([]);
  });

  it('keeps the result of a draw still running in that version to itself', async () => {
    const content = started(setMode(options(), { mode: 'allow' }), 0.5, 'run-1');
    expect(content.animation.state).toBe('animating');
    const { preview } = await openHistoryPreview(content, renderPreview);
    const view = expectReadOnly(preview);
    expect(view).toHaveTextContent('A draw was in progress; its result was not shown yet.');
    expect(view).not.toHaveTextContent('Selected:');
    expect(view.querySelector('[aria-current]')).toBeNull();
    expect(view).toHaveTextContent('Allow repeat');
  });

  it('shows an empty option list', async () => {
    const content: RandomizerContent = { ...options(), options: [] };
    const { preview } = await openHistoryPreview(content, renderPreview);
    expect(expectReadOnly(preview)).toHaveTextContent('There are no options yet.');
  });
});
