/**
 * Keyed JSON patches (./patch.ts; for undo/redo and restore): what diffContent emits for
 * each kind of difference, that applyPatch reproduces the target exactly and never mutates its
 * input, that a change still lands after others changed other elements, and that it refuses
 * with the right code, path and English message when the same place was changed meanwhile.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { serializeOperation } from './operation.ts';
import {
  applyPatch,
  diffContent,
  PATCH_MAX_CHANGES,
  PatchConflictError,
  patchOperationSchema,
  type PatchChange,
  type PatchPath,
} from './patch.ts';
import { applyOperation, getTool, parseOperation } from './registry.ts';
import { deepFreeze, stampOf, testContext, thrownBy } from './testing.ts';
import { TOOL_NAMES } from './metadata.ts';
import { OperationFormatError } from './tool.ts';

/** `changes` as another client receives them: JSON text, parsed and checked by the schema. */
function overJson(changes: PatchChange[]): PatchChange[] {
  return patchOperationSchema.parse({
    type: 'patch',
    changes: JSON.parse(JSON.stringify(changes)) as unknown,
  }).changes;
}

/** Asserts that the diff of `from` and `to` applied to `from` gives `to`, also over JSON. */
function expectRoundTrip(from: unknown, to: unknown): PatchChange[] {
  const changes = diffContent(deepFreeze(from), deepFreeze(to));
  expect(applyPatch(from, changes)).toEqual(to);
  expect(applyPatch(from, overJson(changes))).toEqual(to);
  return changes;
}

/** Asserts that applying `changes` to `content` throws this conflict. */
function expectConflict(
  content: unknown,
  changes: PatchChange[],
  expected: { code: string; message: string; path: PatchPath },
): void {
  const error = thrownBy(() => applyPatch(deepFreeze(content), changes));
  expect(error).toBeInstanceOf(PatchConflictError);
  expect(error).toMatchObject(expected);
  expect(error).toMatchObject({ params: { target: expect.any(String) as unknown } });
}

const card = (id: string, title: string, extra: Record<string, unknown> = {}) => ({
  id,
  title,
  description: '',
  tags: ['ui'],
  ...extra,
});

/** Two phases: p1 with cards a, b, c; p2 with card d. */
function board() {
  return {
    title: 'Board',
    settings: { showTags: true, minPhases: 2 },
    phases: [
      {
        id: 'p1',
        name: 'To Do',
        issues: [card('a', 'Login bug'), card('b', 'Signup'), card('c', 'Docs')],
      },
      { id: 'p2', name: 'Done', issues: [card('d', 'Release')] },
    ],
  };
}

type Board = ReturnType<typeof board>;

/** `board()` edited by `edit` (on a deep copy). */
function edited(edit: (copy: Board) => void): Board {
  const copy = board();
  edit(copy);
  return copy;
}

function phase(content: Board, index: number) {
  const found = content.phases[index];
  if (!found) throw new Error(`no phase ${index}`);
  return found;
}

