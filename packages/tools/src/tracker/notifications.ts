/**
 * When a member should be told about someone else's change to a tracker board (spec §1 feature flag
 * push notifications, Kanban settings `notifyOnAssignment` / `notifyOnStatusChange`): an issue was
 * assigned to them, or an issue assigned to them moved into an end phase ("done"). Decided in the
 * member's own client from the decrypted content before and after the change, so the server learns
 * nothing; any operation counts, including an undo or restore (`patch`).
 */
import type { Issue, Phase, TrackerContent } from './types.ts';

/** What to tell `member` about one change. */
export interface TrackerNotification {
  /** `assigned`: now assigned to the member; `finished`: the member's issue reached an end phase. */
  kind: 'assigned' | 'finished';
  issueId: string;
  issueTitle: string;
  /** The phase the issue is in after the change. */
  phaseName: string;
  /** Who made the change (the operation's `by`). */
  by: string;
}

function placeOfIssues(content: TrackerContent): Map<string, { issue: Issue; phase: Phase }> {
  const places = new Map<string, { issue: Issue; phase: Phase }>();
  for (const phase of content.phases)
    for (const issue of phase.issues) places.set(issue.id, { issue, phase });
  return places;
}

/**
 * The notifications `member` gets for a change `by` someone turning `before` into `after`: one
 * per issue newly assigned to them, one per issue of theirs (assigned to them after the change)
 * that moved from a phase that is not an end phase into one that is (an issue created right in
 * an end phase counts as moved there). None for their own changes (`by === member`) or for an
 * empty `member`. Names are compared exactly (spec usernames are letters and digits). Pure.
 */
export function notificationsFor(
  member: string,
  by: string,
  before: TrackerContent,
  after: TrackerContent,
): TrackerNotification[] {
  if (member === '' || by === member || before === after) return [];
  const earlier = placeOfIssues(before);
  const found: TrackerNotification[] = [];
  for (const phase of after.phases) {
    for (const issue of phase.issues) {
      if (issue.assignedPerson !== member) continue;
      const was = earlier.get(issue.id);
      const note = { issueId: issue.id, issueTitle: issue.title, phaseName: phase.name, by };
      if (was?.issue.assignedPerson !== member) found.push({ kind: 'assigned', ...note });
      else if (phase.isEndPhase === true && was.phase.isEndPhase !== true)
        found.push({ kind: 'finished', ...note });
    }
  }
  return found;
}
