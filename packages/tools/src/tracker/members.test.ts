import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { distinctMembers, memberKey, sameName } from './members.ts';
import { isMentionable, mentionableMembers, mentionsIn } from './notifications.ts';

// Names as boards and imports write them: cased letters (some beyond ASCII), digits, the
// characters a mention allows, and spaces, '@', ',' that it does not.
const nameArb = fc.string({
  unit: fc.constantFrom(
    'a',
    'B',
    'b',
    'É',
    'é',
    'ß',
    'İ',
    'σ',
    'ς',
    '7',
    '_',
    '-',
    '.',
    ' ',
    '@',
    ',',
  ),
  maxLength: 8,
});
const namesArb = fc.array(nameArb, { maxLength: 8 });
// What may stand before a mention (nothing, or a character that ends no name) and after it.
const beforeArb = fc.constantFrom('', ' ', 'hi ', '(', 'done!\n', 'see, ');
const afterArb = fc.string({ maxLength: 10 });

describe('member identity', () => {
  it('compares names trimmed and ignoring case', () => {
    expect(memberKey('  Bob ')).toBe('bob');
    expect(sameName('Bob', ' bOB ')).toBe(true);
    expect(sameName('Bob', 'Bob Brown')).toBe(false);
    expect(sameName('', '  ')).toBe(true);
  });

  it('keeps one name per member, the first spelling, in the order given', () => {
    expect(distinctMembers(['bob', 'Bob Brown', ' BOB ', '', '  ', 'ann', 'Ann'])).toEqual([
      'bob',
      'Bob Brown',
      'ann',
    ]);
    expect(distinctMembers(new Set(['Carol', 'carol ']))).toEqual(['Carol']);
    expect(distinctMembers([])).toEqual([]);
  });

  it('property: one trimmed name per key of the non-blank input, first spelling, input order', () => {
    fc.assert(
      fc.property(namesArb, (names) => {
        const result = distinctMembers(names);
        const firsts = new Map<string, string>();
        for (const name of names)
          if (name.trim() !== '' && !firsts.has(memberKey(name)))
            firsts.set(memberKey(name), name.trim());
        expect(result).toEqual([...firsts.values()]);
        expect(distinctMembers(result)).toEqual(result);
      }),
    );
  });
});

describe('mentionable names', () => {
  it('allows letters, digits, "_", "-" and "." only, trimmed and not blank', () => {
    for (const name of ['bob', ' Bob ', 'anna-lena', 'ann.b', 'cy_2', 'Zoë', 'Łukasz', '李'])
      expect(isMentionable(name), name).toBe(true);
    for (const name of ['', '   ', 'Bob Brown', 'bob@example.com', 'o’neil', 'a+b', 'x/y'])
      expect(isMentionable(name), name).toBe(false);
  });

  it('offers one name per member, the space’s spelling first, without full names', () => {
    const space = ['bob', 'Carol'];
    const board = ['Bob Brown', 'BOB', 'carol', 'dee-dee', '', 'Ann Smith'];
    expect(mentionableMembers([...space, ...board])).toEqual(['bob', 'Carol', 'dee-dee']);
  });

  it('agrees with mentionsIn: a name is found as @name exactly when it is mentionable', () => {
    fc.assert(
      fc.property(nameArb, (name) => {
        const found = mentionsIn(`hi @${name.trim()} `, [name]).length > 0;
        expect(found).toBe(isMentionable(name));
      }),
    );
  });

  it('property: every mentionable member written as @name is found by mentionsIn', () => {
    fc.assert(
      fc.property(namesArb, beforeArb, afterArb, fc.nat(), (names, before, after, pick) => {
        const options = mentionableMembers(names);
        fc.pre(options.length > 0);
        const name = options[pick % options.length] ?? '';
        const text = `${before}@${name} ${after}`;
        // Among the offered names, in their spelling …
        expect(mentionsIn(text, options)).toContain(name);
        // … and among the names as the board wrote them, as the same member.
        expect(mentionsIn(text, names).some((member) => sameName(member, name))).toBe(true);
      }),
    );
  });
});