describe('diffContent: what each difference becomes', () => {
  it('gives no change for equal content, also when fields are undefined on one side', () => {
    expect(diffContent(board(), board())).toEqual([]);
    expect(diffContent({ a: 1, b: undefined }, { a: 1 })).toEqual([]);
  });

  it('sets a changed field, with the value it expects', () => {
    const to = edited((copy) => (copy.title = 'Sprint'));
    expect(expectRoundTrip(board(), to)).toEqual([
      { op: 'set', path: ['title'], from: 'Board', to: 'Sprint' },
    ]);
  });

  it('diffs nested objects field by field', () => {
    const to = edited((copy) => (copy.settings.showTags = false));
    expect(expectRoundTrip(board(), to)).toEqual([
      { op: 'set', path: ['settings', 'showTags'], from: true, to: false },
    ]);
  });

  it('sets a field added or removed without `from` or `to` (JSON has no undefined)', () => {
    const added = expectRoundTrip({ a: 1 }, { a: 1, b: { c: [1] } });
    expect(added).toEqual([{ op: 'set', path: ['b'], to: { c: [1] } }]);
    expect(added[0]).not.toHaveProperty('from');
    const removed = expectRoundTrip({ a: 1, b: 2 }, { a: 1 });
    expect(removed).toEqual([{ op: 'set', path: ['b'], from: 2 }]);
    expect(removed[0]).not.toHaveProperty('to');
    expect(JSON.parse(JSON.stringify(removed))).toEqual(removed);
  });

  it('replaces arrays of values (tags) whole', () => {
    const to = edited((copy) => (phase(copy, 0).issues[1] = card('b', 'Signup', { tags: ['x'] })));
    expect(expectRoundTrip(board(), to)).toEqual([
      {
        op: 'set',
        path: ['phases', { id: 'p1' }, 'issues', { id: 'b' }, 'tags'],
        from: ['ui'],
        to: ['x'],
      },
    ]);
  });

  it('addresses elements of keyed arrays by id, not by index', () => {
    const to = edited((copy) => (phase(copy, 0).issues[2] = card('c', 'Guide')));
    expect(expectRoundTrip(board(), to)).toEqual([
      {
        op: 'set',
        path: ['phases', { id: 'p1' }, 'issues', { id: 'c' }, 'title'],
        from: 'Docs',
        to: 'Guide',
      },
    ]);
  });

  it('inserts a new element first (after: null) or after the element before it', () => {
    const first = edited((copy) => phase(copy, 0).issues.unshift(card('n', 'New')));
    expect(expectRoundTrip(board(), first)).toEqual([
      {
        op: 'insert',
        path: ['phases', { id: 'p1' }, 'issues'],
        after: null,
        value: card('n', 'New'),
      },
    ]);
    const middle = edited((copy) => phase(copy, 0).issues.splice(1, 0, card('n', 'New')));
    expect(expectRoundTrip(board(), middle)).toEqual([
      {
        op: 'insert',
        path: ['phases', { id: 'p1' }, 'issues'],
        after: 'a',
        value: card('n', 'New'),
      },
    ]);
  });

  it('removes a gone element, carrying all of it as its precondition', () => {
    const to = edited((copy) => phase(copy, 0).issues.splice(1, 1));
    expect(expectRoundTrip(board(), to)).toEqual([
      {
        op: 'remove',
        path: ['phases', { id: 'p1' }, 'issues', { id: 'b' }],
        value: card('b', 'Signup'),
      },
    ]);
  });

  it('expresses a reorder as the fewest moves', () => {
    const to = edited((copy) => {
      const [a, b, c] = phase(copy, 0).issues;
      if (!a || !b || !c) throw new Error('three cards');
      phase(copy, 0).issues = [c, a, b];
    });
    expect(expectRoundTrip(board(), to)).toEqual([
      {
        op: 'move',
        path: ['phases', { id: 'p1' }, 'issues', { id: 'c' }],
        to: ['phases', { id: 'p1' }, 'issues'],
        after: null,
      },
    ]);
    const reversed = edited((copy) => phase(copy, 0).issues.reverse());
    expect(expectRoundTrip(board(), reversed)).toHaveLength(2);
  });

  it('moves a card to another phase keeping its fields, then changes its fields there', () => {
    const to = edited((copy) => {
      const [moved] = phase(copy, 0).issues.splice(0, 1);
      if (!moved) throw new Error('a card');
      phase(copy, 1).issues.push({ ...moved, title: 'Login bug (fixed)' });
    });
    expect(expectRoundTrip(board(), to)).toEqual([
      {
        op: 'move',
        path: ['phases', { id: 'p1' }, 'issues', { id: 'a' }],
        to: ['phases', { id: 'p2' }, 'issues'],
        after: 'd',
      },
      {
        op: 'set',
        path: ['phases', { id: 'p2' }, 'issues', { id: 'a' }, 'title'],
        from: 'Login bug',
        to: 'Login bug (fixed)',
      },
    ]);
  });

  it('moves cards out of a deleted phase (before removing it) and into a new one (after inserting it)', () => {
    const to = {
      ...board(),
      phases: [
        { id: 'p2', name: 'Done', issues: [card('d', 'Release'), card('b', 'Signup')] },
        { id: 'p3', name: 'New', issues: [card('a', 'Login bug'), card('x', 'Fresh')] },
      ],
    };
    const changes = expectRoundTrip(board(), to);
    expect(changes.map((change) => change.op)).toEqual([
      'insert', // p3 with x but without a (which moves in); p2 stays where it is
      'move', // b into p2
      'move', // a into p3, first
      'remove', // p1 with c only
    ]);
    expect(changes[0]).toMatchObject({ value: { id: 'p3', issues: [card('x', 'Fresh')] } });
    expect(changes[2]).toMatchObject({ to: ['phases', { id: 'p3' }, 'issues'], after: null });
    expect(changes[3]).toMatchObject({
      path: ['phases', { id: 'p1' }],
      value: { id: 'p1', issues: [card('c', 'Docs')] },
    });
  });

  it('treats an array that stops being keyed as a value, even when elements moved', () => {
    const from = {
      a: [
        { id: 'p', sub: [{ id: 'x' }] },
        { id: 'q', sub: [{ id: 'y' }] },
      ],
    };
    const to = {
      a: [
        { id: 'p', sub: 'none' },
        { id: 'q', sub: [{ id: 'y' }, { id: 'x' }] },
      ],
    };
    expect(expectRoundTrip(from, to).map((change) => change.op)).toEqual(['set', 'insert']);
  });

  it('keeps elements whose id repeats in other arrays exact (matched only in their array)', () => {
    const from = {
      a: [
        { id: 'p', s: [{ id: 'x', v: 1 }] },
        { id: 'q', s: [{ id: 'x', v: 2 }] },
      ],
    };
    const to = {
      a: [
        { id: 'p', s: [{ id: 'x', v: 3 }] },
        { id: 'q', s: [] },
      ],
    };
    expectRoundTrip(from, to);
  });

  it('replaces the whole content when it is not an object', () => {
    expect(expectRoundTrip(1, 'one')).toEqual([{ op: 'set', path: [], from: 1, to: 'one' }]);
    expectRoundTrip([{ id: 'a' }, { id: 'b' }], [{ id: 'b' }, { id: 'c' }]);
  });

  it('leaves fields whose value is undefined out of the values it carries', () => {
    const changes = diffContent({ list: [] }, { list: [{ id: 'a', gone: undefined, n: 1 }] });
    expect(changes).toStrictEqual([
      { op: 'insert', path: ['list'], after: null, value: { id: 'a', n: 1 } },
    ]);
  });

  it('falls back to one set per top-level field beyond maxChanges', () => {
    const to = edited((copy) => {
      copy.title = 'Sprint';
      for (const issue of phase(copy, 0).issues) issue.title += '!';
    });
    expect(diffContent(board(), to)).toHaveLength(4);
    const coarse = diffContent(board(), to, { maxChanges: 3 });
    expect(coarse.map((change) => change.path)).toEqual([['title'], ['phases']]);
    expect(applyPatch(board(), coarse)).toEqual(to);
  });
});

