import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import type { Phase } from '@cipherspace/tools/tracker';
import { parseLimit, PhaseFormModal, phaseEditValues } from './PhaseFormModal.tsx';

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
