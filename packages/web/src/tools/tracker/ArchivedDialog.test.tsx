import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import {
  addIssue,
  defaultContent,
  updateIssue,
  updatePhase,
  type KanbanContent,
  type TrackerContext,
} from '@cipherspace/tools/tracker';
import { ArchivedButton, archivedItems } from './ArchivedDialog.tsx';

function board(): { content: KanbanContent; ids: string[]; phaseId: string } {
  let id = 0;
  const ctx: TrackerContext = { newId: () => `id-${++id}`, now: () => '2024-03-05T14:07:00.000Z' };
  let content = defaultContent('kanban', ctx);
  const phaseId = content.phases[0]?.id ?? '';
  for (const title of ['Fix login', 'Write docs', 'Ship it'])
    content = addIssue(content, { phaseId, issue: { title }, createdBy: 'ann' }, ctx);
  const ids = (content.phases[0]?.issues ?? []).map((issue) => issue.id);
  for (const issueId of ids.slice(0, 2))
    content = updateIssue(content, { issueId, changes: { archived: true } });
  return { content, ids, phaseId };
}

describe('archived items', () => {
  it('lists the archived issues matching the search, in board order', () => {
    const { content } = board();
    expect(archivedItems(content, '').map((item) => item.issue.title)).toEqual([
      'Fix login',
      'Write docs',
    ]);
    expect(archivedItems(content, 'DOCS').map((item) => item.issue.title)).toEqual(['Write docs']);
  });

  it('opens from "Archived (n)", searches and restores', async () => {
    const user = userEvent.setup();
    const { content, ids } = board();
    const onRestore = vi.fn(() => Promise.resolve(true));
    render(<ArchivedButton content={content} noun="card" language="en" onRestore={onRestore} />);
    await user.click(screen.getByRole('button', { name: 'Archived (2)' }));
    const dialog = screen.getByRole('dialog', { name: 'Archived cards' });
    expect(dialog).toHaveTextContent('Column: Backlog');
    await user.type(screen.getByLabelText('Search archived'), 'login');
    expect(screen.queryByText('Write docs')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Restore card Fix login' }));
    expect(onRestore).toHaveBeenCalledWith(ids[0]);
    await user.clear(screen.getByLabelText('Search archived'));
    await user.type(screen.getByLabelText('Search archived'), 'nothing');
    expect(screen.getByRole('status')).toHaveTextContent('No archived card matches the search.');
  });

  it('refuses to restore into a full column with the phase-full message', async () => {
    const user = userEvent.setup();
    const { content: start, phaseId } = board();
    const content = updatePhase(start, { phaseId, changes: { maxIssues: 1 } });
    const onRestore = vi.fn(() => Promise.resolve(true));
    render(<ArchivedButton content={content} noun="issue" language="en" onRestore={onRestore} />);
    await user.click(screen.getByRole('button', { name: 'Archived (2)' }));
    await user.click(screen.getByRole('button', { name: 'Restore issue Write docs' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Cannot move issue. Phase is at maximum capacity',
    );
    expect(onRestore).not.toHaveBeenCalled();
  });

  it('says when nothing is archived', async () => {
    const user = userEvent.setup();
    const { content, ids } = board();
    let restored = content;
    for (const issueId of ids.slice(0, 2))
      restored = updateIssue(restored, { issueId, changes: { archived: false } });
    render(
      <ArchivedButton
        content={restored}
        noun="issue"
        language="en"
        onRestore={() => Promise.resolve(true)}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Archived (0)' }));
    expect(screen.getByRole('dialog')).toHaveTextContent('No archived issues.');
  });
});