describe('applyPatch on content others changed meanwhile', () => {
  const moveA: PatchChange[] = [
    {
      op: 'move',
      path: ['phases', { id: 'p1' }, 'issues', { id: 'a' }],
      to: ['phases', { id: 'p2' }, 'issues'],
      after: 'd',
    },
  ];

  it('moves a card someone else edited, keeping their edit', () => {
    const theirs = edited((copy) => {
      const a = phase(copy, 0).issues[0];
      if (a) a.title = 'Login bug!';
    });
    const next = applyPatch(theirs, moveA) as Board;
    expect(phase(next, 1).issues.map((issue) => [issue.id, issue.title])).toEqual([
      ['d', 'Release'],
      ['a', 'Login bug!'],
    ]);
  });

  it('lands after others inserted, removed and reordered other elements', () => {
    const theirs = edited((copy) => {
      phase(copy, 0).issues.reverse();
      phase(copy, 0).issues.splice(0, 1); // c
      phase(copy, 1).issues.unshift(card('z', 'Other'));
    });
    const next = applyPatch(theirs, [
      ...moveA,
      {
        op: 'set',
        path: ['phases', { id: 'p1' }, 'issues', { id: 'b' }, 'title'],
        from: 'Signup',
        to: 'Sign-up',
      },
    ]) as Board;
    expect(phase(next, 0).issues.map((issue) => issue.title)).toEqual(['Sign-up']);
    expect(phase(next, 1).issues.map((issue) => issue.id)).toEqual(['z', 'd', 'a']);
  });

  it('finds an element someone else moved to another array of the same shape', () => {
    const theirs = edited((copy) => {
      const [b] = phase(copy, 0).issues.splice(1, 1);
      if (b) phase(copy, 1).issues.push(b);
    });
    const next = applyPatch(theirs, [
      {
        op: 'set',
        path: ['phases', { id: 'p1' }, 'issues', { id: 'b' }, 'title'],
        from: 'Signup',
        to: 'Sign-up',
      },
      {
        op: 'remove',
        path: ['phases', { id: 'p1' }, 'issues', { id: 'c' }],
        value: card('c', 'Docs'),
      },
    ]) as Board;
    expect(phase(next, 0).issues.map((issue) => issue.id)).toEqual(['a']);
    expect(phase(next, 1).issues.map((issue) => [issue.id, issue.title])).toEqual([
      ['d', 'Release'],
      ['b', 'Sign-up'],
    ]);
  });

  it('refuses to move an element someone else moved meanwhile', () => {
    const theirs = edited((copy) => {
      const [a] = phase(copy, 0).issues.splice(0, 1);
      if (a) phase(copy, 1).issues.push(a);
    });
    const back: PatchChange[] = [
      {
        op: 'move',
        path: ['phases', { id: 'p1' }, 'issues', { id: 'a' }],
        to: ['phases', { id: 'p1' }, 'issues'],
        after: 'c',
      },
    ];
    expectConflict(theirs, back, {
      code: 'CHANGED',
      message: 'the issue "Login bug" was changed since',
      path: ['phases', { id: 'p2' }, 'issues', { id: 'a' }],
    });
  });

  it('refuses a set whose field was changed since, naming it', () => {
    const theirs = edited((copy) => {
      const a = phase(copy, 0).issues[0];
      if (a) a.description = 'theirs';
    });
    expectConflict(
      theirs,
      [
        {
          op: 'set',
          path: ['phases', { id: 'p1' }, 'issues', { id: 'a' }, 'description'],
          from: '',
          to: 'mine',
        },
      ],
      {
        code: 'CHANGED',
        message: 'the description of the issue "Login bug" was changed since',
        path: ['phases', { id: 'p1' }, 'issues', { id: 'a' }, 'description'],
      },
    );
    expectConflict(theirs, [{ op: 'set', path: ['settings', 'minPhases'], from: 3, to: 4 }], {
      code: 'CHANGED',
      message: 'the settings.minPhases was changed since',
      path: ['settings', 'minPhases'],
    });
  });

  it('refuses a change inside an element that no longer exists', () => {
    expectConflict(
      board(),
      [
        {
          op: 'set',
          path: ['phases', { id: 'p9' }, 'issues', { id: 'a' }, 'title'],
          from: 'Login bug',
          to: 'x',
        },
      ],
      {
        code: 'MISSING',
        message: 'the phase with id "p9" no longer exists',
        path: ['phases', { id: 'p9' }],
      },
    );
    expectConflict(
      board(),
      moveA.map((change) => ({ ...change, after: 'gone' })),
      {
        code: 'MISSING',
        message: 'the issue with id "gone" no longer exists',
        path: ['phases', { id: 'p2' }, 'issues', { id: 'gone' }],
      },
    );
  });

  it('refuses to remove an element someone changed or removed, naming it by its title', () => {
    const remove: PatchChange[] = [
      {
        op: 'remove',
        path: ['phases', { id: 'p1' }, 'issues', { id: 'b' }],
        value: card('b', 'Signup'),
      },
    ];
    const changed = edited((copy) => {
      const b = phase(copy, 0).issues[1];
      if (b) b.tags = [];
    });
    expectConflict(changed, remove, {
      code: 'CHANGED',
      message: 'the issue "Signup" was changed since',
      path: ['phases', { id: 'p1' }, 'issues', { id: 'b' }],
    });
    const removed = edited((copy) => phase(copy, 0).issues.splice(1, 1));
    expectConflict(removed, remove, {
      code: 'MISSING',
      message: 'the issue "Signup" no longer exists',
      path: ['phases', { id: 'p1' }, 'issues', { id: 'b' }],
    });
  });

  it('refuses to insert an element that is already there, and to move one into itself', () => {
    expectConflict(
      board(),
      [{ op: 'insert', path: ['phases'], after: null, value: { id: 'p2', name: 'Again' } }],
      {
        code: 'EXISTS',
        message: 'the phase "Done" already exists',
        path: ['phases', { id: 'p2' }],
      },
    );
    expectConflict(
      board(),
      [
        {
          op: 'move',
          path: ['phases', { id: 'p1' }],
          to: ['phases', { id: 'p1' }, 'issues'],
          after: null,
        },
      ],
      {
        code: 'INVALID',
        message: 'the phase "To Do" cannot be changed this way',
        path: ['phases', { id: 'p1' }],
      },
    );
  });

  it('never mutates its input, shares what it does not change, and returns it for no change', () => {
    const content = deepFreeze(board());
    const changes = deepFreeze(
      diffContent(
        content,
        edited((copy) => phase(copy, 0).issues.reverse()),
      ),
    );
    const next = applyPatch(content, changes) as Board;
    expect(content).toEqual(board());
    expect(next.settings).toBe(content.settings);
    expect(phase(next, 1)).toBe(phase(content, 1));
    expect(applyPatch(content, [])).toBe(content);
  });
});

