/**
 * Names nobody can impersonate (spec §5 Space name, Login/register, Username edit): the one place
 * that says when two space names or two usernames of a space are the same name, when they merely
 * look the same, and which names are refused outright. Pure functions of strings; the database side
 * (stored keys, back-fill, uniqueness) is ./name-keys.ts.
 *
 * - {@link nameKey}: the name as compared — Unicode compatibility forms (NFKC) and case folded,
 *   invisible characters dropped, runs of whitespace collapsed to one space, trimmed. `Team Alpha`,
 *   `team  alpha` and `ＴＥＡＭ ＡＬＰＨＡ` share one key, so they are one name.
 * - {@link nameSkeleton}: what the name looks like — the confusable skeleton of Unicode UTS #39
 *   (`unhomoglyph`'s copy of confusables.txt, Unicode 13.0) taken before and after case folding,
 *   so `Cаse X` (Cyrillic а), `CΑSE X` (Greek Α) and `case x` share one skeleton. Every mapping
 *   of that file holds (names.test.ts checks each one); beyond it, the letters i and l count as
 *   one (see {@link STROKE_LETTERS}).
 * - `hasInvisibleCharacters` and `isSingleScript` (re-exported from @cipherspace/crypto, where
 *   the web app checks them too): what a new name may not be — with zero-width, bidi or other
 *   format characters, or mixing scripts (UTS #39 "highly restrictive").
 */
import { removeInvisibleCharacters } from '@cipherspace/crypto';
import unhomoglyph from 'unhomoglyph';

export { hasInvisibleCharacters, isSingleScript } from '@cipherspace/crypto';

/**
 * Which rules computed a stored key and skeleton. Rows with an older (or no) version are keyed
 * again by ./name-keys.ts; raise it whenever {@link nameKey} or {@link nameSkeleton} change.
 */
export const NAME_KEYS_VERSION = 2;

const WHITESPACE_RUN = /\s+/gu;

/** Full case folding, locale-independent (upper then lower also folds ß → ss, ς → σ). */
const foldCase = (text: string) => text.toUpperCase().toLowerCase().normalize('NFKC');

/** Whitespace runs as one space, no whitespace at either end. */
const collapseWhitespace = (text: string) => text.replace(WHITESPACE_RUN, ' ').trim();

/** NFKC with invisible characters removed (as NFKC_Casefold drops default ignorables). */
const visibleCompatibilityForm = (text: string) =>
  removeInvisibleCharacters(text.normalize('NFKC'));

/**
 * Each character that confusables.txt lists replaced by its prototype (one pass: no prototype is
 * itself listed).
 */
const prototypes = (text: string) => unhomoglyph(text);

/**
 * The skeleton of Unicode Technical Standard 39 (NFD, each character replaced by its prototype,
 * NFD again), with the table also applied before the first NFD: the file lists composed
 * characters (`ȧ`, `Й`, `ö`) that NFD would split before the table could see them.
 */
const skeleton = (text: string) => prototypes(prototypes(text).normalize('NFD')).normalize('NFD');

/**
 * The prototypes i and l, which one look-alike class holds beyond confusables.txt. The file maps
 * the full-height strokes (`l`, `I`, `1`, `|`, Cyrillic `Ӏ`) to l but the short ones (`ı`, Greek
 * `ι`, Cyrillic `і`) to i — and the small Cyrillic palochka `ӏ` (U+04CF) to i too, although fonts
 * draw it as a full-height stroke like its capital: `аӏісе` passes for `alice`, `һеӏӏо` for
 * `hello`. A skeleton is one string per name, so palochka cannot stay beside i and join l without
 * i and l meeting: names that differ only in i against l (`Bali`, `Ball`) count as look-alikes.
 */
const STROKE_LETTERS = /i/g;

/**
 * The key two names are compared by (spec §5 "unique within the space"): NFKC, invisible characters
 * removed, case folded, whitespace runs collapsed and trimmed. Equal keys mean one name. Never
 * throws; the key of a name of n code points is at most 18·n long (NFKC's bound).
 */
export function nameKey(name: string): string {
  return collapseWhitespace(foldCase(visibleCompatibilityForm(name)));
}

/**
 * What a name looks like: the UTS #39 skeleton of its compatibility form, case folded and taken
 * again, so look-alike letters of any script and any case give one string (`ann`, `Аnn` with a
 * Cyrillic А, `ΑΝΝ` in Greek capitals). The name's characters are first replaced by their
 * confusables.txt prototypes as written, before NFKC can turn one into another letter (`ſ` looks
 * like f, NFKC makes it s), so every mapping of the file gives one skeleton; i and l are then
 * one letter (see {@link STROKE_LETTERS}). Equal skeletons mean the names can pass for each
 * other; the skeleton is for comparing only, never for showing. Never throws.
 */
export function nameSkeleton(name: string): string {
  const visible = collapseWhitespace(visibleCompatibilityForm(prototypes(name)));
  const folded = collapseWhitespace(skeleton(foldCase(skeleton(visible))));
  return folded.replace(STROKE_LETTERS, 'l');
}
