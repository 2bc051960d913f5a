/**
 * When a member should be told about someone else's change to a tracker board (spec §1 feature flag
 * push notifications, Kanban settings `notifyOnAssignment` / `notifyOnStatusChange`): an issue was
 * assigned to them, an issue assigned to them moved into an end phase ("done"), or a comment
 * someone added or edited mentions them (`@name`); and, once a day, which of their items are
 * overdue or due today ({@link dueRemindersFor}). Decided in the member's own client from the
 * decrypted content before and after the change, so the server learns nothing; any operation
 * counts, including an undo or restore (`patch`).
 */
import { distinctMembers, memberKey, sameName } from './members.ts';
import type { Comment, Issue, Phase, TrackerContent } from './types.ts';
import { dueStatus } from './view.ts';

interface NotificationBase {
  issueId: string;
  issueTitle: string;
  /** The phase the issue is in after the change. */
  phaseName: string;
  /** Who made the change (the operation's `by`). */
  by: string;
}

/**
 * What to tell `member` about one change: `assigned` (now assigned to the member), `finished`
 * (the member's issue reached an end phase) or `mentioned` (the comment `commentId`, added or
 * edited, mentions the member).
 */
export type TrackerNotification =
  | (NotificationBase & { kind: 'assigned' | 'finished' })
  | (NotificationBase & { kind: 'mentioned'; commentId: string });

// A member name that can be mentioned: letters, digits, '_', '-' and '.'.
const MENTIONABLE = /^[\p{L}\p{N}_.-]+$/u;

/**
 * Whether `@name` can mention the member `name`: trimmed, it is not blank and holds only letters,
 * digits, '_', '-' and '.' (a full name like "Bob Brown" cannot be: `@Bob Brown` mentions "Bob").
 * {@link mentionsIn} finds no other names, so nothing else may be offered for mentioning.
 */
export function isMentionable(name: string): boolean {
  return MENTIONABLE.test(name.trim());
}

/**
 * The names a comment can mention among `names`: one per member ({@link distinctMembers}: the
 * first spelling wins, so list the space's user names first), keeping only those that
 * {@link isMentionable}, in the order given. Each, written as `@name` where a mention can start,
 * is found by {@link mentionsIn}. Pure.
 */
export function mentionableMembers(names: Iterable<string>): string[] {
  return distinctMembers(names).filter(isMentionable);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The members `text` mentions as `@name`, ignoring case: `@` not preceded by a name character
 * (so not an e-mail address) and the name not followed by one (a trailing '.' ends a sentence,
 * not the name). Each member at most once, in the order and spelling of `members`; names that
 * are blank or hold other characters than letters, digits, '_', '-', '.' are never mentioned.
 * Pure.
 */
export function mentionsIn(text: string, members: readonly string[]): string[] {
  if (!text.includes('@')) return [];
  const found: string[] = [];
  const seen = new Set<string>();
  for (const member of members) {
    const name = member.trim();
    const key = memberKey(name);
    if (seen.has(key) || !isMentionable(name)) continue;
    seen.add(key);
    const mention = new RegExp(
      `(?<![\\p{L}\\p{N}_.@-])@${escapeRegExp(name)}(?![\\p{L}\\p{N}_-]|\\.[\\p{L}\\p{N}_-])`,
      'iu',
    );
    if (mention.test(text)) found.push(member);
  }
  return found;
}

function placeOfIssues(content: TrackerContent): Map<string, { issue: Issue; phase: Phase }> {
  const places = new Map<string, { issue: Issue; phase: Phase }>();
  for (const phase of content.phases)
    for (const issue of phase.issues) places.set(issue.id, { issue, phase });
  return places;
}

// The comments of `issue` added or whose text changed since `was`, not written by `member`.
function newCommentsOf(issue: Issue, was: Issue | undefined, member: string): Comment[] {
  if (was === issue) return [];
  const earlier = new Map((was?.comments ?? []).map((comment) => [comment.id, comment.content]));
  return issue.comments.filter(
    (comment) =>
      earlier.get(comment.id) !== comment.content && !sameName(comment.createdBy, member),
  );
}

/**
 * The notifications `member` gets for a change `by` someone turning `before` into `after`: one
 * per issue newly assigned to them, one per issue of theirs (assigned to them after the change)
 * that moved from a phase that is not an end phase into one that is (an issue created right in
 * an end phase counts as moved there), and one per comment added or edited (its text differs
 * from before) by someone else that mentions them ({@link mentionsIn}). None for their own
 * changes (`by` is `member`) or for an empty `member`. Names are compared ignoring case. Pure.
 */
export function notificationsFor(
  member: string,
  by: string,
  before: TrackerContent,
  after: TrackerContent,
): TrackerNotification[] {
  if (member.trim() === '' || sameName(by, member) || before === after) return [];
  const earlier = placeOfIssues(before);
  const found: TrackerNotification[] = [];
  for (const phase of after.phases) {
    for (const issue of phase.issues) {
      const was = earlier.get(issue.id);
      const note = { issueId: issue.id, issueTitle: issue.title, phaseName: phase.name, by };
      if (sameName(issue.assignedPerson, member)) {
        if (was === undefined || !sameName(was.issue.assignedPerson, member))
          found.push({ kind: 'assigned', ...note });
        else if (phase.isEndPhase === true && was.phase.isEndPhase !== true)
          found.push({ kind: 'finished', ...note });
      }
      for (const comment of newCommentsOf(issue, was?.issue, member))
        if (mentionsIn(comment.content, [member]).length > 0)
          found.push({ kind: 'mentioned', ...note, commentId: comment.id });
    }
  }
  return found;
}

/** One due reminder: the item, its title and whether it is overdue or due today. */
export interface DueReminder {
  issueId: string;
  title: string;
  kind: 'overdue' | 'today';
}

/**
 * The due reminders on `today` (`YYYY-MM-DD`, the member's local day) for member `me`: the items
 * of `content` assigned to them (ignoring case), not archived, not in an end phase, whose due date
 * is before or on today ({@link dueStatus} with no days' warning), leaving out the ids in `shown`
 * (reminded today already). Phase order, then item order; none for a blank `me`. Pure.
 */
export function dueRemindersFor(
  content: TrackerContent,
  me: string,
  today: string,
  shown: ReadonlySet<string> = new Set(),
): DueReminder[] {
  const who = memberKey(me);
  if (who === '') return [];
  const reminders: DueReminder[] = [];
  const phases = [...content.phases].sort((a, b) => a.order - b.order);
  for (const phase of phases) {
    const issues = [...phase.issues].sort((a, b) => a.order - b.order);
    for (const issue of issues) {
      if (issue.archived === true || shown.has(issue.id)) continue;
      if (memberKey(issue.assignedPerson) !== who) continue;
      const status = dueStatus(issue, today, 0, phase);
      if (status === 'overdue')
        reminders.push({ issueId: issue.id, title: issue.title, kind: 'overdue' });
      else if (status === 'dueSoon')
        reminders.push({ issueId: issue.id, title: issue.title, kind: 'today' });
    }
  }
  return reminders;
}
