/**
 * Two members edit the same card, issue, phase, comment, note, settings or poker topic at once
 * (./edits.ts, spec §4 version conflicts), every edit sent over the wire as the app sends it:
 * when their fields differ, applying A's and B's edits in either order gives the same result; a
 * conflict is reported exactly when both changed a field to different values; and undoing A's
 * edit leaves B's fields as B left them.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { bulletinTool } from './bulletin/definition.ts';
import { NOTE_COLORS, POST_PRIORITIES } from './bulletin/types.ts';
import { EditConflictError, sameFieldValue } from './edits.ts';
import { operationContext } from './operation.ts';
import { pokerTool } from './poker/definition.ts';
import { overTheWire, stampOf } from './testing.ts';
import type { NamedOperation, ToolDefinition } from './tool.ts';
import { issueTitled, phaseNamed, sampleBoard, trackerTool } from './tracker/test-board.ts';
import {
  ISSUE_PRIORITIES,
  ISSUE_TYPES,
  type Comment,
  type TrackerContent,
} from './tracker/types.ts';

type Fields = Record<string, unknown>;

/** One kind of edit: a tool, content to edit, its fields' new values and how to read them back. */
interface EditKind {
  name: string;
  tool: ToolDefinition<object>;
  base: object;
  /** Per field, values that differ from the field's value in `base`. */
  values: Record<string, fc.Arbitrary<unknown>>;
  /** The edited entity's fields (what both members see). */
  read: (content: object) => Fields;
  operation: (changes: Fields, from: Fields) => NamedOperation;
}

const word = fc.stringMatching(/^[a-z]{1,8}$/);
const text = fc.array(word, { minLength: 1, maxLength: 3 }).map((lines) => lines.join('\n'));
const otherThan = <T>(values: readonly T[], current: T) =>
  fc.constantFrom(...values.filter((value) => value !== current));

const kanban = sampleBoard('kanban');
const ticket = sampleBoard('ticket-system');
const cardA = issueTitled(kanban, 'A') as unknown as Fields;
const cardAId = String(cardA.id);
const cardOf = (content: object) =>
  (content as TrackerContent).phases
    .flatMap((phase) => phase.issues)
    .find((issue) => issue.id === cardAId) as unknown as Fields;
const comment = issueTitled(kanban, 'A').comments[0];
if (!comment) throw new Error('Card A has a comment');
const commentOf = (content: object): Comment => {
  const found = (cardOf(content).comments as Comment[]).find((one) => one.id === comment.id);
  if (!found) throw new Error('The comment is gone');
  return found;
};
const toDoId = phaseNamed(kanban, 'To Do');
const phaseOf = (content: object) =>
  (content as TrackerContent).phases.find((phase) => phase.id === toDoId) as unknown as Fields;
const bulletin = bulletinTool.defaultContent(operationContext(stampOf(0)));
const note = bulletin.posts[0];
if (!note) throw new Error('The default board has a welcome note');
const noteOf = (content: object) => {
  const { updatedAt: _when, ...fields } = (content as typeof bulletin).posts.find(
    (post) => post.id === note.id,
  ) as unknown as Fields;
  return fields;
};
const poker = pokerTool.defaultContent(operationContext(stampOf(0)));