describe('the patch operation schema', () => {
  it(`accepts up to ${PATCH_MAX_CHANGES} changes`, () => {
    const change: PatchChange = { op: 'set', path: ['a'], from: 1, to: 2 };
    const changes = Array.from({ length: PATCH_MAX_CHANGES }, () => change);
    expect(patchOperationSchema.safeParse({ type: 'patch', changes }).success).toBe(true);
    expect(
      patchOperationSchema.safeParse({ type: 'patch', changes: [...changes, change] }).success,
    ).toBe(false);
  });

  it.each([
    ['a set of an element', { op: 'set', path: ['a', { id: 'x' }], to: 1 }],
    ['a remove of a field', { op: 'remove', path: ['a'], value: { id: 'x' } }],
    ['an insert without an id', { op: 'insert', path: ['a'], after: null, value: { n: 1 } }],
    [
      'a move into an element',
      { op: 'move', path: ['a', { id: 'x' }], to: [{ id: 'y' }], after: null },
    ],
    ['a value that is not JSON', { op: 'set', path: ['a'], to: Number.NaN }],
    ['an unknown op', { op: 'copy', path: ['a'] }],
  ])('refuses %s', (_name, change) => {
    expect(patchOperationSchema.safeParse({ type: 'patch', changes: [change] }).success).toBe(
      false,
    );
  });
});

