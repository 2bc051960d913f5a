import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';

import { tools } from '../registry.ts';
import {
  expectArgsParsed,
  expectParsedUnchanged,
  expectShapeError,
  operationArgCases,
  testContext,
} from '../testing.ts';
import { OperationFormatError } from '../tool.ts';
import { defaultRandomizerContent } from './defaults.ts';
import { complete, randomizerOperations, start, type RandomizerOperation } from './operations.ts';
import { randomizerContentSchemaFor } from './schema.ts';
import { RandomizerError, type RandomizerContent } from './types.ts';

const tool = tools.randomizer;

function base(): RandomizerContent {
  return defaultRandomizerContent(testContext('fixed'));
}

/** The default content after a start (seed 5) with the run `run-1`. */
function animating(): RandomizerContent {
  return start(base(), { seed: 5 }, { newId: () => 'run-1', now: () => 't' });
}

/** The default content after a start and its completion (an option picked and used). */
function completed(): RandomizerContent {
  return complete(animating(), { runId: 'run-1' });
}

describe('randomizerContentSchema (strict, spec §3 Randomizer content)', () => {
  it.each([
    ['the default content', base()],
    ['an animating run', animating()],
    ['a completed run', completed()],
    ['allow mode without options', { ...base(), repetitionMode: 'allow' as const, options: [] }],
  ])('accepts %s and its JSON round trip unchanged', (_name, content) => {
    expectParsedUnchanged(tool, content);
  });

  it('reads a missing animation.runId (content written before it existed) as null', () => {
    const { runId: _runId, ...animation } = completed().animation;
    const parsed = tool.parse({ ...completed(), animation });
    expect(parsed.animation).toEqual({ ...animation, runId: null });
  });

  type Change = (content: RandomizerContent) => unknown;
  const withAnimation =
    (change: Record<string, unknown>): Change =>
    (c) => ({ ...c, animation: { ...c.animation, ...change } });
  it.each<[string, Change, PropertyKey[]]>([
    ['id a number', (c) => ({ ...c, id: 1 }), ['id']],
    ['version a text', (c) => ({ ...c, version: '1' }), ['version']],
    ['version NaN', (c) => ({ ...c, version: Number.NaN }), ['version']],
    ['lastModified missing', ({ lastModified: _l, ...c }) => c, ['lastModified']],
    ['createdAt null', (c) => ({ ...c, createdAt: null }), ['createdAt']],
    ['options a text', (c) => ({ ...c, options: 'a\nb' }), ['options']],
    ['options missing', ({ options: _o, ...c }) => c, ['options']],
    ['an option a number', (c) => ({ ...c, options: ['a', 1] }), ['options', 1]],
    ["repetitionMode 'x'", (c) => ({ ...c, repetitionMode: 'x' }), ['repetitionMode']],
    ['selectedIndex a text', (c) => ({ ...c, selectedIndex: '1' }), ['selectedIndex']],
    ['selectedIndex a fraction', (c) => ({ ...c, selectedIndex: 0.5 }), ['selectedIndex']],
    ['selectedIndex negative', (c) => ({ ...c, selectedIndex: -1 }), ['selectedIndex']],
    ['selectedIndex missing', ({ selectedIndex: _s, ...c }) => c, ['selectedIndex']],
    ['usedIndices null', (c) => ({ ...c, usedIndices: null }), ['usedIndices']],
    ['a used index a fraction', (c) => ({ ...c, usedIndices: [0, 0.5] }), ['usedIndices', 1]],
    ['animation null', (c) => ({ ...c, animation: null }), ['animation']],
    [
      'animation.startIndex a text',
      withAnimation({ startIndex: '0' }),
      ['animation', 'startIndex'],
    ],
    ['animation.steps missing', withAnimation({ steps: undefined }), ['animation', 'steps']],
    [
      'a step without optionIndex',
      withAnimation({ steps: [{ delay: 1 }] }),
      ['animation', 'steps', 0, 'optionIndex'],
    ],
    [
      'a step delay a text',
      withAnimation({ steps: [{ optionIndex: 0, delay: '50' }] }),
      ['animation', 'steps', 0, 'delay'],
    ],
    ["animation.state 'spinning'", withAnimation({ state: 'spinning' }), ['animation', 'state']],
    [
      'animation.currentStepIndex null',
      withAnimation({ currentStepIndex: null }),
      ['animation', 'currentStepIndex'],
    ],
    ['animation.runId a number', withAnimation({ runId: 7 }), ['animation', 'runId']],
    ['ui missing', ({ ui: _u, ...c }) => c, ['ui']],
    [
      'ui.isEditing a text',
      (c) => ({ ...c, ui: { ...c.ui, isEditing: 'no' } }),
      ['ui', 'isEditing'],
    ],
    [
      'ui.optionsText a list',
      (c) => ({ ...c, ui: { ...c.ui, optionsText: c.options } }),
      ['ui', 'optionsText'],
    ],
  ])('refuses %s with NO_CONTENT, the ZodError naming the field', (_name, change, path) => {
    expectShapeError(() => tool.parse(change(base())), RandomizerError, {
      code: 'NO_CONTENT',
      message: 'No content loaded',
      issuePaths: [path],
    });
  });

  it.each([null, undefined, [], 'Option 1', 3, {}, { toolType: 'scrum-poker', estimations: [] }])(
    'refuses %j, which is not randomizer content',
    (value) => {
      expectShapeError(() => tool.parse(value), RandomizerError);
    },
  );

  it("keeps fields it does not know, at every level (a newer client's additions)", () => {
    const content = completed();
    const newer = {
      ...content,
      theme: 'wheel',
      animation: {
        ...content.animation,
        easing: 'cubic',
        steps: content.animation.steps.map((step) => ({ ...step, sound: true })),
      },
      ui: { ...content.ui, fontSize: 14 },
    };
    expectParsedUnchanged(tool, newer);
  });
});

