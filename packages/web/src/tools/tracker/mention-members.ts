/**
 * Who a comment can mention: the space's members (tRPC `users.list`, spec §7) together with the
 * board's team members and assignees, so that the picker also works offline or before the list
 * has loaded. Only names the tracker domain can mention are offered (`mentionableMembers`: one
 * name per member ignoring case, the space's spelling first; no full names such as an imported
 * "Bob Brown", which `@` can never mention).
 */
import { mentionableMembers, type TrackerContent } from '@cipherspace/tools/tracker';
import { useMemo } from 'react';

import { useSession } from '../../lib/session.ts';
import { trpc } from '../../lib/trpc.ts';

/**
 * The names a comment on `content` can mention: `spaceMembers` (the space's user names, whose
 * spelling wins), then the board's team members and assignees, each member once and only if they
 * can be mentioned (`mentionableMembers` of @cipherspace/tools/tracker), sorted alphabetically
 * in `language`. Pure.
 */
export function mentionMembersOf(
  spaceMembers: readonly string[],
  content: Partial<Pick<TrackerContent, 'teamMembers' | 'phases'>> | null,
  language = 'en',
): string[] {
  const assignees: string[] = [];
  for (const phase of content?.phases ?? [])
    for (const issue of phase.issues) assignees.push(issue.assignedPerson);
  return mentionableMembers([...spaceMembers, ...(content?.teamMembers ?? []), ...assignees]).sort(
    (a, b) => a.localeCompare(b, language, { sensitivity: 'base' }),
  );
}

/**
 * The names a comment on `content` can mention (see {@link mentionMembersOf}); the space's users
 * are fetched once per session and cached like any query.
 */
export function useMentionMembers(content: TrackerContent | null, language = 'en'): string[] {
  const session = useSession();
  const spaceName = session?.space.name ?? '';
  const users = trpc.users.list.useQuery(
    { space_name: spaceName },
    { enabled: spaceName !== '', staleTime: 5 * 60_000, retry: 1 },
  );
  const userNames = useMemo(
    () => users.data?.users.map((user) => user.username) ?? [],
    [users.data],
  );
  const teamMembers = content?.teamMembers;
  const phases = content?.phases;
  return useMemo(
    () => mentionMembersOf(userNames, { teamMembers, phases }, language),
    [userNames, teamMembers, phases, language],
  );
}
