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
import { defaultPokerContent } from './defaults.ts';
import { pokerOperations, submitVote, type PokerOperation } from './operations.ts';
import { pokerContentSchemaFor } from './schema.ts';
import { POKER_TOPIC_MAX_LENGTH, PokerError, type PokerContent } from './types.ts';

const tool = tools.poker;

function base(): PokerContent {
  return defaultPokerContent(testContext('fixed'));
}

/** A round where ann voted 3 and bob voted 8, revealed, on the T-shirt settings default. */
function voted(): PokerContent {
  const ctx = testContext('fixed');
  let content: PokerContent = { ...base(), selectedIssueId: 'ISSUE-1' };
  content = submitVote(content, { userId: 'ann', username: 'Ann', value: '3' }, ctx);
  content = submitVote(content, { userId: 'bob', username: 'Bob', value: '8' }, ctx);
  return {
    ...content,
    isRevealed: true,
    settings: { ...content.settings, defaultScale: 'tshirt' },
  };
}

describe('pokerContentSchema (strict, spec §3 Scrum poker content)', () => {
  it.each([
    ['the default content', base()],
    ['content with votes, a selected issue and revealed', voted()],
    ['the T-shirt scale', { ...base(), scale: 'tshirt' as const }],
    ['a free topic', { ...base(), topic: 'Login page' }],
    ['the longest free topic', { ...base(), topic: 'x'.repeat(POKER_TOPIC_MAX_LENGTH) }],
  ])('accepts %s and its JSON round trip unchanged', (_name, content) => {
    expectParsedUnchanged(tool, content);
  });

  const estimation = { userId: 'ann', username: 'Ann', value: '3', timestamp: 't' };
  it.each<[string, (content: PokerContent) => unknown, PropertyKey[]]>([
    ['id a number', (c) => ({ ...c, id: 1 }), ['id']],
    ['id missing', ({ id: _id, ...c }) => c, ['id']],
    ['version a text', (c) => ({ ...c, version: '1' }), ['version']],
    ['version NaN', (c) => ({ ...c, version: Number.NaN }), ['version']],
    ['version infinite', (c) => ({ ...c, version: Number.POSITIVE_INFINITY }), ['version']],
    ['lastModified null', (c) => ({ ...c, lastModified: null }), ['lastModified']],
    ['createdAt a number', (c) => ({ ...c, createdAt: 1_700_000_000 }), ['createdAt']],
    ["toolType 'poker'", (c) => ({ ...c, toolType: 'poker' }), ['toolType']],
    ['toolType missing', ({ toolType: _t, ...c }) => c, ['toolType']],
    ['selectedIssueId a number', (c) => ({ ...c, selectedIssueId: 3 }), ['selectedIssueId']],
    ['selectedIssueId missing', ({ selectedIssueId: _s, ...c }) => c, ['selectedIssueId']],
    ['topic a number', (c) => ({ ...c, topic: 7 }), ['topic']],
    ['topic too long', (c) => ({ ...c, topic: 'x'.repeat(POKER_TOPIC_MAX_LENGTH + 1) }), ['topic']],
    ['estimations a text', (c) => ({ ...c, estimations: 'none' }), ['estimations']],
    ['an estimation null', (c) => ({ ...c, estimations: [null] }), ['estimations', 0]],
    [
      'an estimation without value',
      (c) => ({ ...c, estimations: [{ userId: 'a', username: 'a', timestamp: 't' }] }),
      ['estimations', 0, 'value'],
    ],
    [
      'an estimation value a number',
      (c) => ({ ...c, estimations: [estimation, { ...estimation, userId: 'b', value: 5 }] }),
      ['estimations', 1, 'value'],
    ],
    [
      'an estimation userId null',
      (c) => ({ ...c, estimations: [{ ...estimation, userId: null }] }),
      ['estimations', 0, 'userId'],
    ],
    [
      'an estimation username a boolean',
      (c) => ({ ...c, estimations: [{ ...estimation, username: true }] }),
      ['estimations', 0, 'username'],
    ],
    [
      'an estimation timestamp missing',
      (c) => ({ ...c, estimations: [{ userId: 'a', username: 'a', value: '1' }] }),
      ['estimations', 0, 'timestamp'],
    ],
    ['isRevealed a text', (c) => ({ ...c, isRevealed: 'no' }), ['isRevealed']],
    ["scale 'days'", (c) => ({ ...c, scale: 'days' }), ['scale']],
    ['settings missing', ({ settings: _s, ...c }) => c, ['settings']],
    ['settings null', (c) => ({ ...c, settings: null }), ['settings']],
    [
      "settings.defaultScale 'days'",
      (c) => ({ ...c, settings: { ...c.settings, defaultScale: 'days' } }),
      ['settings', 'defaultScale'],
    ],
    [
      'settings.allowChangeAfterReveal a text',
      (c) => ({ ...c, settings: { ...c.settings, allowChangeAfterReveal: 'yes' } }),
      ['settings', 'allowChangeAfterReveal'],
    ],
    [
      'settings.showStatistics missing',
      (c) => ({ ...c, settings: { defaultScale: 'fibonacci', allowChangeAfterReveal: true } }),
      ['settings', 'showStatistics'],
    ],
  ])('refuses %s with NO_DATA, the ZodError naming the field', (_name, change, path) => {
    expectShapeError(() => tool.parse(change(base())), PokerError, {
      code: 'NO_DATA',
      message: 'No data loaded',
      issuePaths: [path],
    });
  });

  it.each([null, undefined, [], 'poker', 42, {}, { toolType: 'kanban', phases: [] }])(
    'refuses %j, which is not poker content',
    (value) => {
      expectShapeError(() => tool.parse(value), PokerError);
    },
  );

  it("keeps fields it does not know, at every level (a newer client's additions)", () => {
    const content = voted();
    const newer = {
      ...content,
      roundName: 'Sprint 7',
      settings: { ...content.settings, theme: { dark: true } },
      estimations: content.estimations.map((entry) => ({ ...entry, emoji: '🃏' })),
    };
    expectParsedUnchanged(tool, newer);
  });
});