describe('lenientRandomizerContentSchema (export of older or foreign shapes)', () => {
  const lenient = (value: unknown) => tool.parse(value, { lenient: true });

  it('reads valid content unchanged', () => {
    expect(lenient(base())).toEqual(base());
    expect(lenient(completed())).toEqual(completed());
  });

  it('fills defaults for an older shape, reads numbers as text and drops what it cannot read', () => {
    const older = {
      id: 4,
      options: ['Ann', 2, null, { name: 'Bob' }, 'Cara'],
      repetitionMode: 'sometimes',
      selectedIndex: '1',
      usedIndices: [0, 'x', 1.5, -1, 2],
      animation: {
        state: 'completed',
        steps: [{ optionIndex: 1, delay: 50 }, { optionIndex: 'x' }, 'y'],
        currentStepIndex: 'last',
        runId: 12,
      },
      ui: { isEditing: 'yes' },
      legacy: { colour: 'blue' },
    };
    const read = lenient(older);
    expect(read).toEqual({
      id: '4',
      version: 1,
      lastModified: '',
      createdAt: '',
      options: ['Ann', '2', 'Cara'],
      repetitionMode: 'no-repeat',
      selectedIndex: null,
      usedIndices: [0, 2],
      animation: {
        startIndex: 0,
        steps: [{ optionIndex: 1, delay: 50 }],
        state: 'completed',
        currentStepIndex: 0,
        runId: '12',
      },
      ui: { isEditing: false, optionsText: 'Ann\n2\nCara' },
      legacy: { colour: 'blue' },
    });
    // What the lenient schema produces is content the strict one accepts.
    expectParsedUnchanged(tool, read);
    expect(tool.validate(read)).toEqual([]);
  });

  it('gives a missing animation and ui their defaults, each its own copy', () => {
    const first = lenient({ options: ['a', 'b'] });
    expect(first).toMatchObject({
      animation: { startIndex: 0, steps: [], state: 'idle', currentStepIndex: 0, runId: null },
      ui: { isEditing: false, optionsText: 'a\nb' },
    });
    const second = lenient({ options: ['a', 'b'] });
    expect(second.animation).not.toBe(first.animation);
    expect(second.animation.steps).not.toBe(first.animation.steps);
  });

  it('keeps an options text that is there', () => {
    expect(lenient({ options: ['a'], ui: { optionsText: 'a\n\n' } }).ui.optionsText).toBe('a\n\n');
    expect(lenient({ options: [] }).ui.optionsText).toBe('');
  });

  it.each([
    null,
    undefined,
    [],
    'Option 1',
    3,
    {},
    { options: 'a\nb' },
    { toolType: 'scrum-poker', estimations: [] },
  ])('refuses %j, which is not randomizer content, with NO_CONTENT', (value) => {
    expectShapeError(() => lenient(value), RandomizerError, { code: 'NO_CONTENT' });
  });

  it('is built from the same definition as the strict schema', () => {
    const older = { ...base(), usedIndices: 'none' };
    expect(randomizerContentSchemaFor('strict').safeParse(older).success).toBe(false);
    expect(randomizerContentSchemaFor('lenient').safeParse(older).success).toBe(true);
  });
});

describe('randomizerOperations.schema', () => {
  const validArgs: Record<RandomizerOperation['type'], Record<string, unknown>[]> = {
    start: [{ seed: 0 }, { seed: 4294967295 }, { seed: -2.5 }],
    complete: [{ runId: 'run-1' }, { runId: '' }],
    editOptions: [{ text: 'a\nb' }, { text: '' }],
    setMode: [{ mode: 'allow' }, { mode: 'no-repeat' }],
    resetUsed: [{}],
  };

  it('has the type of RandomizerOperation, and the registry lists every operation', () => {
    expectTypeOf<
      z.infer<typeof randomizerOperations.schema>
    >().branded.toEqualTypeOf<RandomizerOperation>();
    expect(tool.operations).toEqual([...randomizerOperations.names, 'patch']);
    expect([...randomizerOperations.names].sort()).toEqual(Object.keys(validArgs).sort());
  });

  it.each(operationArgCases(validArgs))('parses %s %j', (name, args) => {
    expectArgsParsed(tool, name, args);
  });

  it('drops arguments it does not know', () => {
    expect(tool.parseOperation('resetUsed', { all: true })).toEqual({ type: 'resetUsed' });
  });

  it.each<[string, unknown]>([
    ['start', {}],
    ['start', { seed: '3' }],
    ['start', { seed: Number.NaN }],
    ['start', { seed: Number.POSITIVE_INFINITY }],
    ['complete', {}],
    ['complete', { runId: null }],
    ['editOptions', { text: ['a', 'b'] }],
    ['editOptions', {}],
    ['setMode', { mode: 'repeat' }],
    ['setMode', {}],
  ])('refuses %s %j with a ZodError as cause', (name, args) => {
    expectShapeError(() => tool.parseOperation(name, args), OperationFormatError);
  });

  it.each<[string, unknown]>([
    ['resetUsed', null],
    ['resetUsed', []],
    ['resetUsed', 'all'],
    ['resetUsed', { type: 'start' }],
    ['reveal', {}],
    ['', {}],
  ])('refuses %s with args %j', (name, args) => {
    expect(() => tool.parseOperation(name, args)).toThrow(OperationFormatError);
  });

  it('checks the operation when one is created', () => {
    const bad = { type: 'setMode', mode: 'repeat' } as unknown as RandomizerOperation;
    expect(() => tool.createOperation(bad, { id: 'op', at: 't', by: 'ann' })).toThrow(
      OperationFormatError,
    );
  });
});
