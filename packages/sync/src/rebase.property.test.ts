import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { applyAll, applyEach, applyGroups } from './rebase.ts';
import { parseOperationFor, serializeOperation, tools, type Operation } from '@cipherspace/tools';
import { deepFreeze, testContext } from '@cipherspace/tools/testing';
import type { KanbanContent, TrackerOperation } from '@cipherspace/tools/tracker';

const kanban = tools.kanban;
const RUNS = 100;

/** A default board confirmed as version 7. */
const board: KanbanContent = deepFreeze(
  kanban.stamp(kanban.defaultContent(testContext()), {
    version: 7,
    lastModified: '2026-01-01T00:00:00.000Z',
  }),
);

/** One member's next step: which kind of change, and numbers that pick what it acts on. */
interface Step {
  kind: number;
  pick: number;
  to: number;
  text: string;
}

const KINDS = 10;
const step: fc.Arbitrary<Step> = fc.record({
  kind: fc.nat(KINDS - 1),
  pick: fc.nat(1000),
  to: fc.nat(1000),
  text: fc.constantFrom('Fix login', ' Bug ', 'Ünïcödé ✓', '日本語のタスク', '👩‍💻 fix', 'x'),
});

const sorted = <T extends { order: number }>(items: readonly T[]) =>
  items.toSorted((a, b) => a.order - b.order);

/**
 * The change `step` makes on `content` — one that applies to it: a card, phase or comment picked
 * from it, a position in range, a phase not full. Falls back to adding a card to a phase with room
 * (a board always has one: the steps never set a limit) when the kind has nothing to act on.
 */
function changeOf(content: KanbanContent, { kind, pick, to, text }: Step): TrackerOperation {
  const phases = sorted(content.phases);
  const issues = phases.flatMap((phase) => sorted(phase.issues));
  const phase = phases[pick % phases.length];
  const issue = issues[pick % Math.max(1, issues.length)];
  const target = phases[to % phases.length];
  if (!phase || !target) throw new Error('a board has phases');
  const addCard: TrackerOperation = {
    type: 'addIssue',
    phaseId: phase.id,
    issue: { title: text, priority: pick % 2 === 0 ? 'High' : 'none' },
    createdBy: 'ann',
  };
  switch (kind) {
    case 1:
      if (!issue) return addCard;
      return target.issues.some((other) => other.id === issue.id)
        ? {
            type: 'moveIssue',
            issueId: issue.id,
            toPhaseId: target.id,
            toIndex: to % target.issues.length,
          }
        : {
            type: 'moveIssue',
            issueId: issue.id,
            toPhaseId: target.id,
            toIndex: to % (target.issues.length + 1),
          };
    case 2:
      return issue
        ? {
            type: 'updateIssue',
            issueId: issue.id,
            changes: { title: `${text} ${String(to)}`, estimation: String(to % 9) },
          }
        : addCard;
    case 3:
      return issue ? { type: 'deleteIssue', issueId: issue.id } : addCard;
    case 4:
      return phases.length > content.settings.minPhases
        ? { type: 'deletePhase', phaseId: phase.id }
        : addCard;
    case 5:
      return phases.length < content.settings.maxPhases
        ? { type: 'addPhase', name: text, color: '#17a2b8' }
        : addCard;
    case 6:
      return { type: 'movePhaseTo', phaseId: phase.id, toIndex: to % phases.length };
    case 7:
      return { type: 'updatePhase', phaseId: phase.id, changes: { name: `${text} ${String(to)}` } };
    case 8:
      return issue
        ? { type: 'addComment', issueId: issue.id, content: text, createdBy: 'bo' }
        : addCard;
    case 9: {
      const commented = issues.find((other) => other.comments.length > 0);
      const comment = commented?.comments[to % commented.comments.length];
      return commented && comment
        ? { type: 'deleteComment', issueId: commented.id, commentId: comment.id }
        : addCard;
    }
    default:
      return addCard;
  }
}

/**
 * The operations `steps` make one after another on {@link board}, each on the content the ones
 * before it left, as the log holds them; every fourth one is an undo (a partial `patch`) of the
 * change before it, as the member's undo logs it.
 */
function madeOneAfterAnother(steps: readonly Step[]): Operation[] {
  const operations: Operation[] = [];
  let content = board;
  let previous: { before: KanbanContent; after: KanbanContent } | null = null;
  for (const [index, next] of steps.entries()) {
    const stamp = {
      id: `op-${String(index)}`,
      at: new Date(Date.UTC(2026, 0, 1, 0, 0, index)).toISOString(),
      by: 'ann',
    };
    const operation: Operation =
      index % 4 === 3 && previous
        ? kanban.createOperation(
            kanban.undoOf(previous.after, kanban.inverse(previous.before, previous.after))
              .operation,
            stamp,
          )
        : kanban.createOperation(changeOf(content, next), stamp);
    const after = kanban.apply(content, operation);
    previous = { before: content, after };
    content = after;
    operations.push(operation);
  }
  return operations;
}

/** `operation` as another client reads it: serialised, parsed and checked again. */
const overTheWire = (operation: Operation): Operation =>
  parseOperationFor(kanban, JSON.parse(serializeOperation(operation)));

