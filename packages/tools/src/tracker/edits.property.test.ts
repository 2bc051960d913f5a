/**
 * Field edits of issues and checklist items merge by field (../edits.ts, spec §4 version
 * conflict), new fields included: two members' edits of different fields both land, in either
 * order; the same field changed to different values is a conflict naming it. And a due date is
 * accepted exactly when it is blank or a calendar date.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { type EditConflictError, isEditConflict } from '../edits.ts';
import { testContext } from '../testing.ts';
import { addIssue, updateChecklistItem, updateIssue } from './operations.ts';
import { issueTitled, phaseNamed, sampleBoard } from './test-board.ts';
import { ISSUE_PRIORITIES, TrackerError, type TrackerContent } from './types.ts';
import { isDueDate } from './view.ts';

const issueChanges = fc.record(
  {
    title: fc.constantFrom('A', 'Mine', 'Theirs'),
    description: fc.constantFrom('', 'one', 'two'),
    priority: fc.constantFrom(...ISSUE_PRIORITIES),
    dueDate: fc.constantFrom('2024-01-31', '2024-02-29', null),
    archived: fc.boolean(),
    // Spelled as the board's team members (or a new one, who joins); '' leaves it unassigned.
    assignedPerson: fc.constantFrom('', 'ann', 'cy'),
  },
  { requiredKeys: [] },
);

const itemChanges = fc.record(
  { text: fc.constantFrom('Write tests', 'Mine', 'Theirs'), done: fc.boolean() },
  { requiredKeys: [] },
);

// Values as they merge: an absent due date and `archived` false are null.
function merged(field: string, value: unknown): unknown {
  if (field === 'archived') return value === true ? true : null;
  return value ?? null;
}

/** `from` of an edit started on `current`: its value of each changed field, if it has one. */
function fromOf<T extends object>(current: object, changes: T): Partial<T> {
  const from: Record<string, unknown> = {};
  for (const field of Object.keys(changes)) {
    const value = (current as Record<string, unknown>)[field];
    if (value !== undefined) from[field] = value;
  }
  return from as Partial<T>;
}

/** The fields both changed to values that differ from each other and from the start. */
function conflicts(start: object, theirs: object, mine: object): string[] {
  const base = start as Record<string, unknown>;
  const their = theirs as Record<string, unknown>;
  const my = mine as Record<string, unknown>;
  return Object.keys(my).filter((field) => {
    if (!(field in their)) return false;
    const t = merged(field, their[field]);
    return t !== merged(field, base[field]) && t !== merged(field, my[field]);
  });
}

/** Asserts both orders agree (no conflict) or the second refuses naming the fields. */
function expectMergedByField(
  apply: (content: TrackerContent, changes: object, from: object) => TrackerContent,
  before: TrackerContent,
  start: object,
  theirs: object,
  mine: object,
): void {
  const expected = conflicts(start, theirs, mine);
  const afterTheirs = apply(before, theirs, fromOf(start, theirs));
  let both: TrackerContent;
  try {
    both = apply(afterTheirs, mine, fromOf(start, mine));
  } catch (error) {
    expect(isEditConflict(error)).toBe(true);
    expect((error as EditConflictError).conflicts.map((conflict) => conflict.field)).toEqual(
      expected,
    );
    return;
  }
  expect(expected).toEqual([]);
  // In the other order theirs may conflict with mine (a field they set back to its start).
  if (conflicts(start, mine, theirs).length > 0) return;
  const otherOrder = apply(apply(before, mine, fromOf(start, mine)), theirs, fromOf(start, theirs));
  expect(both).toStrictEqual(otherOrder);
}

describe('field edits merge by field (property)', () => {
  const before = sampleBoard('kanban');
  const a = issueTitled(before, 'A');

  it('updateIssue: due date and archived flag like every other field', () => {
    const apply = (content: TrackerContent, changes: object, from: object) =>
      updateIssue(content, { issueId: a.id, changes: changes, from });
    fc.assert(
      fc.property(issueChanges, issueChanges, (theirs, mine) => {
        expectMergedByField(apply, before, a, theirs, mine);
      }),
      { numRuns: 300 },
    );
  });

  it('updateChecklistItem: text and done', () => {
    const item = a.checklist?.[0];
    if (!item) throw new Error('A has a checklist item');
    const apply = (content: TrackerContent, changes: object, from: object) =>
      updateChecklistItem(content, {
        issueId: a.id,
        itemId: item.id,
        changes: changes,
        from,
      });
    fc.assert(
      fc.property(itemChanges, itemChanges, (theirs, mine) => {
        expectMergedByField(apply, before, item, theirs, mine);
      }),
      { numRuns: 200 },
    );
  });
});

describe('due dates are validated (property)', () => {
  const before = sampleBoard('ticket-system');
  const todo = phaseNamed(before, 'To Do');
  const ctx = testContext('fixed');
  const dueDate = fc.oneof(
    fc.string({ maxLength: 12 }),
    fc
      .date({
        min: new Date(Date.UTC(1900, 0, 1)),
        max: new Date(Date.UTC(2200, 0, 1)),
        noInvalidDate: true,
      })
      .map((date) => date.toISOString().slice(0, 10)),
    fc
      .tuple(
        fc.integer({ min: 0, max: 9999 }),
        fc.integer({ min: 0, max: 13 }),
        fc.integer({ min: 0, max: 32 }),
      )
      .map(([y, m, d]) =>
        [String(y).padStart(4, '0'), String(m).padStart(2, '0'), String(d).padStart(2, '0')].join(
          '-',
        ),
      ),
  );

  it('accepts exactly a blank or a calendar date YYYY-MM-DD, stored trimmed', () => {
    fc.assert(
      fc.property(dueDate, (date) => {
        const valid = date.trim() === '' || isDueDate(date.trim());
        let after: TrackerContent;
        try {
          after = addIssue(
            before,
            { phaseId: todo, issue: { title: 'X', dueDate: date }, createdBy: 'ann' },
            ctx,
          );
        } catch (error) {
          expect(error).toBeInstanceOf(TrackerError);
          expect(error).toMatchObject({ code: 'INVALID_DUE_DATE' });
          expect(valid).toBe(false);
          return;
        }
        expect(valid).toBe(true);
        const issue = after.phases.find((phase) => phase.id === todo)?.issues.at(-1);
        expect(issue?.dueDate).toBe(date.trim() === '' ? undefined : date.trim());
      }),
      { numRuns: 500 },
    );
  });
});
