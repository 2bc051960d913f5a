/**
 * The quick-fill buttons of the randomizer (spec §2 /tools/randomizer: "team members, plus one
 * per backlog phase"; spec §8 Randomizer fallbacks): which options each button puts into the
 * options list. Pure: the screen reads the usernames and the backlog and hands them in, with the
 * translated sample texts.
 */

/**
 * spec §8: the fixed five-name sample list used when neither the space's usernames nor the
 * backlog's team members can be read.
 */
export const SAMPLE_TEAM_MEMBERS: readonly string[] = ['Alice', 'Bob', 'Charlie', 'Diana', 'Eve'];

/** Where the team-member options came from (spec §8: usernames, then backlog, then sample). */
export type TeamMemberSource = 'usernames' | 'backlog' | 'sample';

/** `names` trimmed, blanks and exact repeats dropped, in their order. */
function cleanNames(names: readonly string[] | null): string[] {
  if (names === null) return [];
  const seen = new Set<string>();
  const result: string[] = [];
  for (const raw of names) {
    const name = raw.trim();
    if (name === '' || seen.has(name)) continue;
    seen.add(name);
    result.push(name);
  }
  return result;
}

/**
 * The options of the 'Team members' button (spec §8 Randomizer): the space's `usernames`; when
 * they could not be loaded (null) or are empty, the backlog's `teamMembers`; when those are
 * unavailable (null) or empty too, {@link SAMPLE_TEAM_MEMBERS}. Names are trimmed, blanks and
 * repeats dropped. Returns the options and which source they came from.
 */
export function teamMemberOptions(
  usernames: readonly string[] | null,
  backlogMembers: readonly string[] | null,
): { options: string[]; source: TeamMemberSource } {
  const fromUsernames = cleanNames(usernames);
  if (fromUsernames.length > 0) return { options: fromUsernames, source: 'usernames' };
  const fromBacklog = cleanNames(backlogMembers);
  if (fromBacklog.length > 0) return { options: fromBacklog, source: 'backlog' };
  return { options: [...SAMPLE_TEAM_MEMBERS], source: 'sample' };
}

/**
 * The options of a '{phase name} issues' button (spec §2): the titles of the phase's `issues` in
 * their order (trimmed, blank titles dropped). When the backlog could not be read (`issues` null)
 * the translated `samples` (spec §8). When the phase has no issues the list is EMPTY: the caller
 * then leaves the options list as it is and says why. This deliberately replaces spec §8's
 * 'No issues found in {phase}' placeholder option, which Start would otherwise pick.
 */
export function phaseIssueOptions(
  issues: readonly { title: string }[] | null,
  samples: readonly string[],
): string[] {
  if (issues === null) return [...samples];
  return issues.map((issue) => issue.title.trim()).filter((title) => title !== '');
}
