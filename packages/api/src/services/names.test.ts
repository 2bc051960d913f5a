/** Names nobody can impersonate: the key and skeleton of services/names.ts. */
import confusables from 'unhomoglyph/data.json' with { type: 'json' };
import { describe, expect, it } from 'vitest';

import { assignNameKeys } from './name-keys.ts';
import { nameKey, nameSkeleton } from './names.ts';

describe('nameKey: one name however it is written', () => {
  it.each([
    ['case', 'Team Alpha', 'TEAM alpha'],
    ['runs of spaces and ends', 'Team Alpha', '  team   alpha '],
    ['other spaces (NFKC)', 'Team Alpha', 'Team\u00a0Alpha'],
    ['fullwidth letters (NFKC)', 'Team Alpha', 'Ｔｅａｍ Ａｌｐｈａ'],
    ['ligatures (NFKC)', 'office', 'ｏﬃce'],
    ['composed and decomposed accents', 'Jürgen', 'Ju\u0308rgen'],
    ['sharp s (full case folding)', 'Straße', 'STRASSE'],
    ['final sigma', 'ΟΔΟΣ', 'οδοσ'],
    ['a zero-width space', 'ann', 'a\u200bnn'],
    ['a bidi override', 'ann', '\u202eann'],
  ])('%s: %j and %j share a key', (_, first, second) => {
    expect(nameKey(second)).toBe(nameKey(first));
  });

  it.each([
    ['Team Alpha', 'Team Alpha 2'],
    ['ann', 'anna'],
    ['ann', 'аnn'], // Cyrillic а: another name, that only looks the same
    ['Team Alpha', 'TeamAlpha'],
  ])('%j and %j are different names', (first, second) => {
    expect(nameKey(second)).not.toBe(nameKey(first));
  });

  it('is the name in lower case with single spaces', () => {
    expect(nameKey('  Team   ALPHA ')).toBe('team alpha');
  });
});

describe('nameSkeleton: names that pass for each other', () => {
  it.each([
    ['Cyrillic а in a Latin name', 'ann', 'аnn'],
    ['a whole Cyrillic look-alike', 'cop', 'сор'],
    ['Greek capitals', 'KAPA', 'ΚΑΡΑ'],
    ['Greek capitals of a lower-case name', 'ann', 'ΑΝΝ'],
    ['capital I for small l', 'lan', 'Ian'],
    ['digits for letters', 'Room lol', 'Room 101'],
    ['rn for m', 'Tom', 'Torn'],
    ['fullwidth letters', 'Team', 'Ｔｅａｍ'],
    ['a zero-width joiner', 'ann', 'an\u200dn'],
    ['double spaces', 'Team Alpha', 'Team  Alpha'],
    ['case', 'Case X', 'CASE x'],
  ])('%s: %j and %j share a skeleton', (_, first, second) => {
    expect(nameSkeleton(second)).toBe(nameSkeleton(first));
  });

  it.each([
    ['ann', 'anne'],
    ['Team Alpha', 'Team Beta'],
    ['Jürgen', 'Jurgen'],
  ])('%j and %j look different', (first, second) => {
    expect(nameSkeleton(second)).not.toBe(nameSkeleton(first));
  });

  it.each([
    ['small palochka for l', 'alice', 'аӏісе'],
    ['small palochka for l, twice', 'hello', 'һеӏӏо'],
    ['capital shha and palochka', 'Hello Poll', 'Һеӏӏо Роӏӏ'],
    ['composed and decomposed', 'Bjӧrn', 'Bjo\u0308rn'],
  ])('%s: %j and %j share a skeleton', (_, first, second) => {
    expect(nameSkeleton(second)).toBe(nameSkeleton(first));
  });
});

describe('nameSkeleton: every mapping of UTS #39 confusables.txt', () => {
  // The file as the package ships it: source character → prototype.
  const mappings = Object.entries(confusables as Record<string, string>);
  // The characters a name may hold: letters (with their marks) and digits.
  const nameCharacters = mappings.filter(([source]) => /^[\p{L}\p{N}\p{M}]$/u.test(source));

  it('holds the whole file, palochka among its letters', () => {
    expect(mappings.length).toBeGreaterThan(6000);
    expect(nameCharacters.length).toBeGreaterThan(5000);
    expect(confusables).toMatchObject({ '\u04CF': 'i', '\u04C0': 'l' });
  });

  it('gives each character the skeleton of its prototype, alone and inside a word', () => {
    const apart = nameCharacters.filter(
      ([source, prototype]) =>
        nameSkeleton(source) !== nameSkeleton(prototype) ||
        nameSkeleton(`x${source}z`) !== nameSkeleton(`x${prototype}z`),
    );
    expect(apart).toEqual([]);
  });
});

describe('assignNameKeys: rows keyed before the rules', () => {
  const row = (id: string, name: string) => ({
    id,
    key: nameKey(name),
    skeleton: nameSkeleton(name),
  });

  it('gives each key and skeleton to the oldest row only; later clashes keep null', () => {
    const rows = [row('1', 'Team Alpha'), row('2', 'team  alpha'), row('3', 'Team Аlpha')];
    expect(assignNameKeys(rows, [])).toEqual([
      { id: '1', key: 'team alpha', skeleton: nameSkeleton('Team Alpha') },
      { id: '2', key: null, skeleton: null },
      { id: '3', key: nameKey('Team Аlpha'), skeleton: null },
    ]);
  });

  it('leaves null what a stored row already holds', () => {
    const stored = { key: 'ann', skeleton: nameSkeleton('bob') };
    expect(assignNameKeys([row('1', 'Ann'), row('2', 'b0b')], [stored])).toEqual([
      { id: '1', key: null, skeleton: nameSkeleton('ann') },
      { id: '2', key: 'b0b', skeleton: null },
    ]);
  });
});
