import { describe, expect, it } from 'vitest';

import { optionsTextChanged, optionsToText, parseOptionsText } from './options.ts';

describe('parseOptionsText (spec §5: split on newlines, trimmed, blanks dropped)', () => {
  it('splits, trims and drops blank lines', () => {
    expect(parseOptionsText(' Ann \n\n  Bob\r\nCid\r  \n')).toEqual(['Ann', 'Bob', 'Cid']);
    expect(parseOptionsText('')).toEqual([]);
    expect(parseOptionsText(' \n \n')).toEqual([]);
  });

  it('keeps duplicates and inner spaces', () => {
    expect(parseOptionsText('a b\na b')).toEqual(['a b', 'a b']);
  });

  it('round-trips through optionsToText', () => {
    expect(optionsToText(['a', 'b'])).toBe('a\nb');
    expect(parseOptionsText(optionsToText(['a', 'b']))).toEqual(['a', 'b']);
  });
});

describe('optionsTextChanged (spec §5: saved only if it differs)', () => {
  it('is false for the same options, ignoring blank lines and spaces', () => {
    expect(optionsTextChanged('a\nb', 'a\nb')).toBe(false);
    expect(optionsTextChanged(' a \n\nb\n', 'a\nb')).toBe(false);
  });

  it('is true for added, removed, renamed or reordered options', () => {
    expect(optionsTextChanged('a\nb\nc', 'a\nb')).toBe(true);
    expect(optionsTextChanged('a', 'a\nb')).toBe(true);
    expect(optionsTextChanged('a\nB', 'a\nb')).toBe(true);
    expect(optionsTextChanged('b\na', 'a\nb')).toBe(true);
    expect(optionsTextChanged('', 'a')).toBe(true);
  });
});