const KINDS: readonly EditKind[] = [
  {
    name: 'Kanban card (updateIssue)',
    tool: trackerTool('kanban'),
    base: kanban,
    values: {
      title: word.map((value) => `T ${value}`),
      description: text,
      type: otherThan(ISSUE_TYPES, cardA.type),
      priority: otherThan(ISSUE_PRIORITIES, cardA.priority),
      estimation: fc.constantFrom('1', '3', 'XL'),
      tags: fc.array(word, { minLength: 1, maxLength: 3 }),
      // Team members as spelled on the board, or a new one (who joins the team).
      assignedPerson: otherThan(['ann', 'bo', 'cy'], cardA.assignedPerson),
    },
    read: cardOf,
    operation: (changes, from) => ({ type: 'updateIssue', issueId: cardAId, changes, from }),
  },
  {
    name: 'Kanban column (updatePhase)',
    tool: trackerTool('kanban'),
    base: kanban,
    values: {
      name: word.map((value) => `P ${value}`),
      description: text,
      color: fc.constantFrom('#112233', '#445566'),
      maxIssues: fc.integer({ min: 3, max: 9 }),
    },
    read: phaseOf,
    operation: (changes, from) => ({ type: 'updatePhase', phaseId: toDoId, changes, from }),
  },
  {
    name: 'Kanban comment (updateComment)',
    tool: trackerTool('kanban'),
    base: kanban,
    values: { content: text.filter((value) => value !== comment.content) },
    read: (content) => ({ content: commentOf(content).content }),
    operation: (changes, from) => ({
      type: 'updateComment',
      issueId: cardAId,
      commentId: comment.id,
      content: String(changes.content),
      by: comment.createdBy,
      from: String(from.content),
    }),
  },
  {
    name: 'Issue Management settings (updateSettings)',
    tool: trackerTool('ticket-system'),
    base: ticket,
    values: {
      showTicketNumbers: fc.constant(!(ticket.settings as unknown as Fields).showTicketNumbers),
      autoAssignCreator: fc.constant(!(ticket.settings as unknown as Fields).autoAssignCreator),
    },
    read: (content) => ({ ...(content as TrackerContent).settings }),
    operation: (changes, from) => ({ type: 'updateSettings', changes, from }),
  },
  {
    name: 'Pinboard note (updatePost)',
    tool: bulletinTool,
    base: bulletin,
    values: {
      title: word.map((value) => `N ${value}`),
      content: text,
      priority: otherThan(POST_PRIORITIES, note.priority),
      tags: fc.array(word, { minLength: 1, maxLength: 3 }),
      color: otherThan(
        NOTE_COLORS.map((color) => color.hex),
        note.color,
      ),
      isSticky: fc.constant(!note.isSticky),
    },
    read: noteOf,
    operation: (changes, from) => ({ type: 'updatePost', postId: note.id, changes, from }),
  },
  {
    name: 'Scrum Poker topic (setTopic)',
    tool: pokerTool,
    base: poker,
    values: { topic: word.map((value) => `Topic ${value}`) },
    read: (content) => ({ topic: (content as { topic?: string }).topic ?? '' }),
    operation: (changes, from) => ({
      type: 'setTopic',
      topic: String(changes.topic),
      from: String(from.topic),
    }),
  },
];

/** A non-empty set of changed fields of `kind`, each with a new value. */
function editOf(kind: EditKind): fc.Arbitrary<Fields> {
  return fc
    .record(kind.values, { requiredKeys: [] })
    .filter((changes) => Object.keys(changes).length > 0);
}

/** The values `changes`' fields have in `content` (an edit's `from`). */
function fromOf(kind: EditKind, content: object, changes: Fields): Fields {
  const now = kind.read(content);
  // A field the entity does not have (no column limit) is left out.
  return Object.fromEntries(
    Object.keys(changes)
      .filter((field) => now[field] !== undefined)
      .map((field) => [field, now[field]]),
  );
}

let step = 0;
/** `operation` applied to `content` as another client receives it. */
function applyOverTheWire(kind: EditKind, content: object, operation: NamedOperation): object {
  return kind.tool.apply(content, overTheWire(kind.tool, operation, stampOf(++step)));
}

/** The fields A and B both changed, to different values. */
function clashes(a: Fields, b: Fields): string[] {
  return Object.keys(a).filter((field) => field in b && !sameFieldValue(a[field], b[field]));
}

