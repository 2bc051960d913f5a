/**
 * Name rules a browser checks before sending and the server enforces, so that nobody can
 * impersonate a name: no invisible or formatting characters, letters of one script (Unicode UTS #39
 * "highly restrictive"). Pure functions on the Unicode data of the JavaScript runtime's regular
 * expressions. Whether a name clashes with a taken one is the server's business
 * (packages/api/src/services/names.ts: key and confusable skeleton).
 */

/**
 * Characters that show nothing or only steer layout: format characters (Cf: zero-width space,
 * joiners, bidi embeddings, overrides and isolates, the byte-order mark, soft hyphen, …), every
 * default-ignorable code point (fillers such as U+3164 HANGUL FILLER, variation selectors), line
 * and paragraph separators, and the blank braille pattern U+2800.
 */
const INVISIBLE = /[\p{Cf}\p{Default_Ignorable_Code_Point}\p{Zl}\p{Zp}\u2800]/u;
const INVISIBLE_ALL = new RegExp(INVISIBLE.source, 'gu');
/**
 * The invisible characters emoji are made of, which a name may hold: a zero-width joiner between
 * two pictographs (👩‍🚀, 👨🏽‍💻, 🏳️‍🌈) and the emoji presentation selector U+FE0F after one (❤️, 1️⃣).
 */
const EMOJI_JOINER =
  /(?<=\p{Extended_Pictographic}(?:[\u{1F3FB}-\u{1F3FF}]|\uFE0F)?)\u200D(?=\p{Extended_Pictographic})/gu;
const EMOJI_PRESENTATION = /(?<=[\p{Extended_Pictographic}#*0-9])\uFE0F/gu;

/**
 * The scripts Unicode recommends for identifiers (UTS #31 Table 4). A name written in any other
 * script (historic or limited-use ones such as Cherokee, whose letters copy Latin ones) is refused
 * like a mixed-script one, as UTS #39's highly restrictive level does.
 */
const RECOMMENDED_SCRIPTS = [
  'Arabic',
  'Armenian',
  'Bengali',
  'Bopomofo',
  'Cyrillic',
  'Devanagari',
  'Ethiopic',
  'Georgian',
  'Greek',
  'Gujarati',
  'Gurmukhi',
  'Han',
  'Hangul',
  'Hebrew',
  'Hiragana',
  'Kannada',
  'Katakana',
  'Khmer',
  'Lao',
  'Latin',
  'Malayalam',
  'Myanmar',
  'Oriya',
  'Sinhala',
  'Tamil',
  'Telugu',
  'Thaana',
  'Thai',
  'Tibetan',
];

/**
 * UTS #39 §5.2 "highly restrictive": every letter from one script, or from one of the script
 * mixes a language is written in (Japanese, Chinese with Bopomofo, Korean — each with Latin).
 * Characters of every script (Common: digits, spaces, dashes; Inherited: combining marks) fit
 * any of them. A character counts for each script of its Script_Extensions, as UTS #39 says.
 */
const ALLOWED_SCRIPT_SETS = [
  ...RECOMMENDED_SCRIPTS.map((script) => [script]),
  ['Latin', 'Han', 'Hiragana', 'Katakana'],
  ['Latin', 'Han', 'Bopomofo'],
  ['Latin', 'Han', 'Hangul'],
].map((scripts) => {
  const classes = [...scripts, 'Common', 'Inherited'].map(
    (script) => `\\p{Script_Extensions=${script}}`,
  );
  return new RegExp(`^[${classes.join('')}]*$`, 'u');
});

/**
 * Whether `name` holds a character that shows nothing or steers layout (see INVISIBLE above),
 * other than inside an emoji (see EMOJI_JOINER): a new space name or username with one is refused.
 * Spec §5 Space name, Login/register.
 */
export function hasInvisibleCharacters(name: string): boolean {
  return INVISIBLE.test(name.replace(EMOJI_JOINER, '').replace(EMOJI_PRESENTATION, ''));
}

/**
 * Whether `name` is written in one script (UTS #39 highly restrictive, with the scripts UTS #31
 * recommends): `Team 7`, `Команда`, `東京 Team` are; `Cаse X` (Latin with a Cyrillic а) and names
 * in a script outside the recommended ones are not.
 */
export function isSingleScript(name: string): boolean {
  return ALLOWED_SCRIPT_SETS.some((pattern) => pattern.test(name));
}

/** `text` without the characters {@link hasInvisibleCharacters} finds (for comparing names). */
export function removeInvisibleCharacters(text: string): string {
  return text.replace(INVISIBLE_ALL, '');
}
