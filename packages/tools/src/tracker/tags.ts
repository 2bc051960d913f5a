/**
 * The one rule for the tags of tracker issues (spec §3 Issue/card `tags`) and the keys of the
 * board's tag colours (content `tagColors`). Two tags are the same tag when they are equal
 * trimmed and lower-cased ({@link tagColorKey}): they share one colour, so an issue holds that
 * tag once. Every way tags are set — the `addIssue` and `updateIssue` operations (the app, the
 * CLI, REST and tRPC clients), imports, the web's tag editor — cleans them with
 * {@link cleanTags}.
 */

/**
 * The key of `tag` in `tagColors` and the form in which tags compare: trimmed and lower-cased
 * (toLowerCase is locale-free, so every client decides alike). Tags with the same key are the
 * same tag, whatever the case a card spells it in.
 */
export function tagColorKey(tag: string): string {
  return tag.trim().toLowerCase();
}

/** Whether `a` and `b` are the same tag: equal trimmed and ignoring case. */
export function sameTag(a: string, b: string): boolean {
  return tagColorKey(a) === tagColorKey(b);
}

/**
 * `tags` as an issue stores them: each trimmed, blank ones dropped, and of tags that are the
 * same ignoring case ({@link sameTag}) only the first kept, in its spelling; order otherwise
 * kept. Cleaning a clean list returns an equal list. E.g. `[' UI ', 'ui', '', 'Api']` →
 * `['UI', 'Api']`.
 */
export function cleanTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const clean: string[] = [];
  for (const tag of tags) {
    const trimmed = tag.trim();
    const key = tagColorKey(trimmed);
    if (key === '' || seen.has(key)) continue;
    seen.add(key);
    clean.push(trimmed);
  }
  return clean;
}
