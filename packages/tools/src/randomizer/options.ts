/**
 * The options textarea of the randomizer (spec §2, §5 Randomizer content): one option per line,
 * saved on blur or Ctrl+Enter only when it changed.
 */

/**
 * The options in `text` (spec §5): split on newlines (\n, \r\n or \r), each trimmed, blank
 * lines dropped. `' a \n\n b\r\n'` gives `['a', 'b']`.
 */
export function parseOptionsText(text: string): string[] {
  return text
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/** The textarea text for `options`: one per line. */
export function optionsToText(options: readonly string[]): string {
  return options.join('\n');
}

/**
 * Whether the typed `text` differs from `savedText` (spec §5: saved only if it differs), compared
 * as option lists, so blank lines and surrounding spaces alone do not count as a change.
 */
export function optionsTextChanged(text: string, savedText: string): boolean {
  const typed = parseOptionsText(text);
  const saved = parseOptionsText(savedText);
  return typed.length !== saved.length || typed.some((option, index) => option !== saved[index]);
}
