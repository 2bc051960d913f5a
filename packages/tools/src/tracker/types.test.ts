import { describe, expect, it } from 'vitest';

import {
  DEFAULT_PHASE_COLOR,
  ESTIMATION_MAX_CHARS,
  ISSUE_PRIORITIES,
  ISSUE_TYPES,
  PHASE_COLORS,
  TrackerError,
  formatMessage,
} from './types.ts';

describe('tracker constants (spec §2, §3, §9)', () => {
  it('offers the 7 phase colours of spec §2 with gray #6c757d as the default', () => {
    expect(PHASE_COLORS).toEqual([
      { name: 'gray', hex: '#6c757d' },
      { name: 'blue', hex: '#17a2b8' },
      { name: 'green', hex: '#28a745' },
      { name: 'yellow', hex: '#ffc107' },
      { name: 'orange', hex: '#fd7e14' },
      { name: 'red', hex: '#dc3545' },
      { name: 'purple', hex: '#6f42c1' },
    ]);
    expect(DEFAULT_PHASE_COLOR).toBe('#6c757d');
  });

  it('lists the issue types, priorities and the estimation limit', () => {
    expect(ISSUE_TYPES).toEqual(['Bug', 'Task', 'User Story', 'Epic']);
    expect(ISSUE_PRIORITIES).toEqual(['none', 'Low', 'Medium', 'High', 'Critical']);
    expect(ESTIMATION_MAX_CHARS).toBe(3);
  });
});

describe('TrackerError (spec §8 Tracker logic)', () => {
  it('carries the code, the params and the spec text as message', () => {
    const error = new TrackerError('MIN_PHASES', { minPhases: 3 });
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('TrackerError');
    expect(error.code).toBe('MIN_PHASES');
    expect(error.params).toEqual({ minPhases: 3 });
    expect(error.message).toBe('Cannot delete phase. Minimum 3 phases required.');
  });

  it.each([
    ['NO_DATA', 'No data loaded'],
    ['PHASE_NOT_FOUND', 'Phase not found'],
    ['ISSUE_NOT_FOUND', 'Issue not found'],
    ['PHASE_FULL', 'Cannot move issue. Phase is at maximum capacity'],
    ['MAX_PHASES', 'Cannot add more than 10 phases'],
    ['INVALID_TARGET_POSITION', 'Invalid target position'],
    ['TITLE_REQUIRED', 'Title is required'],
  ] as const)('%s reads "%s"', (code, message) => {
    expect(new TrackerError(code, { maxPhases: 10 }).message).toBe(message);
  });
});

describe('formatMessage', () => {
  it('fills known placeholders and leaves unknown ones', () => {
    expect(formatMessage('{a} of {b} ({c})', { a: 1, b: 'x' })).toBe('1 of x ({c})');
    expect(formatMessage('plain')).toBe('plain');
  });
});