describe.each(TOOL_NAMES)('%s: the patch operation through the registry', (name) => {
  const tool = getTool(name);
  if (!tool) throw new Error(`no tool ${name}`);
  const content = deepFreeze(tool.defaultContent(testContext('fixed')) as Record<string, unknown>);
  const createdAt = String(content.createdAt);
  const change = (to: unknown): PatchChange => ({
    op: 'set',
    path: ['createdAt'],
    from: createdAt,
    to: to as string,
  });

  it('is the last of its operations, and travels as a format-1 operation like any other', () => {
    expect(tool.operations.at(-1)).toBe('patch');
    const created = tool.createOperation(
      { type: 'patch', changes: [change('2025-01-01T00:00:00.000Z')] },
      stampOf(1),
    );
    expect(created).toMatchObject({
      v: 1,
      tool: name,
      name: 'patch',
      args: { changes: [change('2025-01-01T00:00:00.000Z')] },
    });
    const received = parseOperation(JSON.parse(serializeOperation(created)));
    expect(applyOperation(content, received)).toEqual({
      ...content,
      createdAt: '2025-01-01T00:00:00.000Z',
    });
    expect(
      tool.apply(content, tool.createOperation({ type: 'patch', changes: [] }, stampOf(2))),
    ).toBe(content);
  });

  it('refuses malformed args, too many changes, and a result that is not its content', () => {
    const envelope = {
      v: 1 as const,
      tool: name,
      name: 'patch',
      id: 'op-1',
      at: stampOf(1).at,
      by: 'ann',
    };
    expect(() => parseOperation({ ...envelope, args: { changes: [{ op: 'set' }] } })).toThrow(
      OperationFormatError,
    );
    const tooMany = Array.from({ length: PATCH_MAX_CHANGES + 1 }, () => change('x'));
    expect(() => parseOperation({ ...envelope, args: { changes: tooMany } })).toThrow(
      OperationFormatError,
    );
    expect(() => tool.apply(content, { ...envelope, args: { changes: [change(5)] } })).toThrow(
      OperationFormatError,
    );
    expect(() =>
      tool.apply(content, { ...envelope, args: { changes: [{ ...change('x'), from: 'y' }] } }),
    ).toThrow(PatchConflictError);
  });
});

