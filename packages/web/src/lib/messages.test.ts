import { describe, expect, it } from 'vitest';

import de from '../../messages/de.json';
import en from '../../messages/en.json';

/** Every visible text exists in English and German (spec §1; issue "Web app" §3). */
describe('message files', () => {
  it('have the same keys in en and de, none empty', () => {
    expect(Object.keys(de).sort()).toEqual(Object.keys(en).sort());
    for (const [key, value] of [...Object.entries(en), ...Object.entries(de)]) {
      expect(value, key).not.toBe('');
    }
  });

  it('use the same {placeholders} in both languages', () => {
    const placeholders = (text: string) =>
      [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();
    for (const [key, text] of Object.entries(en)) {
      expect(placeholders((de as Record<string, string>)[key] ?? ''), key).toEqual(
        placeholders(text),
      );
    }
  });

  it('address the reader formally in German (Sie), never with du', () => {
    const informal = /\b(du|dich|dir|dein\w*|euch)\b/iu;
    const offenders = Object.entries(de as Record<string, string>)
      .filter(([key, text]) => key !== '$schema' && informal.test(text))
      .map(([key, text]) => `${key}: ${text}`);
    expect(offenders).toEqual([]);
  });
});
