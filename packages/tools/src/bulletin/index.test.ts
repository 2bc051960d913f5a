import { describe, expect, it } from 'vitest';

import type { ContentDomain } from '../registry.ts';
import * as bulletin from './index.ts';
import { BulletinError, type BulletinContent, type BulletinOperation } from './index.ts';

describe('bulletin content domain (lifecycle plug-in)', () => {
  const domain: ContentDomain<BulletinContent, BulletinOperation> = bulletin.bulletinContentDomain;
  const ctx = { newId: () => 'id', now: () => '2024-01-01T00:00:00.000Z' };

  it('creates, parses, applies, validates and stamps', () => {
    const created = domain.createDefault(ctx);
    const parsed = domain.parse(JSON.parse(JSON.stringify(created)));
    expect(parsed).toEqual(created);
    const next = domain.apply(
      parsed,
      { type: 'addPost', post: { title: 'x', position: { x: 1, y: 1 } }, author: 'a' },
      ctx,
    );
    expect(domain.validate(next)).toEqual([]);
    expect(domain.validate({ ...next, title: '' })).toEqual(['Board title is required']);
    expect(domain.stamp?.(next, { version: 7, lastModified: 'then' })).toMatchObject({
      version: 7,
      lastModified: 'then',
      posts: next.posts,
    });
  });

  it.each([
    null,
    [],
    {},
    { title: 'x', posts: [], categories: [], comments: [] },
    { title: 'x', posts: [{ id: 'p', title: 't' }], categories: [], comments: [], settings: {} },
    { title: 'x', posts: [], categories: [{ id: 'c' }], comments: [], settings: {} },
  ])('parse refuses %j', (value) => {
    expect(() => domain.parse(value)).toThrow(BulletinError);
  });
});
