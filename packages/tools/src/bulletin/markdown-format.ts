/**
 * The markdown toolbar of the note dialog (spec §2 /tools/bulletin: "content with a markdown
 * toolbar (bold, italic, link, H2, list)"): how each button changes the text around the
 * selection of the content textarea. Pure text in, text and new selection out; the dialog only
 * writes the result back into the textarea.
 */

/** The toolbar buttons, in the order of spec §2. */
export type MarkdownFormat = 'bold' | 'italic' | 'link' | 'heading' | 'list';

/** Every toolbar button, in the order the toolbar shows them. */
export const MARKDOWN_FORMATS: readonly MarkdownFormat[] = [
  'bold',
  'italic',
  'link',
  'heading',
  'list',
];

/** A selection in a text as the textarea reports it: character offsets, `start <= end`. */
export interface TextSelection {
  start: number;
  end: number;
}

/** The text after a toolbar action and what is selected in it afterwards. */
export interface FormattedText {
  text: string;
  selection: TextSelection;
}

/** The placeholder URL a new link gets; it is selected, so typing replaces it. */
export const LINK_URL_PLACEHOLDER = 'https://';

const INLINE_MARKERS = { bold: '**', italic: '*' } as const;
const LINE_PREFIXES = { heading: '## ', list: '- ' } as const;

function normalised(text: string, selection: TextSelection): TextSelection {
  const clamp = (value: number) => Math.min(text.length, Math.max(0, value));
  const start = clamp(Math.min(selection.start, selection.end));
  const end = clamp(Math.max(selection.start, selection.end));
  return { start, end };
}

/**
 * `marker` around the selection; when the selection is already surrounded by exactly that
 * marker (`**word**` with `word` selected) the marker is removed instead. Italic does not unwrap
 * the inner stars of bold text.
 */
function toggleInline(text: string, { start, end }: TextSelection, marker: string): FormattedText {
  const before = text.slice(0, start);
  const after = text.slice(end);
  const wrapped = before.endsWith(marker) && after.startsWith(marker);
  const boldAround = before.endsWith('**') && after.startsWith('**');
  if (wrapped && (marker === '**' || !boldAround || before.endsWith('***'))) {
    return {
      text: before.slice(0, -marker.length) + text.slice(start, end) + after.slice(marker.length),
      selection: { start: start - marker.length, end: end - marker.length },
    };
  }
  return {
    text: before + marker + text.slice(start, end) + marker + after,
    selection: { start: start + marker.length, end: end + marker.length },
  };
}

function linkAround(text: string, { start, end }: TextSelection): FormattedText {
  const label = text.slice(start, end);
  const inserted = `[${label}](${LINK_URL_PLACEHOLDER})`;
  const result = text.slice(0, start) + inserted + text.slice(end);
  if (label === '') {
    // Nothing selected: the caret goes between the brackets, for the link text.
    return { text: result, selection: { start: start + 1, end: start + 1 } };
  }
  const urlStart = start + label.length + 3;
  return {
    text: result,
    selection: { start: urlStart, end: urlStart + LINK_URL_PLACEHOLDER.length },
  };
}

/**
 * `prefix` at the start of every line the selection touches; when every one of those lines
 * already starts with it, it is removed from all of them instead. The whole changed block is
 * selected afterwards (just the caret after the prefix when nothing was selected).
 */
function toggleLinePrefix(text: string, { start, end }: TextSelection, prefix: string) {
  const blockStart = text.lastIndexOf('\n', start - 1) + 1;
  // A selection ending right after a line break does not touch the next line.
  const lastChar = end > start && text[end - 1] === '\n' ? end - 1 : end;
  const newline = text.indexOf('\n', lastChar);
  const blockEnd = newline === -1 ? text.length : newline;
  const lines = text.slice(blockStart, blockEnd).split('\n');
  const remove = lines.every((line) => line.startsWith(prefix));
  const changed = lines
    .map((line) => (remove ? line.slice(prefix.length) : prefix + line))
    .join('\n');
  const result = text.slice(0, blockStart) + changed + text.slice(blockEnd);
  if (start === end) {
    const shift = remove ? -Math.min(prefix.length, start - blockStart) : prefix.length;
    const caret = start + shift;
    return { text: result, selection: { start: caret, end: caret } };
  }
  return { text: result, selection: { start: blockStart, end: blockStart + changed.length } };
}

/**
 * Applies toolbar button `format` to `text` with `selection` (spec §2 note dialog):
 * - bold / italic wrap the selection in `**` / `*` (an empty selection gets the pair with the
 *   caret between), or unwrap it when it is already wrapped;
 * - link makes the selection the text of `[selection](https://)` with the URL placeholder
 *   selected (empty selection: `[](https://)` with the caret between the brackets);
 * - heading (H2) and list put `## ` / `- ` in front of every line the selection touches, or
 *   remove it when all of them have it.
 * Offsets outside the text are clamped; a reversed selection is turned around.
 */
export function applyMarkdownFormat(
  text: string,
  selection: TextSelection,
  format: MarkdownFormat,
): FormattedText {
  const range = normalised(text, selection);
  switch (format) {
    case 'bold':
    case 'italic':
      return toggleInline(text, range, INLINE_MARKERS[format]);
    case 'link':
      return linkAround(text, range);
    case 'heading':
    case 'list':
      return toggleLinePrefix(text, range, LINE_PREFIXES[format]);
  }
}
