import { describe, expect, it } from 'vitest';

import { operationContext } from '../operation.ts';
import { defaultBulletinContent } from './defaults.ts';
import {
  defaultExtendedExpiry,
  EXTEND_EXPIRY_DEFAULT_DAYS,
  expiredPosts,
  extendsPast,
} from './expired.ts';
import { addPost } from './operations.ts';

const NOW = '2024-06-01T12:00:00.000Z';

describe('expired notes on demand (spec §4 Bulletin: expired notes are hidden)', () => {
  it('lists the expired notes, the most recently expired first', () => {
    const ctx = operationContext({ id: 'board', at: NOW });
    let content = defaultBulletinContent(ctx);
    const add = (title: string, expiresAt: string | null) => {
      content = addPost(
        content,
        { post: { title, expiresAt, position: { x: 0, y: 0 } }, author: 'ann' },
        ctx,
      );
    };
    add('long ago', '2024-01-01T00:00:00.000Z');
    add('yesterday', '2024-05-31T12:00:00.000Z');
    add('tomorrow', '2024-06-02T12:00:00.000Z');
    add('never', null);
    expect(expiredPosts(content, NOW).map((post) => post.title)).toEqual(['yesterday', 'long ago']);
  });

  it('offers an expiry a week from now', () => {
    expect(EXTEND_EXPIRY_DEFAULT_DAYS).toBe(7);
    expect(defaultExtendedExpiry(new Date(NOW))).toBe('2024-06-08T12:00:00.000Z');
  });

  it('accepts a later time or no expiry as an extension, not a past or unreadable one', () => {
    expect(extendsPast('2024-06-01T12:00:01.000Z', new Date(NOW))).toBe(true);
    expect(extendsPast(null, new Date(NOW))).toBe(true);
    expect(extendsPast(NOW, new Date(NOW))).toBe(false);
    expect(extendsPast('2020-01-01T00:00:00.000Z', new Date(NOW))).toBe(false);
    expect(extendsPast('soon', new Date(NOW))).toBe(false);
  });
});
