import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, useSyncExternalStore } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { tools } from '@cipherspace/tools';
import {
  animationDurationMs,
  complete,
  defaultRandomizerContent,
  OVERDUE_RUN_GRACE_MS,
  startWithRandom,
  type RandomizerContent,
  type RandomizerOperation,
} from '@cipherspace/tools/randomizer';
import { applyLanguage } from '../../lib/i18n.ts';
import { saveOutcome } from '../../testing/operations.ts';
import type { SaveOutcome } from '../content/EditConflictPanel.tsx';
import { RandomizerBoard, type RandomizerBoardProps } from './RandomizerBoard.tsx';

const NOW = '2025-03-05T10:00:00.000Z';

function context(runId = 'run-1') {
  return { now: () => NOW, newId: () => runId };
}

function content(changes: Partial<RandomizerContent> = {}): RandomizerContent {
  const base = defaultRandomizerContent(context('doc'));
  const options = changes.options ?? ['Ann', 'Bob', 'Cem', 'Dee'];
  return {
    ...base,
    lastModified: NOW,
    options,
    ui: { isEditing: false, optionsText: options.join('\n') },
    ...changes,
  };
}

/** `base` with a started run `runId` drawn with the constant randomness `r`. */
function started(base: RandomizerContent, r: number, runId = 'run-1'): RandomizerContent {
  return startWithRandom(base, () => r, context(runId));
}

function callbacks(): Omit<RandomizerBoardProps, 'content' | 'saving' | 'version'> {
  return {
    onSaveOptions: vi.fn(() => Promise.resolve(true)),
    onSetMode: vi.fn(() => Promise.resolve()),
    onStart: vi.fn(() => Promise.resolve()),
    onResetUsed: vi.fn(() => Promise.resolve()),
    onRunFinished: vi.fn(),
    onRunOverdue: vi.fn(),
    quickFills: [],
  };
}

/** Renders the board for `initial`; `show(next)` replaces the content as a remote update does. */
function setup(initial: RandomizerContent, overrides: Partial<RandomizerBoardProps> = {}) {
  const props = { ...callbacks(), ...overrides };
  const view = render(<RandomizerBoard content={initial} version={1} saving={false} {...props} />);
  const show = (next: RandomizerContent, saving = false) =>
    view.rerender(<RandomizerBoard content={next} version={1} saving={saving} {...props} />);
  return { props, show };
}

/**
 * A shared document without a server: the board's saves and a teammate's changes apply the real
 * randomizer operations to it in turn, each a new version, as the sync engine does.
 */
class SharedDocument {
  content: RandomizerContent;
  version = 1;
  /** Who saved the latest version (the board's tab is 'me'). */
  by = 'me';
  private readonly listeners = new Set<() => void>();

