import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import type { Issue, Phase } from './types.ts';
import {
  activeIssueCount,
  checklistProgress,
  dayNumber,
  dueStatus,
  isDueDate,
  wipState,
} from './view.ts';

const issue = (extra: Partial<Issue> = {}): Pick<Issue, 'dueDate' | 'checklist' | 'archived'> =>
  extra;

describe('dueStatus', () => {
  it('is overdue before today, due soon up to soonDays after it, due later', () => {
    const today = '2024-02-28';
    expect(dueStatus(issue({ dueDate: '2024-02-27' }), today)).toBe('overdue');
    expect(dueStatus(issue({ dueDate: '2024-02-28' }), today)).toBe('dueSoon');
    expect(dueStatus(issue({ dueDate: '2024-03-01' }), today)).toBe('dueSoon');
    expect(dueStatus(issue({ dueDate: '2024-03-02' }), today)).toBe('due');
    expect(dueStatus(issue({ dueDate: '2024-03-02' }), today, 3)).toBe('dueSoon');
    expect(dueStatus(issue({ dueDate: '2024-02-29' }), today, 0)).toBe('due');
  });

  it('never calls a done issue (in an end phase) overdue', () => {
    expect(dueStatus(issue({ dueDate: '2020-01-01' }), '2024-01-01', 2, { isEndPhase: true })).toBe(
      'due',
    );
    expect(dueStatus(issue({ dueDate: '2020-01-01' }), '2024-01-01', 2, {})).toBe('overdue');
  });

  it('is null without a due date, or when a date is not one', () => {
    expect(dueStatus(issue(), '2024-01-01')).toBeNull();
    expect(dueStatus(issue({ dueDate: '2024-02-30' }), '2024-01-01')).toBeNull();
    expect(dueStatus(issue({ dueDate: '2024-01-01' }), 'today')).toBeNull();
  });

  it('orders dates as the calendar does (property)', () => {
    const day = fc.date({
      min: new Date(Date.UTC(1990, 0, 1)),
      max: new Date(Date.UTC(2090, 0, 1)),
      noInvalidDate: true,
    });
    fc.assert(
      fc.property(day, day, (a, b) => {
        const dueDate = a.toISOString().slice(0, 10);
        const today = b.toISOString().slice(0, 10);
        expect(isDueDate(dueDate)).toBe(true);
        const status = dueStatus({ dueDate }, today);
        expect(status === 'overdue').toBe(dueDate < today);
        expect(dayNumber(dueDate)).toBe(Math.floor(a.getTime() / 86_400_000));
      }),
    );
  });
});

describe('checklistProgress', () => {
  it('counts ticked and all items; null without a checklist', () => {
    expect(checklistProgress(issue())).toBeNull();
    expect(checklistProgress(issue({ checklist: [] }))).toBeNull();
    expect(
      checklistProgress(
        issue({
          checklist: [
            { id: '1', text: 'a', done: true },
            { id: '2', text: 'b', done: false },
          ],
        }),
      ),
    ).toEqual({ done: 1, total: 2 });
  });
});

describe('wipState and activeIssueCount', () => {
  const issues = [{ archived: true }, {}, { archived: false }] as Issue[];

  it('count the issues on the board, not the archived ones', () => {
    expect(activeIssueCount({ issues })).toBe(2);
    const phase = (maxIssues?: number): Pick<Phase, 'issues' | 'maxIssues'> =>
      maxIssues === undefined ? { issues } : { issues, maxIssues };
    expect(wipState(phase())).toBeNull();
    expect(wipState(phase(2))).toEqual({ count: 2, limit: 2, over: false, atLimit: true });
    expect(wipState(phase(3))).toEqual({ count: 2, limit: 3, over: false, atLimit: false });
    expect(wipState(phase(1))).toEqual({ count: 2, limit: 1, over: true, atLimit: false });
  });
});
