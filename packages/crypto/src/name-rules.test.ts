/** The form rules of new names: nothing invisible, letters of one script. */
import { describe, expect, it } from 'vitest';

import { hasInvisibleCharacters, isSingleScript, removeInvisibleCharacters } from './name-rules.ts';

describe('hasInvisibleCharacters', () => {
  it.each([
    ['zero-width space', 'a\u200bnn'],
    ['zero-width non-joiner', 'a\u200cnn'],
    ['zero-width joiner', 'a\u200dnn'],
    ['word joiner', 'a\u2060nn'],
    ['byte-order mark', '\ufeffann'],
    ['soft hyphen', 'a\u00adnn'],
    ['left-to-right mark', 'ann\u200e'],
    ['right-to-left override', '\u202eann'],
    ['first-strong isolate', '\u2068ann\u2069'],
    ['Hangul filler (a letter that shows nothing)', 'a\u3164nn'],
    ['variation selector', 'a\ufe0fnn'],
    ['line separator', 'a\u2028nn'],
    ['blank braille pattern', 'a\u2800nn'],
  ])('finds a %s', (_, name) => {
    expect(hasInvisibleCharacters(name)).toBe(true);
  });

  it.each(['a\u200d🚀', '🚀\u200dnn', 'a\ufe0fnn', '\u200d'])(
    'finds the joiner or selector of an emoji outside one: %j',
    (name) => {
      expect(hasInvisibleCharacters(name)).toBe(true);
    },
  );

  it.each([
    'ann',
    'Team Alpha',
    'Jürgen 🚀',
    'Команда-7',
    '東京 Team',
    'ann 👩‍🚀',
    '👨🏽‍💻',
    '❤️ 1️⃣',
    '🏳️‍🌈',
  ])('passes %j', (name) => {
    expect(hasInvisibleCharacters(name)).toBe(false);
  });
});

describe('isSingleScript (UTS #39 highly restrictive)', () => {
  it.each([
    'Team Alpha 7',
    'Команда',
    'Ελλάδα',
    'مرحبا',
    'שלום',
    'नमस्ते',
    '東京 Team',
    'ひらがな カタカナ 漢字 Latin',
    '한국 team',
    '中文 ㄅㄆ abc',
    'Jürgen 🚀',
    'a-b 1',
  ])('accepts %j', (name) => {
    expect(isSingleScript(name)).toBe(true);
  });

  it.each([
    ['Latin with a Cyrillic а', 'Cаse X'],
    ['Latin with a Greek ο', 'Cοde'],
    ['Cyrillic with a Latin o', 'Кoманда'],
    ['Greek with Cyrillic', 'Αлфа'],
    ['Korean with Japanese kana', '한국 ひらがな'],
    ['Cherokee letters copying Latin ones (not a recommended script)', 'ᎪᏴᏟ'],
  ])('refuses %s', (_, name) => {
    expect(isSingleScript(name)).toBe(false);
  });
});

describe('removeInvisibleCharacters', () => {
  it('keeps every visible character and drops the rest', () => {
    expect(removeInvisibleCharacters('\u202ea\u200bn\u3164n 🚀\u200d')).toBe('ann 🚀');
  });
});