// ---------------------------------------------------------------------------------------------
// Properties over random content: tool-like boards with small id pools (so that elements move,
// repeat across arrays and change arrays), and any JSON.

const id = fc.constantFrom('a', 'b', 'c', 'd', 'e');
const word = fc.constantFrom('', 'x', 'Login bug', 'Ünïcødé', 'y');

/** Keyed arrays of `element` with ids from a small pool (sometimes not keyed at all). */
function keyed<T>(element: fc.Arbitrary<T>): fc.Arbitrary<({ id: string } & T)[] | string[]> {
  return fc.oneof(
    {
      weight: 9,
      arbitrary: fc
        .uniqueArray(fc.tuple(id, element), { selector: ([key]) => key, maxLength: 5 })
        .map((pairs) => pairs.map(([key, fields]) => ({ id: key, ...fields }))),
    },
    { weight: 1, arbitrary: fc.array(word, { maxLength: 2 }) },
  );
}

const comment = fc.record({ content: word });
const issue = fc.record(
  { title: word, tags: fc.array(word, { maxLength: 2 }), comments: keyed(comment), n: fc.nat(3) },
  { requiredKeys: ['title'] },
);
const trackerLike = fc.record(
  {
    title: word,
    settings: fc.record(
      { on: fc.boolean(), max: fc.option(fc.nat(3), { nil: undefined }) },
      { requiredKeys: [] },
    ),
    phases: keyed(fc.record({ name: word, issues: keyed(issue) })),
  },
  { requiredKeys: ['phases'] },
);

/** Any JSON where arrays are often keyed, with a few field names so that shapes repeat. */
const { value: anyJson } = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { weight: 3, arbitrary: fc.oneof(word, fc.integer(), fc.boolean(), fc.constant(null)) },
    {
      weight: 2,
      arbitrary: fc.dictionary(fc.constantFrom('x', 'y', 'list'), tie('value'), { maxKeys: 3 }),
    },
    {
      weight: 2,
      arbitrary: keyed(fc.dictionary(fc.constantFrom('x', 'list'), tie('value'), { maxKeys: 2 })),
    },
    { weight: 1, arbitrary: fc.array(tie('value'), { maxLength: 3 }) },
  ),
}));

describe('applyPatch(a, diffContent(a, b)) is b (property)', () => {
  it.each([
    ['tool-like boards', trackerLike],
    ['JSON with keyed arrays', anyJson],
    ['any JSON', fc.jsonValue({ maxDepth: 4 })],
  ] as const)(
    'for %s, in memory and over JSON, without mutating a',
    (_name, arbitrary) => {
      fc.assert(
        fc.property(arbitrary, arbitrary, (a: unknown, b: unknown) => {
          const from = deepFreeze(a);
          const changes = diffContent(from, deepFreeze(b));
          expect(applyPatch(from, changes)).toEqual(b);
          // JSON carries no -0: over JSON the result is b as JSON carries it. (zod's check of
          // the changes drops a field named __proto__.)
          if (!JSON.stringify(changes).includes('"__proto__"'))
            expect(applyPatch(from, overJson(changes))).toEqual(JSON.parse(JSON.stringify(b)));
          expect(diffContent(from, from)).toEqual([]);
        }),
        { numRuns: 400 },
      );
    },
    60_000,
  );

  it('and diffContent(b, a) undoes it', () => {
    fc.assert(
      fc.property(trackerLike, trackerLike, (a, b) => {
        const there = applyPatch(a, diffContent(a, b));
        expect(applyPatch(there, diffContent(b, a))).toEqual(a);
      }),
      { numRuns: 200 },
    );
  }, 60_000);
});
