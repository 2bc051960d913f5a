/**
 * Who is who on a tracker board (spec §3 `teamMembers`: adding a member twice is ignored): member
 * names are one identity when equal after trimming and ignoring case, wherever they come from
 * (the space's user names, the board's team members, assignees, comment authors). Pure.
 */

/**
 * The key a member name is compared by: trimmed and lower-cased. `toLowerCase` is locale-free,
 * so every client decides alike.
 */
export function memberKey(name: string): string {
  return name.trim().toLowerCase();
}

/** Whether `a` and `b` name the same member (see {@link memberKey}). */
export function sameName(a: string, b: string): boolean {
  return memberKey(a) === memberKey(b);
}

/**
 * One name per member: `names` trimmed, blank ones dropped, names equal ignoring case counted
 * once with the first spelling kept, in the order given. Callers list the space's user names
 * first, so a member's own spelling wins over how a board (or an import) wrote it.
 */
export function distinctMembers(names: Iterable<string>): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const raw of names) {
    const name = raw.trim();
    const key = memberKey(name);
    if (name === '' || seen.has(key)) continue;
    seen.add(key);
    result.push(name);
  }
  return result;
}
