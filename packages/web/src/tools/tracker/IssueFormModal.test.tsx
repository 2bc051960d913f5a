import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { ISSUE_TYPES } from '@cipherspace/tools/tracker';
import { IssueFormModal, type IssueFormValues } from './IssueFormModal.tsx';
import { PhaseFormModal, type PhaseFormValues } from './PhaseFormModal.tsx';

function setupIssueForm(
  options: {
    initial?: Partial<IssueFormValues>;
    noun?: 'card' | 'issue';
    onSubmit?: (values: IssueFormValues) => Promise<boolean>;
  } = {},
) {
  const user = userEvent.setup();
  const onSubmit = vi.fn(options.onSubmit ?? (() => Promise.resolve(true)));
  const onClose = vi.fn();
  render(
    <IssueFormModal
      open
      mode={options.initial ? 'edit' : 'add'}
      noun={options.noun ?? 'issue'}
      subject="phase-1"
      initial={options.initial}
      issueTypes={ISSUE_TYPES}
      defaultType="Task"
      teamMembers={['alice', 'bob']}
      onSubmit={onSubmit}
      onClose={onClose}
    />,
  );
  return { user, onSubmit, onClose };
}

describe('IssueFormModal (spec §2 shared issue form, §5 Issue form)', () => {
  it('speaks of cards on Kanban and of issues in Issue Management', () => {
    setupIssueForm({ noun: 'card' });
    expect(screen.getByRole('dialog', { name: 'Add Card' })).toBeInTheDocument();
  });

  it('titles the edit dialog of a card Edit Card', () => {
    setupIssueForm({ noun: 'card', initial: { title: 'Fix login' } });
    expect(screen.getByRole('dialog', { name: 'Edit Card' })).toBeInTheDocument();
  });

  it('refuses a blank title with the spec message, focuses it and saves nothing', async () => {
    const { user, onSubmit } = setupIssueForm();
    expect(screen.getByRole('dialog', { name: 'Add Issue' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Title'), '   ');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Title is required');
    expect(screen.getByLabelText('Title')).toHaveFocus();
    expect(screen.getByLabelText('Title')).toHaveAttribute('aria-invalid', 'true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('limits the estimation to 3 characters and offers the spec hints', async () => {
    const { user } = setupIssueForm();
    const estimation = screen.getByLabelText('Estimation');
    expect(estimation).toHaveAttribute('maxLength', '3');
    await user.type(estimation, 'XXLL');
    expect(estimation).toHaveValue('XXL');
    const hints = [
      ...document.querySelectorAll(`#${CSS.escape(estimation.getAttribute('list') ?? '')} option`),
    ].map((option) => option.getAttribute('value'));
    expect(hints).toEqual(['1', '3', '5', 'XS', 'S', 'M', 'L', 'XL']);
  });

  it('reports an over-long estimation it was given', async () => {
    const { user, onSubmit } = setupIssueForm({ initial: { title: 'Old', estimation: '1000' } });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Estimation must be at most 3 characters');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits every field with defaults and closes when saved', async () => {
    const { user, onSubmit, onClose } = setupIssueForm();
    await user.type(screen.getByLabelText('Title'), 'Fix login');
    await user.type(screen.getByLabelText('Description'), 'Steps to reproduce');
    await user.selectOptions(screen.getByLabelText('Type'), 'Bug');
    await user.selectOptions(screen.getByLabelText('Priority'), 'High');
    await user.type(screen.getByLabelText('Estimation'), '5');
    await user.type(screen.getByLabelText('Assigned person'), 'bob{Enter}');
    expect(onSubmit).toHaveBeenCalledWith(
      {
        title: 'Fix login',
        description: 'Steps to reproduce',
        type: 'Bug',
        priority: 'High',
        estimation: '5',
        assignedPerson: 'bob',
        tags: [],
        dueDate: null,
      },
      // What the form started from: an edit sends only what differs from it.
      {
        title: '',
        description: '',
        type: 'Task',
        priority: 'none',
        estimation: '',
        assignedPerson: '',
        tags: [],
        dueDate: null,
      },
    );
    expect(onClose).toHaveBeenCalled();
  });

  it('keeps the modal open with the input when the save fails, and disables submit meanwhile', async () => {
    let finish: (saved: boolean) => void = () => undefined;
    const { user, onClose } = setupIssueForm({
      onSubmit: () => new Promise<boolean>((resolve) => (finish = resolve)),
    });
    await user.type(screen.getByLabelText('Title'), 'Keep me');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(screen.getByRole('button', { name: 'Saving…' })).toBeDisabled();
    finish(false);
    expect(await screen.findByRole('button', { name: 'Add' })).toBeEnabled();
    expect(screen.getByLabelText('Title')).toHaveValue('Keep me');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('starts an edit from the issue values', () => {
    setupIssueForm({
      initial: { title: 'Existing', type: 'Epic', priority: 'Low', assignedPerson: 'alice' },
    });
    expect(screen.getByRole('dialog', { name: 'Edit Issue' })).toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toHaveValue('Existing');
    expect(screen.getByLabelText('Type')).toHaveValue('Epic');
    expect(screen.getByLabelText('Priority')).toHaveValue('Low');
    expect(screen.getByLabelText('Assigned person')).toHaveValue('alice');
  });
});

describe('PhaseFormModal (spec §2 Add Column / Add Phase, §5 name required)', () => {
  function setupPhaseForm(withDescription: boolean) {
    const user = userEvent.setup();
    const onSubmit = vi.fn((_values: PhaseFormValues) => Promise.resolve(true));
    const onClose = vi.fn();
    render(
      <PhaseFormModal
        open
        title="Add Column"
        submitLabel="Add"
        withDescription={withDescription}
        onSubmit={onSubmit}
        onClose={onClose}
      />,
    );
    return { user, onSubmit, onClose };
  }

  it('requires a name after trimming', async () => {
    const { user, onSubmit } = setupPhaseForm(false);
    await user.type(screen.getByLabelText('Name'), '  ');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Name is required');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('offers the seven spec colours, gray by default, and no description for columns', async () => {
    const { user, onSubmit } = setupPhaseForm(false);
    const colours = screen.getAllByRole('radio').map((radio) => (radio as HTMLInputElement).value);
    expect(colours).toEqual([
      '#6c757d',
      '#17a2b8',
      '#28a745',
      '#ffc107',
      '#fd7e14',
      '#dc3545',
      '#6f42c1',
    ]);
    expect(screen.getByRole('radio', { name: 'Gray' })).toBeChecked();
    expect(screen.queryByLabelText('Description (optional)')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Name'), 'Review');
    await user.click(screen.getByRole('radio', { name: 'Purple' }));
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(onSubmit).toHaveBeenCalledWith({ name: 'Review', color: '#6f42c1', description: '' });
  });

  it('takes an optional description for phases', async () => {
    const { user, onSubmit } = setupPhaseForm(true);
    await user.type(screen.getByLabelText('Name'), 'Review');
    await user.type(screen.getByLabelText('Description (optional)'), 'Peer review');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(onSubmit).toHaveBeenCalledWith({
      name: 'Review',
      color: '#6c757d',
      description: 'Peer review',
    });
  });
});