describe('lenientPokerContentSchema (export of older or foreign shapes)', () => {
  const lenient = (value: unknown) => tool.parse(value, { lenient: true });

  it('reads valid content unchanged', () => {
    expect(lenient(voted())).toEqual(voted());
    expect(lenient(base())).toEqual(base());
  });

  it('fills defaults for an older shape and reads numbers as text', () => {
    const older = {
      id: 17,
      estimations: [
        { userId: 'ann', value: 5 },
        { userId: 7, username: 'Bob', value: 'M', timestamp: '2020-01-01T00:00:00.000Z' },
        { username: 'nobody', value: '3' },
        null,
        'cara',
      ],
      isRevealed: 'yes',
      scale: 'hours',
      selectedIssueId: 12,
      settings: { allowChangeAfterReveal: false, colour: 'red' },
      extra: [1],
    };
    const read = lenient(older);
    expect(read).toEqual({
      id: '17',
      version: 1,
      lastModified: '',
      createdAt: '',
      toolType: 'scrum-poker',
      selectedIssueId: '12',
      estimations: [
        { userId: 'ann', username: 'ann', value: '5', timestamp: '' },
        { userId: '7', username: 'Bob', value: 'M', timestamp: '2020-01-01T00:00:00.000Z' },
      ],
      isRevealed: false,
      scale: 'fibonacci',
      settings: {
        defaultScale: 'fibonacci',
        allowChangeAfterReveal: false,
        showStatistics: true,
        colour: 'red',
      },
      extra: [1],
    });
    // What the lenient schema produces is content the strict one accepts.
    expectParsedUnchanged(tool, read);
    expect(tool.validate(read)).toEqual([]);
  });

  it('gives every settings object its own copy of the defaults', () => {
    const first = lenient({ estimations: [] });
    const second = lenient({ estimations: [] });
    expect(first.settings).toEqual(second.settings);
    expect(first.settings).not.toBe(second.settings);
  });

  it.each([
    null,
    undefined,
    [],
    'poker',
    42,
    {},
    { estimations: 'none' },
    { toolType: 'kanban', phases: [] },
  ])('refuses %j, which is not poker content, with NO_DATA', (value) => {
    expectShapeError(() => lenient(value), PokerError, { code: 'NO_DATA' });
  });

  it('keeps a free topic and drops one that is not text of at most the maximum length', () => {
    expect(lenient({ ...base(), topic: 'Login page' })).toEqual({ ...base(), topic: 'Login page' });
    expect(lenient({ ...base(), topic: 7 }).topic).toBeUndefined();
    expect(
      lenient({ ...base(), topic: 'x'.repeat(POKER_TOPIC_MAX_LENGTH + 1) }).topic,
    ).toBeUndefined();
  });

  it('is built from the same definition as the strict schema', () => {
    const older = { estimations: [], isRevealed: 'yes' };
    expect(pokerContentSchemaFor('strict').safeParse(older).success).toBe(false);
    expect(pokerContentSchemaFor('lenient').safeParse(older).success).toBe(true);
  });
});

