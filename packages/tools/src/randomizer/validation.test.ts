import { describe, expect, it } from 'vitest';

import { DEFAULT_OPTIONS, defaultRandomizerContent, idleAnimation } from './defaults.ts';
import type { RandomizerContent } from './types.ts';
import { randomizerProblems, validateRandomizerContent } from './validation.ts';

const ctx = { newId: () => 'id-1', now: () => '2024-01-01T00:00:00.000Z' };

describe('defaultRandomizerContent (spec §3)', () => {
  it('has three options, no-repeat, idle, no selection', () => {
    expect(defaultRandomizerContent(ctx)).toEqual({
      id: 'id-1',
      version: 1,
      lastModified: '2024-01-01T00:00:00.000Z',
      createdAt: '2024-01-01T00:00:00.000Z',
      options: ['Option 1', 'Option 2', 'Option 3'],
      repetitionMode: 'no-repeat',
      selectedIndex: null,
      usedIndices: [],
      animation: { startIndex: 0, steps: [], state: 'idle', currentStepIndex: 0, runId: null },
      ui: { isEditing: false, optionsText: 'Option 1\nOption 2\nOption 3' },
    });
    expect(defaultRandomizerContent(ctx).options).not.toBe(DEFAULT_OPTIONS);
    expect(idleAnimation()).not.toBe(idleAnimation());
  });
});

describe('validateRandomizerContent (spec §5 Randomizer content)', () => {
  it('accepts the default content', () => {
    expect(validateRandomizerContent(defaultRandomizerContent(ctx))).toEqual([]);
  });

  it("requires an option: 'At least one option is required'", () => {
    expect(validateRandomizerContent({ ...defaultRandomizerContent(ctx), options: [] })).toEqual([
      'At least one option is required',
    ]);
  });

  it('reports every problem with the spec text, in order', () => {
    const broken = {
      ...defaultRandomizerContent(ctx),
      options: 'a\nb',
      repetitionMode: 'sometimes',
      animation: null,
      ui: undefined,
    } as unknown as RandomizerContent;
    expect(validateRandomizerContent(broken)).toEqual([
      'Options must be an array',
      'Invalid repetition mode',
      'Animation configuration is required',
      'UI configuration is required',
    ]);
    expect(randomizerProblems(broken)).toEqual([
      'OPTIONS_NOT_ARRAY',
      'INVALID_REPETITION_MODE',
      'ANIMATION_REQUIRED',
      'UI_REQUIRED',
    ]);
  });

  it('accepts allow mode', () => {
    expect(
      validateRandomizerContent({ ...defaultRandomizerContent(ctx), repetitionMode: 'allow' }),
    ).toEqual([]);
  });
});
