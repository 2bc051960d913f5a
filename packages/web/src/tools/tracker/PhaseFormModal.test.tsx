import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { editBetween } from '@cipherspace/tools';
import type { Phase } from '@cipherspace/tools/tracker';
import { liveKanbanBoard, saveOutcome } from '../../testing/operations.ts';
import type { SaveOutcome } from '../content/EditConflictPanel.tsx';
import {
  parseLimit,
  PhaseFormModal,
  phaseEditValues,
  type PhaseEditValues,
} from './PhaseFormModal.tsx';

const PHASE: Phase = {
  id: 'p1',
  name: 'Doing',
  issues: [],
  order: 0,
  color: '#6c757d',
  description: '',
};

function setup(phase: Phase = PHASE) {
  const user = userEvent.setup();
  const onEdit = vi.fn(() => Promise.resolve(true as const));
  const onClose = vi.fn();
  render(
    <PhaseFormModal
      open
      editing={phase}
      title="Edit Column"
      submitLabel="Save"
      withDescription={false}
      onEdit={onEdit}
      onClose={onClose}
    />,
  );
  return { user, onEdit, onClose };
}

describe('PhaseFormModal edit mode', () => {
  it('reads a WIP limit: empty is none, a whole number is the limit', () => {
    expect(parseLimit(' ')).toBeNull();
    expect(parseLimit('5')).toBe(5);
    expect(parseLimit('-1')).toBeUndefined();
    expect(parseLimit('2.5')).toBeUndefined();
    expect(phaseEditValues({ ...PHASE, maxIssues: 3, isEndPhase: true })).toMatchObject({
      maxIssues: 3,
      isEndPhase: true,
    });
  });

  it('starts from the phase and gives back the new values with the old ones', async () => {
    const { user, onEdit, onClose } = setup();
    expect(screen.getByRole('dialog', { name: 'Edit Column' })).toBeInTheDocument();
    const name = screen.getByLabelText('Name');
    expect(name).toHaveValue('Doing');
    await user.clear(name);
    await user.type(name, 'In progress');
    await user.click(screen.getByLabelText(/Blue/));
    await user.type(screen.getByLabelText('WIP limit'), '5');
    await user.click(screen.getByLabelText('Counts as done'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onEdit).toHaveBeenCalledWith(
      {
        name: 'In progress',
        color: '#17a2b8',
        description: '',
        maxIssues: 5,
        isEndPhase: true,
      },
      { name: 'Doing', color: '#6c757d', description: '', maxIssues: null, isEndPhase: false },
    );
    expect(onClose).toHaveBeenCalled();
  });

  it('refuses a limit that is not a whole number and clears a limit', async () => {
    const { user, onEdit } = setup({ ...PHASE, maxIssues: 4 });
    const limit = screen.getByLabelText('WIP limit');
    expect(limit).toHaveValue('4');
    await user.clear(limit);
    await user.type(limit, 'x');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a whole number');
    expect(onEdit).not.toHaveBeenCalled();
    await user.clear(limit);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onEdit).toHaveBeenCalledWith(
      expect.objectContaining({ maxIssues: null }),
      expect.objectContaining({ maxIssues: 4 }),
    );
  });
});

/**
 * A real board and its first column, changed as a teammate or through the dialog the way the
 * page saves it (use-phase-planning: the edit from the dialog's base, or the teammate's conflict).
 */
function board() {
  const { content, apply } = liveKanbanBoard();
  const phase = () => {
    const found = content().phases[0];
    if (!found) throw new Error('no column');
    return found;
  };
  const phaseId = phase().id;
  return {
    phase,
    /** Bob saves `changes` from what he saw. */
    teammate(changes: Partial<PhaseEditValues>) {
      apply({ type: 'updatePhase', phaseId, ...editBetween(phaseEditValues(phase()), changes) });
    },
    save(values: PhaseEditValues, base: PhaseEditValues): Promise<SaveOutcome> {
      return saveOutcome(
        () => apply({ type: 'updatePhase', phaseId, ...editBetween(base, values) }),
        'bob',
      );
    },
  };
}

function openEdit(shared: ReturnType<typeof board>) {
  const user = userEvent.setup();
  let closed = false;
  render(
    <PhaseFormModal
      open
      editing={shared.phase()}
      title="Edit Column"
      submitLabel="Save"
      withDescription={false}
      onEdit={(values, base) => shared.save(values, base)}
      onClose={() => {
        closed = true;
      }}
    />,
  );
  return { user, closed: () => closed };
}

describe('PhaseFormModal with a teammate’s change saved meanwhile', () => {
  it('keeps the teammate’s change to other fields and saves only the member’s', async () => {
    const shared = board();
    const { user, closed } = openEdit(shared);
    shared.teammate({ color: '#dc3545', maxIssues: 3 });
    const name = screen.getByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Backlog');
    await user.click(screen.getByLabelText('Counts as done'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(closed()).toBe(true);
    expect(shared.phase()).toMatchObject({
      name: 'Backlog',
      isEndPhase: true,
      color: '#dc3545',
      maxIssues: 3,
    });
  });

  it('reports a limit both changed and saves theirs with the member’s other change', async () => {
    const shared = board();
    const { user, closed } = openEdit(shared);
    shared.teammate({ maxIssues: 3 });
    const name = screen.getByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Backlog');
    await user.type(screen.getByLabelText('WIP limit'), '5');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(closed()).toBe(false);
    const limit = screen.getByRole('group', { name: 'WIP limit' });
    expect(within(limit).getByRole('radio', { name: /Mine\s*5/ })).toBeInTheDocument();
    expect(shared.phase().maxIssues).toBe(3);
    await user.click(within(limit).getByRole('radio', { name: /bob's\s*3/ }));
    await user.click(screen.getByRole('button', { name: 'Save with these choices' }));
    expect(closed()).toBe(true);
    expect(shared.phase()).toMatchObject({ name: 'Backlog', maxIssues: 3 });
  });
});