describe('pokerOperations.schema', () => {
  it('has the type of PokerOperation, and the registry lists every operation', () => {
    expectTypeOf<z.infer<typeof pokerOperations.schema>>().branded.toEqualTypeOf<PokerOperation>();
    expect(tool.operations).toEqual([...pokerOperations.names, 'patch']);
    expect([...pokerOperations.names].sort()).toEqual(Object.keys(validArgs).sort());
  });

  const validArgs: Record<PokerOperation['type'], Record<string, unknown>[]> = {
    submitVote: [
      { userId: 'ann', username: 'Ann', value: '5' },
      { userId: '', username: '', value: 'anything' },
    ],
    clearVote: [{ userId: 'ann' }, { userId: ' ' }],
    reveal: [{}],
    hide: [{}],
    reset: [{}],
    changeScale: [{ scale: 'fibonacci' }, { scale: 'tshirt' }, { scale: 'powers' }],
    selectIssue: [{ issueId: 'ISSUE-1' }, { issueId: null }],
    setTopic: [{ topic: 'Login page' }, { topic: '' }, { topic: 'Login page', from: '' }],
    setAutoReveal: [{ enabled: true }, { enabled: false }],
    setSpectator: [{ userId: 'ann', spectator: true }],
    setCustomDeck: [{ values: ['1', '2'] }, { values: [] }],
    startTimer: [{}],
    pauseTimer: [{}],
    resetTimer: [{}],
    recordResult: [{ issueId: 'i', title: 'Login', estimate: '5' }],
  };

  it.each(operationArgCases(validArgs))('parses %s %j', (name, args) => {
    expectArgsParsed(tool, name, args);
  });

  it('drops arguments it does not know', () => {
    expect(tool.parseOperation('reveal', { force: true })).toEqual({ type: 'reveal' });
  });

  it.each<[string, unknown]>([
    ['submitVote', { userId: 'ann', username: 'Ann' }],
    ['submitVote', { userId: 'ann', username: 'Ann', value: 5 }],
    ['submitVote', { userId: null, username: 'Ann', value: '5' }],
    ['submitVote', { userId: 'ann', value: '5' }],
    ['clearVote', {}],
    ['clearVote', { userId: 1 }],
    ['changeScale', { scale: 'hours' }],
    ['changeScale', {}],
    ['selectIssue', {}],
    ['selectIssue', { issueId: 3 }],
    ['setTopic', {}],
    ['setTopic', { topic: null }],
    ['setTopic', { topic: 'Login page', from: null }],
  ])('refuses %s %j with a ZodError as cause', (name, args) => {
    expectShapeError(() => tool.parseOperation(name, args), OperationFormatError);
  });

  it.each<[string, unknown]>([
    ['reveal', null],
    ['reveal', []],
    ['reveal', 'now'],
    ['reveal', { type: 'hide' }],
    ['start', {}],
    ['', {}],
  ])('refuses %s with args %j', (name, args) => {
    expect(() => tool.parseOperation(name, args)).toThrow(OperationFormatError);
  });

  it('checks the operation when one is created', () => {
    const bad = { type: 'changeScale', scale: 'hours' } as unknown as PokerOperation;
    expect(() => tool.createOperation(bad, { id: 'op', at: 't', by: 'ann' })).toThrow(
      OperationFormatError,
    );
  });
});
