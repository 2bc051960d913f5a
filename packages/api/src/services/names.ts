/**
 * Names nobody can impersonate (issue 18 item 5; spec §5 Space name, Login/register, Username
 * edit): the one place that says when two space names or two usernames of a space are the same
 * name, when they merely look the same, and which names are refused outright. Pure functions of
 * strings; the database side (stored keys, back-fill, uniqueness) is ./name-keys.ts.
 *
 * - {@link nameKey}: the name as compared — Unicode compatibility forms (NFKC) and case folded,
 *   invisible characters dropped, runs of whitespace collapsed to one space, trimmed. `Team Alpha`,
 *   `team  alpha` and `ＴＥＡＭ ＡＬＰＨＡ` share one key, so they are one name.
 * - {@link nameSkeleton}: what the name looks like — the confusable skeleton of Unicode UTS #39
 *   (`unhomoglyph`'s copy of confusables.txt) taken before and after case folding, so `Cаse X`
 *   (Cyrillic а), `CΑSE X` (Greek Α) and `case x` share one skeleton.
 * - {@link hasInvisibleCharacters} and {@link isSingleScript}: names a new name may not be — with
 *   zero-width, bidi or other format characters, or mixing scripts (UTS #39 "highly restrictive").
 */
import unhomoglyph from 'unhomoglyph';

/**
 * Which rules computed a stored key and skeleton. Rows with an older (or no) version are keyed
 * again by ./name-keys.ts; raise it whenever {@link nameKey} or {@link nameSkeleton} change.
 */
export const NAME_KEYS_VERSION = 1;

/**
 * Characters that show nothing or only steer layout: format characters (Cf: zero-width space,
 * joiners, bidi embeddings, overrides and isolates, the byte-order mark, soft hyphen, …), every
 * default-ignorable code point (fillers such as U+3164 HANGUL FILLER, variation selectors), line
 * and paragraph separators, and the blank braille pattern U+2800.
 */
const INVISIBLE = /[\p{Cf}\p{Default_Ignorable_Code_Point}\p{Zl}\p{Zp}\u2800]/u;
const INVISIBLE_ALL = new RegExp(INVISIBLE.source, 'gu');
const WHITESPACE_RUN = /\s+/gu;

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

/** Full case folding, locale-independent (upper then lower also folds ß → ss, ς → σ). */
const foldCase = (text: string) => text.toUpperCase().toLowerCase().normalize('NFKC');

/** Whitespace runs as one space, no whitespace at either end. */
const collapseWhitespace = (text: string) => text.replace(WHITESPACE_RUN, ' ').trim();

/** NFKC with invisible characters removed (as NFKC_Casefold drops default ignorables). */
const visibleCompatibilityForm = (text: string) =>
  text.normalize('NFKC').replace(INVISIBLE_ALL, '');

/** The UTS #39 skeleton: NFD, each character replaced by its prototype, NFD again. */
const skeleton = (text: string) => unhomoglyph(text.normalize('NFD')).normalize('NFD');

/**
 * The key two names are compared by (spec §5 "unique within the space"; issue 18): NFKC, invisible
 * characters removed, case folded, whitespace runs collapsed and trimmed. Equal keys mean one
 * name. Never throws; the key of a name of n code points is at most 18·n long (NFKC's bound).
 */
export function nameKey(name: string): string {
  return collapseWhitespace(foldCase(visibleCompatibilityForm(name)));
}

/**
 * What a name looks like: the UTS #39 skeleton of its compatibility form, case folded and taken
 * again, so look-alike letters of any script and any case give one string (`ann`, `Аnn` with a
 * Cyrillic А, `ΑΝΝ` in Greek capitals). Equal skeletons mean the names can pass for each other;
 * the skeleton is for comparing only, never for showing. Never throws.
 */
export function nameSkeleton(name: string): string {
  const visible = collapseWhitespace(visibleCompatibilityForm(name));
  return collapseWhitespace(skeleton(foldCase(skeleton(visible))));
}

/** Whether `name` holds a character that shows nothing or steers layout (see INVISIBLE above). */
export function hasInvisibleCharacters(name: string): boolean {
  return INVISIBLE.test(name);
}

/**
 * Whether `name` is written in one script (UTS #39 highly restrictive, with the scripts UTS #31
 * recommends): `Team 7`, `Команда`, `東京 Team` are; `Cаse X` (Latin with a Cyrillic а) and names
 * in a script outside the recommended ones are not.
 */
export function isSingleScript(name: string): boolean {
  return ALLOWED_SCRIPT_SETS.some((pattern) => pattern.test(name));
}