/** `items` cut into consecutive batches: a cut after item i where `cuts[i]`. */
function batches<T>(items: readonly T[], cuts: readonly boolean[]): T[][] {
  const result: T[][] = [[]];
  for (const [index, item] of items.entries()) {
    result.at(-1)?.push(item);
    if (cuts[index] && index < items.length - 1) result.push([]);
  }
  return result;
}

/**
 * Operations that apply to no board these steps make, each failing another way: a card or phase
 * that never existed, a blank title, a patch whose `from` is not the board's title, an operation
 * of another tool.
 */
function neverApplies(n: number): fc.Arbitrary<Operation> {
  const stamp = {
    id: `bad-${String(n)}`,
    at: new Date(Date.UTC(2026, 0, 2, 0, 0, n)).toISOString(),
    by: 'ann',
  };
  const [backlog] = board.phases;
  const ticket = tools['ticket-system'];
  const addToBacklog: TrackerOperation = {
    type: 'addIssue',
    phaseId: backlog?.id ?? 'missing',
    issue: { title: '   ' },
    createdBy: 'ann',
  };
  return fc.constantFrom<Operation>(
    kanban.createOperation(
      { type: 'updateIssue', issueId: 'gone', changes: { title: 'x' } },
      stamp,
    ),
    kanban.createOperation({ type: 'moveIssue', issueId: 'gone', toPhaseId: 'gone' }, stamp),
    kanban.createOperation({ type: 'deletePhase', phaseId: 'gone' }, stamp),
    kanban.createOperation(addToBacklog, stamp),
    kanban.createOperation(
      { type: 'patch', changes: [{ op: 'set', path: ['title'], from: 'Not the title', to: 'x' }] },
      stamp,
    ),
    ticket.createOperation({ type: 'addTeamMember', name: 'cy' }, stamp),
  );
}

describe('batching the log (what the push relies on)', () => {
  it('applying the operations in consecutive batches, stamped between them, gives what applying them at once gives', () => {
    fc.assert(
      fc.property(
        fc.array(step, { minLength: 1, maxLength: 40 }),
        fc.array(fc.boolean(), { minLength: 40, maxLength: 40 }),
        (steps, cuts) => {
          const operations = madeOneAfterAnother(steps).map(overTheWire);
          const parts = batches(operations, cuts);
          // Each batch is saved as the next version, stamped with its last operation's time.
          let content = board;
          let version = board.version;
          for (const batch of parts) {
            const last = batch.at(-1);
            if (!last) throw new Error('a batch is never empty');
            version += 1;
            content = kanban.stamp(applyAll(kanban, content, batch), {
              version,
              lastModified: last.at,
            });
          }
          const lastAt = operations.at(-1)?.at ?? '';
          const atOnce = kanban.stamp(applyAll(kanban, board, operations), {
            version,
            lastModified: lastAt,
          });
          expect(content).toEqual(atOnce);
          expect(kanban.validate(content)).toEqual([]);
        },
      ),
      { numRuns: RUNS },
    );
  });
});

describe('a log with operations that no longer apply', () => {
  /** The made operations with `bad` ones slipped in at the positions `slots` pick. */
  const withBadOnes = fc.array(step, { minLength: 1, maxLength: 30 }).chain((steps) => {
    const made = madeOneAfterAnother(steps);
    return fc.record({
      made: fc.constant(made),
      bad: fc.array(
        fc
          .tuple(fc.nat(made.length), fc.nat(5))
          .chain(([slot, n]) => neverApplies(n).map((operation) => ({ slot, operation }))),
        { maxLength: 8 },
      ),
    });
  });

  function interleave(
    made: readonly Operation[],
    bad: readonly { slot: number; operation: Operation }[],
  ) {
    const log: Operation[] = [];
    for (let slot = 0; slot <= made.length; slot++) {
      for (const item of bad) if (item.slot === slot) log.push(item.operation);
      const operation = made[slot];
      if (operation) log.push(operation);
    }
    return log;
  }

  it('applyEach over the log equals applyAll over the operations that do apply', () => {
    fc.assert(
      fc.property(withBadOnes, ({ made, bad }) => {
        const log = interleave(made, bad);
        expect(applyEach(kanban, board, log)).toEqual(applyAll(kanban, board, made));
        if (bad.length > 0) expect(() => applyAll(kanban, board, log)).toThrow();
      }),
      { numRuns: RUNS },
    );
  });

  it('applyGroups leaves out exactly the groups holding one that does not apply', () => {
    fc.assert(
      fc.property(
        withBadOnes,
        fc.array(fc.boolean(), { minLength: 40, maxLength: 40 }),
        ({ made, bad }, cuts) => {
          // Proposals whose groups hold only made operations apply whole, on top of each other.
          const groups = batches(made, cuts);
          const spoilt = new Set<number>();
          const proposals = groups.map((group, index) => {
            const own = bad.filter((item) => item.slot % groups.length === index);
            if (own.length === 0) return group;
            spoilt.add(index);
            return [...group, ...own.map((item) => item.operation)];
          });
          // A group left out takes the groups after it that build on it along: compare with the
          // groups up to the first spoilt one.
          const firstSpoilt = Math.min(groups.length, ...spoilt);
          const kept = groups.slice(0, firstSpoilt).flat();
          const shown = applyGroups(kanban, board, proposals.slice(0, firstSpoilt + 1));
          expect(shown).toEqual(applyAll(kanban, board, kept));
        },
      ),
      { numRuns: RUNS },
    );
  });
});