describe.each(KINDS)('$name', (kind) => {
  const start = kind.read(kind.base);

  it('A then B and B then A agree, or the second is told exactly which fields clash', () => {
    fc.assert(
      fc.property(editOf(kind), editOf(kind), (a, b) => {
        const opA = kind.operation(a, fromOf(kind, kind.base, a));
        const opB = kind.operation(b, fromOf(kind, kind.base, b));
        const clash = clashes(a, b);
        const results = [
          [opA, opB],
          [opB, opA],
        ].map(([first, second]) => {
          const after = applyOverTheWire(kind, kind.base, first as NamedOperation);
          try {
            return kind.read(applyOverTheWire(kind, after, second as NamedOperation));
          } catch (error) {
            if (!(error instanceof EditConflictError)) throw error;
            return error;
          }
        });
        if (clash.length > 0) {
          for (const result of results) {
            expect(result).toBeInstanceOf(EditConflictError);
            const fields = (result as EditConflictError).conflicts.map((item) => item.field);
            expect(fields.sort()).toEqual([...clash].sort());
          }
          return;
        }
        expect(results[0]).toEqual(results[1]);
        const merged = results[0] as Fields;
        for (const field of Object.keys(kind.values)) {
          const expected = field in a ? a[field] : field in b ? b[field] : start[field];
          expect(sameFieldValue(merged[field], expected)).toBe(true);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('undoing A after B edited on top of it reverts only what B left as A made it', () => {
    fc.assert(
      fc.property(editOf(kind), editOf(kind), (a, b) => {
        const afterA = applyOverTheWire(
          kind,
          kind.base,
          kind.operation(a, fromOf(kind, kind.base, a)),
        );
        const opB = kind.operation(b, fromOf(kind, afterA, b));
        const afterB = applyOverTheWire(kind, afterA, opB);
        const inverse = kind.tool.inverse(kind.base, afterA);
        const seenA = kind.read(afterA);
        const seenB = kind.read(afterB);
        // What B really changed on top of A; a field B set to what it was is no change.
        const changedByB = Object.keys(b).filter(
          (field) => !sameFieldValue(b[field], seenA[field]),
        );
        const onlyA = Object.keys(a).filter((field) => !changedByB.includes(field));
        if (onlyA.length === 0) {
          // Every field A changed was changed again by B: nothing of A's edit is left to undo.
          expect(() => kind.tool.undoOf(afterB, inverse)).toThrow();
          return;
        }
        const undo = kind.tool.undoOf(afterB, inverse);
        const undone = kind.read(applyOverTheWire(kind, afterB, undo.operation));
        for (const field of onlyA) expect(sameFieldValue(undone[field], start[field])).toBe(true);
        for (const field of changedByB)
          expect(sameFieldValue(undone[field], seenB[field])).toBe(true);
        expect(undo.leftAlone.length).toBe(Object.keys(a).length - onlyA.length);
      }),
      { numRuns: 150 },
    );
  });
});

describe('undo of an added card', () => {
  it('works after a teammate added a card elsewhere, and leaves theirs', () => {
    const tool = trackerTool('kanban');
    const before = kanban;
    const added = tool.apply(
      before,
      overTheWire(
        tool,
        { type: 'addIssue', phaseId: toDoId, issue: { title: 'Mine' }, createdBy: 'ann' },
        stampOf(200),
      ),
    );
    const theirs = tool.apply(
      added,
      overTheWire(
        tool,
        {
          type: 'addIssue',
          phaseId: phaseNamed(added, 'Done'),
          issue: { title: 'Theirs' },
          createdBy: 'bo',
        },
        stampOf(201),
      ),
    );
    const undo = tool.undoOf(theirs, tool.inverse(before, added));
    const undone = tool.apply(theirs, overTheWire(tool, undo.operation, stampOf(202)));
    const titles = undone.phases.flatMap((phase) => phase.issues.map((issue) => issue.title));
    expect(titles).toContain('Theirs');
    expect(titles).not.toContain('Mine');
    // The ticket counter never goes back: the next card gets a number nobody had.
    expect(undone.nextTicketNumber).toBe(theirs.nextTicketNumber);
    expect(undo.leftAlone).toEqual([]);
  });

  it('is refused when the teammate changed the added card since', () => {
    const tool = trackerTool('kanban');
    const added = tool.apply(
      kanban,
      overTheWire(
        tool,
        { type: 'addIssue', phaseId: toDoId, issue: { title: 'Mine' }, createdBy: 'ann' },
        stampOf(300),
      ),
    );
    const mine = issueTitled(added, 'Mine');
    const edited = tool.apply(
      added,
      overTheWire(
        tool,
        {
          type: 'updateIssue',
          issueId: mine.id,
          changes: { priority: 'High' },
          from: { priority: mine.priority },
        },
        stampOf(301),
      ),
    );
    expect(() => tool.undoOf(edited, tool.inverse(kanban, added))).toThrow(/was changed since/);
  });
});
