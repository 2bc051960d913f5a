/**
 * Who a comment can mention: the space's members (tRPC `users.list`, spec §7) together with the
 * board's team members and assignees, so that the picker also works offline or before the list
 * has loaded. Names compare ignoring case, as the tracker's notifications do.
 */
import type { TrackerContent } from '@cipherspace/tools/tracker';
import { useMemo } from 'react';

import { useSession } from '../../lib/session.ts';
import { trpc } from '../../lib/trpc.ts';

/**
 * `lists` merged in order, each name once (the first spelling wins, ignoring case), blank names
 * dropped, sorted alphabetically in `language`. Pure.
 */
export function mergeMemberNames(lists: readonly (readonly string[])[], language = 'en'): string[] {
  const byKey = new Map<string, string>();
  for (const list of lists)
    for (const raw of list) {
      const name = raw.trim();
      const key = name.toLowerCase();
      if (name !== '' && !byKey.has(key)) byKey.set(key, name);
    }
  return [...byKey.values()].sort((a, b) => a.localeCompare(b, language, { sensitivity: 'base' }));
}

/**
 * The names a comment on `content` can mention (see {@link mergeMemberNames}); the space's users
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
  return useMemo(() => {
    const assignees: string[] = [];
    for (const phase of phases ?? [])
      for (const issue of phase.issues)
        if (issue.assignedPerson !== '') assignees.push(issue.assignedPerson);
    return mergeMemberNames([userNames, teamMembers ?? [], assignees], language);
  }, [userNames, teamMembers, phases, language]);
}
