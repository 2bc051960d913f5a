import { describe, expect, it } from 'vitest';

import { POKER_DEFAULT_SETTINGS, defaultPokerContent } from './defaults.ts';
import type { PokerContent } from './types.ts';
import { pokerProblems, validatePokerContent } from './validation.ts';

let counter = 0;
const ctx = { newId: () => `id-${++counter}`, now: () => '2024-01-01T00:00:00.000Z' };

describe('defaultPokerContent (spec §3)', () => {
  it('is exactly the spec default', () => {
    counter = 0;
    expect(defaultPokerContent(ctx)).toEqual({
      id: 'id-1',
      version: 1,
      lastModified: '2024-01-01T00:00:00.000Z',
      createdAt: '2024-01-01T00:00:00.000Z',
      toolType: 'scrum-poker',
      selectedIssueId: null,
      estimations: [],
      isRevealed: false,
      scale: 'fibonacci',
      settings: { defaultScale: 'fibonacci', allowChangeAfterReveal: true, showStatistics: true },
    });
    expect(defaultPokerContent(ctx).settings).not.toBe(POKER_DEFAULT_SETTINGS);
  });
});

describe('validatePokerContent (spec §5 Poker content)', () => {
  it('accepts the default content', () => {
    expect(validatePokerContent(defaultPokerContent(ctx))).toEqual([]);
  });

  it('reports every problem with the spec text, in order', () => {
    const broken = {
      ...defaultPokerContent(ctx),
      estimations: 'none',
      settings: null,
      isRevealed: 'yes',
      scale: 'hours',
    } as unknown as PokerContent;
    expect(validatePokerContent(broken)).toEqual([
      'Estimations must be an array',
      'Settings are required',
      'isRevealed must be a boolean',
      'Invalid scale value',
    ]);
    expect(pokerProblems(broken)).toEqual([
      'ESTIMATIONS_NOT_ARRAY',
      'SETTINGS_REQUIRED',
      'IS_REVEALED_NOT_BOOLEAN',
      'INVALID_SCALE',
    ]);
  });

  it('accepts both scales', () => {
    expect(validatePokerContent({ ...defaultPokerContent(ctx), scale: 'tshirt' })).toEqual([]);
  });
});
