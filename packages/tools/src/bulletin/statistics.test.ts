import { describe, expect, it } from 'vitest';

import { defaultBulletinContent } from './defaults.ts';
import {
  computeBulletinStatistics,
  isPostExpired,
  nextExpiryMs,
  visiblePosts,
} from './statistics.ts';
import type { BulletinContent, Post } from './types.ts';

const NOW = '2024-06-01T12:00:00.000Z';

function content(posts: Partial<Post>[], extra: Partial<BulletinContent> = {}): BulletinContent {
  let id = 0;
  const base = defaultBulletinContent({ newId: () => `id-${++id}`, now: () => NOW });
  const welcome = base.posts[0];
  if (!welcome) throw new Error('no welcome note');
  return {
    ...base,
    posts: posts.map((change, i) => ({ ...welcome, id: `p${i}`, ...change })),
    ...extra,
  };
}

describe('isPostExpired / visiblePosts (spec §4: expiresAt past → hidden)', () => {
  it('hides posts whose expiresAt is not later than now', () => {
    expect(isPostExpired({ expiresAt: '2024-06-01T11:59:59.999Z' }, NOW)).toBe(true);
    expect(isPostExpired({ expiresAt: NOW }, NOW)).toBe(true);
    expect(isPostExpired({ expiresAt: '2024-06-01T12:00:00.001Z' }, NOW)).toBe(false);
    expect(isPostExpired({ expiresAt: '2024-06-01T11:00:00.000Z' }, new Date(NOW))).toBe(true);
  });

  it('never expires posts without or with an unreadable expiry', () => {
    expect(isPostExpired({ expiresAt: null }, NOW)).toBe(false);
    expect(isPostExpired({ expiresAt: '' }, NOW)).toBe(false);
    expect(isPostExpired({ expiresAt: 'soon' }, NOW)).toBe(false);
  });

  it('keeps the unexpired posts in order', () => {
    const board = content([
      { expiresAt: null },
      { expiresAt: '2024-01-01T00:00:00.000Z' },
      { expiresAt: '2025-01-01T00:00:00.000Z' },
    ]);
    expect(visiblePosts(board, NOW).map((post) => post.id)).toEqual(['p0', 'p2']);
  });
});

describe('computeBulletinStatistics (spec §3 Statistics)', () => {
  it('counts an empty board as zeros with every type and priority present', () => {
    expect(computeBulletinStatistics(content([]), NOW)).toEqual({
      totalPosts: 0,
      postsByType: { Link: 0, Note: 0, Announcement: 0, Tip: 0, Resource: 0 },
      postsByPriority: { Low: 0, Medium: 0, High: 0, Urgent: 0 },
      postsByCategory: {},
      totalComments: 0,
      activeAuthors: 0,
      expiredPosts: 0,
      stickyPosts: 0,
    });
  });

  it('counts posts by type, priority and category, comments, authors, expired and sticky', () => {
    const board = content(
      [
        { type: 'Note', priority: 'Low', author: 'ann', isSticky: true },
        { type: 'Link', priority: 'Urgent', author: ' ann ', url: 'https://x' },
        { type: 'Tip', priority: 'Low', author: 'bob', expiresAt: '2024-01-01T00:00:00.000Z' },
      ],
      {
        categories: [
          {
            id: 'c1',
            name: 'A',
            description: '',
            color: '#fff',
            order: 0,
            posts: ['p0', 'p1', 'gone'],
          },
          { id: 'c2', name: 'B', description: '', color: '#fff', order: 1, posts: [] },
        ],
        comments: [
          { id: 'm1', postId: 'p0', content: 'x', author: 'bob', createdAt: NOW },
          { id: 'm2', postId: 'p2', content: 'y', author: 'ann', createdAt: NOW },
        ],
      },
    );
    expect(computeBulletinStatistics(board, NOW)).toEqual({
      totalPosts: 3,
      postsByType: { Link: 1, Note: 1, Announcement: 0, Tip: 1, Resource: 0 },
      postsByPriority: { Low: 2, Medium: 0, High: 0, Urgent: 1 },
      postsByCategory: { c1: 2, c2: 0 },
      totalComments: 2,
      activeAuthors: 2,
      expiredPosts: 1,
      stickyPosts: 1,
    });
  });
});

describe('nextExpiryMs (when the next visible note disappears)', () => {
  it('is the earliest readable expiry later than now', () => {
    const posts = [
      { expiresAt: null },
      { expiresAt: '2024-06-01T11:00:00.000Z' },
      { expiresAt: '2024-06-03T00:00:00.000Z' },
      { expiresAt: 'soon' },
      { expiresAt: '2024-06-02T00:00:00.000Z' },
      { expiresAt: '' },
    ];
    expect(nextExpiryMs(posts, NOW)).toBe(Date.parse('2024-06-02T00:00:00.000Z'));
  });

  it('is null when nothing will expire', () => {
    expect(nextExpiryMs([{ expiresAt: null }, { expiresAt: NOW }], NOW)).toBeNull();
    expect(nextExpiryMs([], new Date(NOW))).toBeNull();
  });
});
