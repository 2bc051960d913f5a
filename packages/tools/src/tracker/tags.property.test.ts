/** Properties of the one tag rule (./tags.ts) over any list of tags. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { cleanTags, tagColorKey } from './tags.ts';

// Tags in mixed case with padding and blanks, so that repeats ignoring case are common.
const tag = fc.oneof(
  fc.constantFrom('ui', 'UI', ' Ui ', 'api', 'API', '', '  ', 'Straße', 'STRASSE', 'İ', 'i'),
  fc.string({ maxLength: 4 }),
  fc.string({ maxLength: 3 }).map((text) => ` ${text.toUpperCase()}\t`),
);
const tags = fc.array(tag, { maxLength: 12 });

describe('cleanTags (property)', () => {
  it('leaves no blank tag and no two tags equal ignoring case', () => {
    fc.assert(
      fc.property(tags, (input) => {
        const clean = cleanTags(input);
        const keys = clean.map(tagColorKey);
        expect(keys).not.toContain('');
        expect(new Set(keys).size).toBe(clean.length);
        for (const kept of clean) expect(kept).toBe(kept.trim());
      }),
    );
  });

  it('keeps, of each tag, the first spelling given, in the order first given', () => {
    fc.assert(
      fc.property(tags, (input) => {
        const firsts: string[] = [];
        for (const given of input) {
          const trimmed = given.trim();
          if (trimmed !== '' && !firsts.some((other) => tagColorKey(other) === tagColorKey(given)))
            firsts.push(trimmed);
        }
        expect(cleanTags(input)).toEqual(firsts);
      }),
    );
  });

  it('changes nothing when cleaning twice', () => {
    fc.assert(
      fc.property(tags, (input) => {
        const once = cleanTags(input);
        expect(cleanTags(once)).toEqual(once);
      }),
    );
  });
});
