import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import {
  addIssue,
  defaultContent,
  updatePhase,
  type TrackerContext,
} from '@cipherspace/tools/tracker';
import { DueBadge, formatDueDate, readShownReminders } from './due-reminders.tsx';

function board() {
  let id = 0;
  const ctx: TrackerContext = { newId: () => `id-${++id}`, now: () => '2024-03-05T14:07:00.000Z' };
  let content = defaultContent('kanban', ctx);
  const [first, , , , done] = content.phases;
  const todo = first?.id ?? '';
  const items: [string, string, string][] = [
    ['Late', 'Ann', '2024-03-01'],
    ['Today', 'ann', '2024-03-05'],
    ['Tomorrow', 'ann', '2024-03-06'],
    ['Not mine', 'bob', '2024-03-01'],
  ];
  for (const [title, assignedPerson, dueDate] of items)
    content = addIssue(
      content,
      { phaseId: todo, issue: { title, assignedPerson, dueDate }, createdBy: 'ann' },
      ctx,
    );
  content = addIssue(
    content,
    {
      phaseId: done?.id ?? '',
      issue: { title: 'Finished', assignedPerson: 'ann', dueDate: '2024-03-01' },
      createdBy: 'ann',
    },
    ctx,
  );
  return { content, doneId: done?.id ?? '' };
}

describe('shown due reminders', () => {
  it('forgets the reminders of earlier days', () => {
    localStorage.setItem('k', JSON.stringify({ day: '2024-03-04', ids: ['a'] }));
    expect(readShownReminders('k', '2024-03-05').size).toBe(0);
    localStorage.setItem('k', JSON.stringify({ day: '2024-03-05', ids: ['a', 3] }));
    expect([...readShownReminders('k', '2024-03-05')]).toEqual(['a']);
  });
});

describe('DueBadge', () => {
  it('marks overdue and due soon, and nothing without a due date', () => {
    const { content, doneId } = board();
    const view = render(
      <DueBadge issue={{ dueDate: '2024-03-01' }} today="2024-03-05" language="en" />,
    );
    expect(screen.getByText(/Overdue/)).toHaveClass('tracker-due-overdue');
    view.rerender(<DueBadge issue={{ dueDate: '2024-03-06' }} today="2024-03-05" language="en" />);
    expect(screen.getByText(/Due soon/)).toHaveClass('tracker-due-dueSoon');
    const donePhase = updatePhase(content, { phaseId: doneId, changes: {} }).phases.find(
      (phase) => phase.id === doneId,
    );
    view.rerender(
      <DueBadge
        issue={{ dueDate: '2024-03-01' }}
        phase={donePhase}
        today="2024-03-05"
        language="en"
      />,
    );
    expect(screen.getByText(/^Due:/)).toHaveClass('tracker-due-due');
    view.rerender(<DueBadge issue={{}} today="2024-03-05" language="en" />);
    expect(view.container).toBeEmptyDOMElement();
  });

  it('writes the day in the interface language without shifting it', () => {
    expect(formatDueDate('2024-03-05', 'de')).toBe('05.03.2024');
    expect(formatDueDate('2024-03-05', 'en')).toContain('2024');
  });
});
