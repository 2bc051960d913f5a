import { beforeEach, describe, expect, it } from 'vitest';

import { testBoard } from '../ticket/test-board.ts';
import {
  hasUnreadMention,
  markMentionsSeen,
  mentionCommentIds,
  pruneSeen,
  readSeenMentions,
  unreadMentionIssues,
  writeSeenMentions,
} from './mention-unread.ts';

function board() {
  const b = testBoard();
  const issue = b.addIssue('To Do', { title: 'Crash on save' });
  b.addComment(issue.id, 'Thanks @Bob, looks good', 'alice', '2024-03-06T09:00:00.000Z');
  b.addComment(issue.id, 'Mail bob@example.org', 'alice', '2024-03-06T10:00:00.000Z');
  b.addComment(issue.id, 'Note to self @bob', 'bob', '2024-03-06T11:00:00.000Z');
  const quiet = b.addIssue('Backlog', { title: 'Quiet' });
  return {
    b,
    issue: b.addComment(issue.id, '@bob again', 'carol', '2024-03-07T09:00:00.000Z'),
    quiet,
  };
}

describe('unread mentions', () => {
  beforeEach(() => localStorage.clear());

  it("finds others' comments mentioning the member, ignoring case and e-mail addresses", () => {
    const { issue } = board();
    const ids = mentionCommentIds(issue, 'bob');
    expect(ids).toHaveLength(2);
    expect(issue.comments.filter((c) => ids.includes(c.id)).map((c) => c.createdBy)).toEqual([
      'alice',
      'carol',
    ]);
    expect(mentionCommentIds(issue, '  ')).toEqual([]);
    expect(mentionCommentIds(issue, 'dave')).toEqual([]);
  });

  it('marks an issue unread until all its mentions are seen', () => {
    const { b, issue, quiet } = board();
    const none = new Set<string>();
    expect(hasUnreadMention(issue, 'BOB', none)).toBe(true);
    expect(unreadMentionIssues(b.content, 'bob', none)).toEqual(new Set([issue.id]));
    expect(unreadMentionIssues(b.content, 'bob', none).has(quiet.id)).toBe(false);

    const seen = markMentionsSeen(none, issue, 'bob');
    expect(seen.size).toBe(2);
    expect(hasUnreadMention(issue, 'bob', seen)).toBe(false);
    // Nothing new: the same set, so callers can skip storing.
    expect(markMentionsSeen(seen, issue, 'bob')).toBe(seen);

    const later = b.addComment(issue.id, 'ping @bob', 'alice', '2024-03-08T09:00:00.000Z');
    expect(hasUnreadMention(later, 'bob', seen)).toBe(true);
  });

  it('drops seen ids of comments that are gone, keeping the same set when none is', () => {
    const { b, issue } = board();
    const seen = markMentionsSeen(new Set(['gone-comment']), issue, 'bob');
    const pruned = pruneSeen(seen, b.content);
    expect(pruned.has('gone-comment')).toBe(false);
    expect(pruned.size).toBe(2);
    expect(pruneSeen(pruned, b.content)).toBe(pruned);
  });

  it('stores the seen ids per space and member (names ignoring case)', () => {
    writeSeenMentions('Team A', 'Bob', new Set(['c1', 'c2']));
    expect(readSeenMentions('Team A', 'bob')).toEqual(new Set(['c1', 'c2']));
    expect(readSeenMentions('Team B', 'bob')).toEqual(new Set());
    expect(readSeenMentions('Team A', 'alice')).toEqual(new Set());
    localStorage.setItem('cipherspace_mentions_seen_Team A_bob', '{"broken"');
    expect(readSeenMentions('Team A', 'bob')).toEqual(new Set());
    localStorage.setItem('cipherspace_mentions_seen_Team A_bob', '["c1", 3]');
    expect(readSeenMentions('Team A', 'bob')).toEqual(new Set(['c1']));
  });
});
