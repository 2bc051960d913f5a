/**
 * What the Diagrams screen needs to tell a drawing conflict from other failures and to keep both
 * drawings (spec §4 Diagrams, §4 version conflict): a save with `baseVersion` that met another
 * member's newer drawing is refused with DIAGRAM_CHANGED, and "Keep both" stores the member's
 * drawing as a new diagram named after the old one.
 */
import { DIAGRAM_NAME_MAX_CHARS, DiagramError } from '@cipherspace/tools/diagrams';
import { m } from '../../paraglide/messages.js';

/** Whether `error` is the refusal of a drawing someone else saved over since it was loaded. */
export function isDiagramChanged(error: unknown): boolean {
  return error instanceof DiagramError && error.code === 'DIAGRAM_CHANGED';
}

/**
 * The name of the copy "Keep both" saves: '{name} (copy by {username})', translated, at most
 * DIAGRAM_NAME_MAX_CHARS characters (spec §5) — a long `name` is shortened, ending in '…'.
 */
export function diagramCopyName(name: string, username: string): string {
  const full = m.diagrams_copy_name({ name: name.trim(), username }).trim();
  if (full.length <= DIAGRAM_NAME_MAX_CHARS) return full;
  // Drop whole characters (not halves of surrogate pairs) until the name fits.
  const chars = Array.from(name.trim());
  while (chars.length > 0) {
    chars.pop();
    const shortened = m
      .diagrams_copy_name({ name: `${chars.join('').trimEnd()}…`, username })
      .trim();
    if (shortened.length <= DIAGRAM_NAME_MAX_CHARS) return shortened;
  }
  // Only an absurdly long username gets here: the copy is still saveable.
  const kept = Array.from(full);
  while (kept.join('').length > DIAGRAM_NAME_MAX_CHARS - 1) kept.pop();
  return `${kept.join('')}…`;
}