  constructor(
    initial: RandomizerContent,
    readonly log: RandomizerOperation[] = [],
  ) {
    this.content = initial;
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Applies `operation` as `by`; false when the result fails validation (nothing saved). */
  apply(operation: RandomizerOperation, by = 'me'): boolean {
    if (by === 'me') this.log.push(operation);
    const next = tools.randomizer.applyWith(this.content, operation, context());
    if (tools.randomizer.validate(next).length > 0) return false;
    if (next === this.content) return true;
    this.content = next;
    this.version += 1;
    this.by = by;
    for (const listener of this.listeners) listener();
    return true;
  }

  /** The board's save: an edit that met someone else's change is a conflict to show. */
  save(operation: RandomizerOperation): Promise<SaveOutcome> {
    return saveOutcome(() => this.apply(operation), this.by);
  }

  /** A teammate's change arriving live. */
  teammate(operation: RandomizerOperation, by = 'Bea') {
    act(() => {
      this.apply(operation, by);
    });
  }
}

/**
 * The board on a live document: every callback applies the real randomizer operation and saves
 * at once (refusing content that fails validation), like the sync engine without a server.
 */
function Live({
  initial,
  log,
  doc: given,
  ...overrides
}: {
  initial: RandomizerContent;
  log: RandomizerOperation[];
  doc?: SharedDocument;
} & Partial<RandomizerBoardProps>) {
  const [doc] = useState(() => given ?? new SharedDocument(initial, log));
  const current = useSyncExternalStore(doc.subscribe, () => doc.content);
  const apply = (operation: RandomizerOperation) => Promise.resolve(doc.apply(operation));
  return (
    <RandomizerBoard
      content={current}
      version={doc.version}
      saving={false}
      {...callbacks()}
      onSaveOptions={(text, start) =>
        doc.save({ type: 'editOptions', text, from: [...start.from] })
      }
      onSetMode={(mode) => apply({ type: 'setMode', mode })}
      onResetUsed={() => apply({ type: 'resetUsed' })}
      {...overrides}
    />
  );
}

const tiles = () =>
  within(screen.getByRole('list', { name: /^(Options|Optionen)$/ })).getAllByRole('listitem');
const tile = (name: string) =>
  tiles().find((item) => item.querySelector('.randomizer-tile-text')?.textContent === name);
const highlighted = (kind: 'current' | 'selected') =>
  tiles()
    .filter((item) => item.dataset.highlight === kind)
    .map((item) => item.querySelector('.randomizer-tile-text')?.textContent);
const result = () => screen.getByTestId('randomizer-result').textContent;
const editor = () =>
  screen.getByRole('textbox', { name: /^(Options, one per line|Optionen, eine pro Zeile)$/ });

function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

describe('options grid (spec §2)', () => {
  it('shows one tile per option and the empty state without options', () => {
    const { show } = setup(content());
    expect(tiles().map((item) => item.textContent)).toEqual(['Ann', 'Bob', 'Cem', 'Dee']);
    show(content({ options: [] }));
    expect(screen.getByText(/There are no options yet/)).toBeVisible();
    expect(screen.queryByRole('list', { name: 'Options' })).toBeNull();
  });

  it('renders option text as text, never as markup', () => {
    setup(content({ options: ['<img src=x onerror=alert(1)>', 'Bob'] }));
    expect(tiles()[0]?.textContent).toBe('<img src=x onerror=alert(1)>');
    expect(document.querySelector('img')).toBeNull();
  });
});

describe('options textarea (spec §2, §5: saved on blur or Ctrl+Enter, only when changed)', () => {
  const user = () => userEvent.setup();

  it('shows the options one per line and saves a changed text on blur', async () => {
    const log: RandomizerOperation[] = [];
    render(<Live initial={content()} log={log} />);
    expect(editor()).toHaveValue('Ann\nBob\nCem\nDee');
    const u = user();
    await u.click(editor());
    await u.type(editor(), '\nEve');
    expect(log).toEqual([]); // typing alone saves nothing
    await u.tab();
    expect(log).toEqual([
      { type: 'editOptions', text: 'Ann\nBob\nCem\nDee\nEve', from: ['Ann', 'Bob', 'Cem', 'Dee'] },
    ]);
    expect(tiles().map((item) => item.textContent)).toEqual(['Ann', 'Bob', 'Cem', 'Dee', 'Eve']);
  });

  it('saves on Ctrl+Enter but not on a plain Enter', async () => {
    const log: RandomizerOperation[] = [];
    render(<Live initial={content({ options: ['Ann'] })} log={log} />);
    const u = user();
    await u.click(editor());
    await u.type(editor(), '{Enter}Bob');
    expect(log).toEqual([]);
    await u.keyboard('{Control>}{Enter}{/Control}');
    expect(log).toEqual([{ type: 'editOptions', text: 'Ann\nBob', from: ['Ann'] }]);
    expect(editor()).toHaveFocus();
    expect(editor()).toHaveValue('Ann\nBob');
  });

  it('does not save when the text is unchanged or differs only in blank lines and spaces', async () => {
    const log: RandomizerOperation[] = [];
    render(<Live initial={content({ options: ['Ann', 'Bob'] })} log={log} />);
    const u = user();
    await u.click(editor());
    await u.tab();
    await u.click(editor());
    await u.type(editor(), '{Enter}{Enter}   ');
    await u.keyboard('{Control>}{Enter}{/Control}');
    await u.tab();
    expect(log).toEqual([]);
    // The untouched saved text is shown again.
    expect(editor()).toHaveValue('Ann\nBob');
  });

  it('keeps the typed text when it cannot be saved (no options left)', async () => {
    const log: RandomizerOperation[] = [];
    render(<Live initial={content({ options: ['Ann'] })} log={log} />);
    const u = user();
    await u.click(editor());
    await u.clear(editor());
    await u.type(editor(), '   ');
    await u.tab();
    expect(log).toEqual([{ type: 'editOptions', text: '   ', from: ['Ann'] }]);
    expect(editor()).toHaveValue('   ');
    expect(tiles().map((item) => item.textContent)).toEqual(['Ann']);
  });

  it('shows a saving indicator while the options are being saved', async () => {
    let finish: (saved: boolean) => void = () => undefined;
    const onSaveOptions = vi.fn(
      () =>
        new Promise<SaveOutcome>((resolve) => {
          finish = resolve;
        }),
    );
    setup(content(), { onSaveOptions });
    fireEvent.change(editor(), { target: { value: 'Ann\nZoe' } });
    fireEvent.blur(editor());
    expect(onSaveOptions).toHaveBeenCalledWith('Ann\nZoe', {
      from: ['Ann', 'Bob', 'Cem', 'Dee'],
      basedOn: 1,
    });
    expect(screen.getByText('Saving…')).toBeVisible();
    await act(async () => {
      finish(true);
      await Promise.resolve();
    });
    expect(screen.queryByText('Saving…')).toBeNull();
  });

  it('keeps a member’s unsaved text when a remote update arrives', () => {
    const { show } = setup(content());
    fireEvent.change(editor(), { target: { value: 'Mine' } });
    show(content({ options: ['Theirs'] }));
    expect(editor()).toHaveValue('Mine');
    expect(tiles().map((item) => item.textContent)).toEqual(['Theirs']);
  });
});

describe('editing the options while a teammate does (spec §4 version conflict)', () => {
  const OPTIONS = ['Option 1', 'Option 2', 'Option 3'];
  const panel = () => screen.getByRole('group', { name: /^(Options|Optionen)$/ });
  const apply = () => screen.getByRole('button', { name: 'Save with these choices' });

  /** The member replaces "Option 2" with `mine` while Bea renames it to "Theirs 2". */
  async function conflicting(mine = 'Mine 2') {
    const log: RandomizerOperation[] = [];
    const doc = new SharedDocument(content({ options: OPTIONS }), log);
    render(<Live initial={doc.content} log={log} doc={doc} />);
    fireEvent.change(editor(), { target: { value: `Option 1\n${mine}\nOption 3` } });
    doc.teammate({ type: 'editOptions', text: 'Option 1\nTheirs 2\nOption 3' });
    fireEvent.blur(editor());
    await screen.findByRole('alert');
    return { doc, log };
  }

  it('sends the options from the first keystroke, so a teammate’s addition is kept', async () => {
    const u = userEvent.setup();
    const log: RandomizerOperation[] = [];
    const doc = new SharedDocument(content({ options: OPTIONS }), log);
    render(<Live initial={doc.content} log={log} doc={doc} />);
    // Before typing the editor follows the stored options.
    doc.teammate({ type: 'editOptions', text: [...OPTIONS, 'Zed'].join('\n') });
    expect(editor()).toHaveValue('Option 1\nOption 2\nOption 3\nZed');
    await u.click(editor());
    await u.type(editor(), '{Enter}Alice option');
    // Bea adds one while the member types: their text stays in the editor.
    doc.teammate({
      type: 'editOptions',
      text: ['Bea option', ...OPTIONS, 'Zed'].join('\n'),
      from: [...OPTIONS, 'Zed'],
    });
    expect(editor()).toHaveValue('Option 1\nOption 2\nOption 3\nZed\nAlice option');
    await u.tab();
    expect(log).toEqual([
      {
        type: 'editOptions',
        text: 'Option 1\nOption 2\nOption 3\nZed\nAlice option',
        from: [...OPTIONS, 'Zed'],
      },
    ]);
    const merged = ['Bea option', ...OPTIONS, 'Zed', 'Alice option'];
    expect(tiles().map((item) => item.textContent)).toEqual(merged);
    expect(editor()).toHaveValue(merged.join('\n'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('on a real conflict keeps the member’s text and shows both lists and who saved theirs', async () => {
    await conflicting();
    expect(editor()).toHaveValue('Option 1\nMine 2\nOption 3');
    expect(editor()).toHaveAttribute('readonly');
    expect(screen.getByRole('alert')).toHaveTextContent(/^Bea saved a change to the same fields/);
    expect(tiles().map((item) => item.textContent)).toEqual(['Option 1', 'Theirs 2', 'Option 3']);
    const mine = within(panel()).getByRole('radio', { name: /^Mine/ });
    const theirs = within(panel()).getByRole('radio', { name: /^Bea's/ });
    expect(mine.closest('label')?.querySelector('.edit-conflict-value')?.textContent).toBe(
      'Option 1\nMine 2\nOption 3',
    );
    expect(theirs.closest('label')?.querySelector('.edit-conflict-value')?.textContent).toBe(
      'Option 1\nTheirs 2\nOption 3',
    );
    // No merge is offered for lists that do not merge; nothing is saved before a choice.
    expect(within(panel()).queryByRole('radio', { name: /^Both/ })).toBeNull();
    expect(apply()).toBeDisabled();
    fireEvent.blur(editor());
    expect(screen.getByRole('alert')).toBeVisible();
  });

  it('“Mine” saves the member’s list over theirs', async () => {
    const u = userEvent.setup();
    const { log } = await conflicting();
    await u.click(within(panel()).getByRole('radio', { name: /^Mine/ }));
    await u.click(apply());
    expect(log.at(-1)).toEqual({
      type: 'editOptions',
      text: 'Option 1\nMine 2\nOption 3',
      from: ['Option 1', 'Theirs 2', 'Option 3'],
    });
    expect(tiles().map((item) => item.textContent)).toEqual(['Option 1', 'Mine 2', 'Option 3']);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(editor()).not.toHaveAttribute('readonly');
    expect(editor()).toHaveValue('Option 1\nMine 2\nOption 3');
  });

  it('“Mine” meets the next change of a teammate as a new conflict', async () => {
    const u = userEvent.setup();
    const { doc, log } = await conflicting();
    doc.teammate({ type: 'editOptions', text: 'Option 1\nOther 2\nOption 3' }, 'Cy');
    await u.click(within(panel()).getByRole('radio', { name: /^Mine/ }));
    await u.click(apply());
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Cy saved a change/);
    expect(within(panel()).getByRole('radio', { name: /^Cy's/ })).not.toBeChecked();
    expect(log).toHaveLength(2);
    expect(tiles().map((item) => item.textContent)).toEqual(['Option 1', 'Other 2', 'Option 3']);
  });

  it('“Theirs” takes their list and closes the editor without saving', async () => {
    const u = userEvent.setup();
    const { log } = await conflicting();
    await u.click(within(panel()).getByRole('radio', { name: /^Bea's/ }));
    await u.click(apply());
    expect(log).toHaveLength(1); // only the save that met the conflict
    expect(screen.queryByRole('alert')).toBeNull();
    expect(editor()).toHaveValue('Option 1\nTheirs 2\nOption 3');
    expect(editor()).not.toHaveAttribute('readonly');
    // The editor follows the stored options again.
    expect(tiles().map((item) => item.textContent)).toEqual(['Option 1', 'Theirs 2', 'Option 3']);
  });

  it('labels the panel in German', async () => {
    applyLanguage('de');
    try {
      await conflicting();
      expect(within(panel()).getByText('Optionen')).toBeVisible();
      expect(screen.getByRole('radio', { name: /^Meine/ })).toBeVisible();
    } finally {
      applyLanguage('en');
    }
  });
});

describe('the shared animation (spec §4, §9)', () => {
  // Testing Library's user-event waits on real timers, so only these tests fake the clock.
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date(NOW) });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('plays the saved steps with their delays, highlighting each, and lands on the target', () => {
    const idle = content({ selectedIndex: 1 });
    const { props, show } = setup(idle);
    expect(highlighted('selected')).toEqual(['Bob']);
    const run = started(idle, 0.6);
    const { steps } = run.animation;
    const names = run.options;
    show(run);

    const seen: (string | undefined)[] = [];
    for (const step of steps) {
      expect(highlighted('current')).toEqual([names[step.optionIndex]]);
      seen.push(highlighted('current')[0]);
      expect(highlighted('selected')).toEqual([]);
      expect(result()).toBe(''); // no announcement per step
      expect(screen.getByRole('button', { name: 'Randomizing…' })).toBeDisabled();
      expect(props.onRunFinished).not.toHaveBeenCalled();
      advance(step.delay);
    }
    expect(seen).toEqual(steps.map((step) => names[step.optionIndex]));
    const target = names[steps.at(-1)?.optionIndex ?? -1];
    expect(highlighted('current')).toEqual([]);
    expect(highlighted('selected')).toEqual([target]);
    expect(result()).toBe(`Selected: ${String(target)}`);
    expect(props.onRunFinished).toHaveBeenCalledTimes(1);
    expect(props.onRunFinished).toHaveBeenCalledWith('run-1');
    // Still busy until the starter's completion is saved.
    expect(screen.getByRole('button', { name: 'Randomizing…' })).toBeDisabled();
    show(complete(run, { runId: 'run-1' }));
    expect(screen.getByRole('button', { name: 'Start' })).toBeEnabled();
    expect(highlighted('selected')).toEqual([target]);
  });

  it('takes 10 steps at least and 50 → 300 ms per step', () => {
    const idle = content({ options: ['Ann', 'Bob'] });
    const { show } = setup(idle);
    const run = started(idle, 0.3);
    show(run);
    expect(run.animation.steps.length).toBeGreaterThanOrEqual(10);
    advance(49);
    expect(highlighted('current')).toEqual([run.options[run.animation.steps[0]?.optionIndex ?? 0]]);
    advance(1);
    expect(highlighted('current')).toEqual([run.options[run.animation.steps[1]?.optionIndex ?? 0]]);
    advance(animationDurationMs(run.animation) - 50 - 1);
    expect(highlighted('selected')).toEqual([]);
    advance(1);
    expect(highlighted('selected')).toEqual([
      run.options[run.animation.steps.at(-1)?.optionIndex ?? 0],
    ]);
  });

  it('plays each run once: its completion mid-walk and repeated updates do not restart it', () => {
    const idle = content();
    const { props, show } = setup(idle);
    const run = started(idle, 0.2);
    const { steps } = run.animation;
    show(run);
    advance((steps[0]?.delay ?? 0) + (steps[1]?.delay ?? 0));
    expect(highlighted('current')).toEqual([run.options[steps[2]?.optionIndex ?? 0]]);

    // The starter finished first: the completion arrives, with the target already used.
    const done = complete(run, { runId: 'run-1' });
    const target = run.options[done.selectedIndex ?? -1];
    show(structuredClone(done));
    expect(highlighted('current')).toEqual([run.options[steps[2]?.optionIndex ?? 0]]);
    expect(within(tile(String(target)) ?? document.body).queryByText('used')).toBeNull();
    expect(result()).toBe('');

    advance(animationDurationMs(run.animation));
    expect(highlighted('selected')).toEqual([target]);
    expect(within(tile(String(target)) ?? document.body).getByText('used')).toBeVisible();

    // The same run again (a reload): no replay.
    show(structuredClone(run));
    show(structuredClone(done));
    expect(highlighted('current')).toEqual([]);
    advance(animationDurationMs(run.animation));
    expect(props.onRunFinished).toHaveBeenCalledTimes(1);

    // A new run (new runId) plays again.
    const next = started(done, 0.9, 'run-2');
    show(next);
    expect(highlighted('current')).toEqual([next.options[next.animation.startIndex]]);
    advance(animationDurationMs(next.animation));
    expect(props.onRunFinished).toHaveBeenLastCalledWith('run-2');
  });

  it('plays the starter’s own run only once it is saved', () => {
    const idle = content();
    const { show } = setup(idle);
    const run = started(idle, 0.5);
    show(run, true); // optimistic, still saving
    expect(highlighted('current')).toEqual([]);
    expect(screen.getByRole('button', { name: 'Randomizing…' })).toBeDisabled();
    expect(screen.queryByText(/A draw is in progress/)).toBeNull();
    show(run, false);
    expect(highlighted('current')).toEqual([run.options[run.animation.startIndex]]);
  });

  it('shows a member who arrives during a run the result, not a replay', () => {
    const run = started(content(), 0.4);
    const { props, show } = setup(run);
    expect(highlighted('current')).toEqual([]);
    expect(highlighted('selected')).toEqual([]);
    expect(screen.getByText(/A draw is in progress/)).toBeVisible();
    advance(1000);
    // A reload of the same run (e.g. after a reconnect) does not start it either.
    show(structuredClone(run));
    expect(highlighted('current')).toEqual([]);
    const done = complete(run, { runId: 'run-1' });
    show(done);
    expect(highlighted('selected')).toEqual([run.options[done.selectedIndex ?? -1]]);
    expect(props.onRunFinished).not.toHaveBeenCalled();
  });

  it('stops a run that is replaced by an edit of the options', () => {
    const idle = content();
    const { show } = setup(idle);
    const run = started(idle, 0.4);
    show(run);
    advance(60);
    show(tools.randomizer.applyWith(run, { type: 'editOptions', text: 'X\nY' }, context()));
    expect(highlighted('current')).toEqual([]);
    expect(screen.getByRole('button', { name: 'Start' })).toBeEnabled();
  });

  it('with reduced motion lands on the same option at once and finishes after the same time', () => {
    const idle = content();
    const { props, show } = setup(idle, { reducedMotion: true });
    const run = started(idle, 0.7);
    show(run);
    const target = run.options[run.animation.steps.at(-1)?.optionIndex ?? -1];
    expect(highlighted('current')).toEqual([]);
    expect(highlighted('selected')).toEqual([target]);
    expect(result()).toBe(`Selected: ${String(target)}`);
    advance(animationDurationMs(run.animation) - 1);
    expect(props.onRunFinished).not.toHaveBeenCalled();
    advance(1);
    expect(props.onRunFinished).toHaveBeenCalledWith('run-1');
  });

  it('reports a run whose starter left as overdue', () => {
    const run = started(content(), 0.4);
    const { props, show } = setup(run);
    advance(animationDurationMs(run.animation) + OVERDUE_RUN_GRACE_MS - 1);
    expect(props.onRunOverdue).not.toHaveBeenCalled();
    advance(1);
    expect(props.onRunOverdue).toHaveBeenCalledWith('run-1');
    // Until someone's completion arrives it is reported again, then no more.
    advance(OVERDUE_RUN_GRACE_MS);
    expect(props.onRunOverdue).toHaveBeenCalledTimes(2);
    show(complete(run, { runId: 'run-1' }));
    advance(10 * OVERDUE_RUN_GRACE_MS);
    expect(props.onRunOverdue).toHaveBeenCalledTimes(2);
  });

  it('keeps the controls busy while a run animates', () => {
    const idle = content({ usedIndices: [0] });
    const { show } = setup(idle, {
      quickFills: [{ key: 'team', label: 'Team members', onFill: vi.fn(() => Promise.resolve()) }],
    });
    show(started(idle, 0.4));
    expect(screen.getByRole('button', { name: 'Randomizing…' })).toBeDisabled();
    expect(screen.getByRole('button', { name: /Reset used/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Team members' })).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'Allow repeat' })).toBeDisabled();
    expect(editor()).toHaveAttribute('readonly');
  });
});

describe('start, used badges and reset (spec §2, §4)', () => {
  it('starts on click and cannot start when every option is used', async () => {
    const u = userEvent.setup();
    const { props, show } = setup(content());
    await u.click(screen.getByRole('button', { name: 'Start' }));
    expect(props.onStart).toHaveBeenCalledTimes(1);
    show(content({ usedIndices: [0, 1, 2, 3] }));
    const startButton = screen.getByRole('button', { name: 'Start' });
    expect(startButton).toBeDisabled();
    expect(startButton).toHaveAccessibleDescription(/No available options to select from/);
  });

  it('marks used options in no-repeat mode and resets them with the used/total count', async () => {
    const u = userEvent.setup();
    const log: RandomizerOperation[] = [];
    render(<Live initial={content({ usedIndices: [1, 3], selectedIndex: 3 })} log={log} />);
    expect(within(tile('Bob') ?? document.body).getByText('used')).toBeVisible();
    expect(within(tile('Dee') ?? document.body).getByText('used')).toBeVisible();
    expect(within(tile('Ann') ?? document.body).queryByText('used')).toBeNull();
    expect(highlighted('selected')).toEqual(['Dee']);

    await u.click(screen.getByRole('button', { name: 'Reset used (2/4)' }));
    expect(log).toEqual([{ type: 'resetUsed' }]);
    expect(screen.queryByText('used')).toBeNull();
    expect(highlighted('selected')).toEqual([]);
    expect(screen.queryByRole('button', { name: /Reset used/ })).toBeNull();
  });

  it('shows no used badges in allow-repeat mode, and switching to it clears them', async () => {
    const u = userEvent.setup();
    const log: RandomizerOperation[] = [];
    render(<Live initial={content({ usedIndices: [0] })} log={log} />);
    expect(screen.getByRole('radio', { name: 'No repeat' })).toBeChecked();
    await u.click(screen.getByRole('radio', { name: 'Allow repeat' }));
    expect(log).toEqual([{ type: 'setMode', mode: 'allow' }]);
    expect(screen.getByRole('radio', { name: 'Allow repeat' })).toBeChecked();
    expect(screen.queryByText('used')).toBeNull();
    expect(screen.queryByRole('button', { name: /Reset used/ })).toBeNull();
  });

  it('shows the chosen mode at once and keeps it while it is saved', async () => {
    const u = userEvent.setup();
    let settle: () => void = () => undefined;
    const onSetMode = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          settle = resolve;
        }),
    );
    const { show } = setup(content(), { onSetMode });
    const allow = screen.getByRole('radio', { name: 'Allow repeat' });
    await u.click(allow);
    expect(onSetMode).toHaveBeenCalledWith('allow');
    // Not in the content yet: the click shows until the save settles, then the content does.
    expect(allow).toBeChecked();
    show(content({ repetitionMode: 'allow' }));
    await act(async () => {
      settle();
      await Promise.resolve();
    });
    expect(allow).toBeChecked();
    expect(screen.getByRole('radio', { name: 'No repeat' })).not.toBeChecked();
  });

  it('runs a quick fill', async () => {
    const u = userEvent.setup();
    const onFill = vi.fn(() => Promise.resolve());
    setup(content(), {
      quickFills: [{ key: 'p', label: 'Backlog issues', onFill }],
      quickFillNote: 'Loading the backlog phases…',
    });
    await u.click(screen.getByRole('button', { name: 'Backlog issues' }));
    expect(onFill).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Loading the backlog phases…')).toBeVisible();
  });
});

describe('German texts (spec §1)', () => {
  afterEach(() => applyLanguage('en'));

  it('shows the screen in German', () => {
    applyLanguage('de');
    setup(content({ usedIndices: [0], selectedIndex: 0 }));
    expect(screen.getByRole('textbox', { name: 'Optionen, eine pro Zeile' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Starten' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Gezogene zurücksetzen (1/4)' })).toBeEnabled();
    expect(screen.getByRole('radio', { name: 'Keine Wiederholung' })).toBeChecked();
    expect(within(tile('Ann') ?? document.body).getByText('gezogen')).toBeVisible();
    expect(screen.getByTestId('randomizer-result')).toHaveTextContent('Ausgewählt: Ann');
  });
});
