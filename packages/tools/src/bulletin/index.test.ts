import { describe, expect, it } from 'vitest';
import { ZodError } from 'zod';

import { tools } from '../registry.ts';
import { BULLETIN_DEFAULT_SETTINGS } from './index.ts';
import { BulletinError } from './types.ts';

describe('tools.bulletin (the registry entry)', () => {
  const bulletin = tools.bulletin;
  const ctx = { newId: () => 'id', now: () => '2024-01-01T00:00:00.000Z' };

  it('creates, parses, applies a serialised operation, validates and stamps', () => {
    const created = bulletin.defaultContent(ctx);
    const parsed = bulletin.parse(JSON.parse(JSON.stringify(created)));
    expect(parsed).toEqual(created);
    const next = bulletin.apply(parsed, {
      v: 1,
      tool: 'bulletin',
      name: 'addPost',
      args: { post: { title: ' x ', position: { x: 1, y: 1 } }, author: 'a' },
      id: 'op-1',
      at: '2024-01-02T00:00:00.000Z',
      by: 'a',
    });
    expect(next.posts[1]).toMatchObject({
      id: 'op-1',
      title: 'x',
      author: 'a',
      createdAt: '2024-01-02T00:00:00.000Z',
    });
    expect(bulletin.validate(next)).toEqual([]);
    expect(bulletin.validate({ ...next, title: '' })).toEqual(['Board title is required']);
    expect(bulletin.stamp(next, { version: 7, lastModified: 'then' })).toEqual({
      ...next,
      version: 7,
      lastModified: 'then',
    });
  });

  it.each([
    null,
    [],
    {},
    { title: 'x', posts: [], categories: [], comments: [] },
    { title: 'x', posts: [{ id: 'p', title: 't' }], categories: [], comments: [], settings: {} },
    { title: 'x', posts: [], categories: [{ id: 'c' }], comments: [], settings: {} },
  ])("strict parse refuses %j with 'No data loaded'", (value) => {
    let caught: unknown;
    try {
      bulletin.parse(value);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(BulletinError);
    expect(caught).toMatchObject({ code: 'NO_DATA', message: 'No data loaded' });
    expect((caught as Error).cause).toBeInstanceOf(ZodError);
  });

  it('lenient parse fills the defaults of an older board', () => {
    const parsed = bulletin.parse(
      { title: 'Old', posts: [{ id: 'p', title: 't' }] },
      { lenient: true },
    );
    expect(parsed).toMatchObject({
      title: 'Old',
      categories: [],
      comments: [],
      settings: BULLETIN_DEFAULT_SETTINGS,
      posts: [{ id: 'p', title: 't', type: 'Note', priority: 'Medium', tags: [] }],
    });
    expect(() => bulletin.parse(JSON.parse(JSON.stringify(parsed)))).not.toThrow();
  });

  it('refuses an operation of another tool', () => {
    const content = bulletin.defaultContent(ctx);
    expect(() =>
      bulletin.apply(content, {
        v: 1,
        tool: 'diagrams',
        name: 'deletePost',
        args: { postId: 'id' },
        id: 'op',
        at: '2024-01-02T00:00:00.000Z',
        by: 'a',
      }),
    ).toThrow('an operation of diagrams cannot be applied to bulletin');
  });
});
