/**
 * The Pinboard's content and operation schemas through its registry entry (spec §3 Bulletin
 * content, §4 Bulletin): strict parse on load and save, lenient parse for export, and the shape
 * check of every named operation.
 */
import { describe, expect, it } from 'vitest';

import { tools } from '../registry.ts';
import {
  expectArgsParsed,
  expectParsedUnchanged,
  expectShapeError,
  withField,
} from '../testing.ts';
import { OperationFormatError } from '../tool.ts';
import { BULLETIN_DEFAULT_SETTINGS } from './defaults.ts';
import { DEFAULT_NOTE_SIZE } from './layout.ts';
import { bulletinOperations } from './operations.ts';
import { BulletinError, type BulletinContent } from './types.ts';

const bulletin = tools.bulletin;
const ctx = { newId: () => 'id', now: () => '2024-01-01T00:00:00.000Z' };

/** Default content as plain JSON data, with one category and one comment added. */
function board(): Record<string, unknown> {
  const content: BulletinContent = bulletin.defaultContent(ctx);
  return JSON.parse(
    JSON.stringify({
      ...content,
      categories: [
        { id: 'c1', name: 'News', description: '', color: '#fff', order: 0, posts: ['id'] },
      ],
      comments: [
        { id: 'k1', postId: 'id', content: 'hi', author: 'ann', createdAt: content.createdAt },
      ],
    }),
  ) as Record<string, unknown>;
}

describe('strict content schema (load and save)', () => {
  it('accepts the default content and its JSON round trip unchanged', () => {
    expectParsedUnchanged(bulletin, bulletin.defaultContent(ctx));
    expect(bulletin.parse(board())).toStrictEqual(board());
  });

  it.each<[string, (string | number)[], unknown]>([
    ['id', ['id'], 5],
    ['title', ['title'], 5],
    ['title missing', ['title'], undefined],
    ['version', ['version'], '1'],
    ['version not an integer', ['version'], 1.5],
    ['lastModified', ['lastModified'], null],
    ['createdAt', ['createdAt'], 0],
    ['categories', ['categories'], {}],
    ['posts', ['posts'], null],
    ['posts missing', ['posts'], undefined],
    ['comments', ['comments'], 'none'],
    ['settings', ['settings'], []],
    ['post entry', ['posts', 0], 'note'],
    ['post id', ['posts', 0, 'id'], 1],
    ['post title', ['posts', 0, 'title'], null],
    ['post content', ['posts', 0, 'content'], undefined],
    ['post type', ['posts', 0, 'type'], 'Memo'],
    ['post priority', ['posts', 0, 'priority'], 'low'],
    ['post author', ['posts', 0, 'author'], false],
    ['post createdAt', ['posts', 0, 'createdAt'], 1],
    ['post updatedAt', ['posts', 0, 'updatedAt'], undefined],
    ['post tags', ['posts', 0, 'tags'], 'a,b'],
    ['post tag', ['posts', 0, 'tags', 0], 3],
    ['post url', ['posts', 0, 'url'], null],
    ['post isSticky', ['posts', 0, 'isSticky'], 'no'],
    ['post expiresAt', ['posts', 0, 'expiresAt'], 0],
    ['post expiresAt missing', ['posts', 0, 'expiresAt'], undefined],
    ['post color', ['posts', 0, 'color'], 0xffd700],
    ['post position', ['posts', 0, 'position'], [25, 20]],
    ['post position.x', ['posts', 0, 'position', 'x'], '25'],
    ['post position.y', ['posts', 0, 'position', 'y'], null],
    ['post size.width', ['posts', 0, 'size', 'width'], '250'],
    ['post size.height', ['posts', 0, 'size', 'height'], undefined],
    ['category id', ['categories', 0, 'id'], 1],
    ['category name', ['categories', 0, 'name'], null],
    ['category description', ['categories', 0, 'description'], undefined],
    ['category color', ['categories', 0, 'color'], 1],
    ['category order', ['categories', 0, 'order'], '0'],
    ['category posts', ['categories', 0, 'posts'], 'id'],
    ['category post id', ['categories', 0, 'posts', 0], 1],
    ['comment id', ['comments', 0, 'id'], null],
    ['comment postId', ['comments', 0, 'postId'], 1],
    ['comment content', ['comments', 0, 'content'], undefined],
    ['comment author', ['comments', 0, 'author'], {}],
    ['comment createdAt', ['comments', 0, 'createdAt'], 1],
    ['setting allowComments', ['settings', 'allowComments'], 'true'],
    ['setting defaultPostType', ['settings', 'defaultPostType'], 'Poster'],
    ['setting enableCategories', ['settings', 'enableCategories'], undefined],
  ])(
    "refuses a wrong %s with BulletinError 'No data loaded' caused by a ZodError",
    (_, path, bad) => {
      expectShapeError(() => bulletin.parse(withField(board(), path, bad)), BulletinError, {
        code: 'NO_DATA',
        message: 'No data loaded',
        path,
      });
    },
  );

  it.each([Number.NaN, Number.POSITIVE_INFINITY])('refuses a position of %s', (x) => {
    expect(() => bulletin.parse(withField(board(), ['posts', 0, 'position', 'x'], x))).toThrow(
      BulletinError,
    );
  });

  it('keeps fields the spec does not name (a newer client’s additions)', () => {
    let value: unknown = withField(board(), ['theme'], 'dark');
    value = withField(value, ['posts', 0, 'reactions'], { '👍': 2 });
    value = withField(value, ['posts', 0, 'position', 'z'], 3);
    value = withField(value, ['settings', 'allowReactions'], true);
    value = withField(value, ['categories', 0, 'icon'], '📌');
    value = withField(value, ['comments', 0, 'edited'], false);
    expect(bulletin.parse(value)).toStrictEqual(value);
  });
});

describe('lenient content schema (export of older or foreign shapes)', () => {
  it('fills every missing field of an older board with its default', () => {
    const parsed = bulletin.parse({ posts: [{}] }, { lenient: true });
    expect(parsed).toStrictEqual({
      id: '',
      title: 'Pinboard',
      version: 1,
      lastModified: '',
      createdAt: '',
      categories: [],
      comments: [],
      settings: BULLETIN_DEFAULT_SETTINGS,
      posts: [
        {
          id: '',
          title: '',
          content: '',
          type: 'Note',
          priority: 'Medium',
          author: 'Anonymous',
          createdAt: '',
          updatedAt: '',
          tags: [],
          url: '',
          isSticky: false,
          expiresAt: null,
          color: '#FFD700',
          position: { x: 0, y: 0 },
          size: DEFAULT_NOTE_SIZE,
        },
      ],
    });
  });

  it('turns numbers into text and epoch times into ISO timestamps, drops non-entries', () => {
    const parsed = bulletin.parse(
      {
        title: 2024,
        createdAt: 0,
        settings: { allowComments: 'yes', enableCategories: true },
        categories: [{ id: 1, name: 'A', order: '2', posts: [7, null, 'p'] }, 'junk'],
        comments: [null, { id: 3, postId: 7, content: 'hi' }],
        posts: [
          {
            id: 7,
            title: 42,
            type: 'Memo',
            priority: 'High',
            tags: ['a', 5, {}],
            position: { x: '30', y: 'top' },
            size: 'big',
            expiresAt: 86_400_000,
          },
          42,
        ],
      },
      { lenient: true },
    );
    expect(parsed).toMatchObject({
      title: '2024',
      createdAt: '1970-01-01T00:00:00.000Z',
      settings: { ...BULLETIN_DEFAULT_SETTINGS, enableCategories: true },
      categories: [{ id: '1', name: 'A', description: '', order: 2, posts: ['7', 'p'] }],
      comments: [{ id: '3', postId: '7', content: 'hi', author: 'Anonymous' }],
      posts: [
        {
          id: '7',
          title: '42',
          type: 'Note',
          priority: 'High',
          tags: ['a', '5'],
          position: { x: 30, y: 0 },
          size: DEFAULT_NOTE_SIZE,
          expiresAt: '1970-01-02T00:00:00.000Z',
        },
      ],
    });
    expect(parsed.posts).toHaveLength(1);
    expect(parsed.comments).toHaveLength(1);
    // What lenient mode reads, strict mode accepts.
    expectParsedUnchanged(bulletin, parsed);
  });

  it('keeps the fields it does not know', () => {
    expect(bulletin.parse({ posts: [], theme: 'dark' }, { lenient: true })).toMatchObject({
      theme: 'dark',
    });
  });

  it.each([null, [], 'board', 42, {}, { title: 'x' }, { posts: {} }, { posts: 'none' }])(
    'refuses %j, which is not a board at all',
    (value) => {
      expectShapeError(() => bulletin.parse(value, { lenient: true }), BulletinError);
    },
  );
});

describe('operation schema', () => {
  it('names exactly the four operations of spec §4 Bulletin', () => {
    expect(bulletinOperations.names).toEqual(['addPost', 'updatePost', 'deletePost', 'movePost']);
    expect(bulletin.operations).toEqual([...bulletinOperations.names, 'patch']);
  });

  const valid: Record<(typeof bulletinOperations.names)[number], Record<string, unknown>> = {
    addPost: {
      post: {
        title: 'T',
        content: 'c',
        type: 'Link',
        priority: 'Urgent',
        tags: ['a'],
        url: 'https://example.org',
        isSticky: true,
        expiresAt: null,
        color: '#fff',
        position: { x: 1, y: 2 },
        size: { width: 3, height: 4 },
      },
      author: 'ann',
      categoryId: 'c1',
    },
    updatePost: { postId: 'p', changes: { title: 'T', expiresAt: '2024-01-01T00:00:00Z' } },
    deletePost: { postId: 'p' },
    movePost: { postId: 'p', position: { x: 1, y: 2 } },
  };

  it.each(bulletinOperations.names)('%s parses its args into {type, ...args}', (name) => {
    expectArgsParsed(bulletin, name, valid[name]);
  });

  it('accepts the smallest args of each operation', () => {
    expect(
      bulletin.parseOperation('addPost', {
        post: { title: '', position: { x: 0, y: 0 } },
        author: '',
      }),
    ).toEqual({ type: 'addPost', post: { title: '', position: { x: 0, y: 0 } }, author: '' });
    expect(bulletin.parseOperation('updatePost', { postId: 'p', changes: {} })).toEqual({
      type: 'updatePost',
      postId: 'p',
      changes: {},
    });
  });

  it('drops arguments the operation does not have', () => {
    expect(
      bulletin.parseOperation('updatePost', {
        postId: 'p',
        changes: { id: 'q', author: 'x' },
        x: 1,
      }),
    ).toStrictEqual({ type: 'updatePost', postId: 'p', changes: {} });
  });

  it.each<[string, unknown]>([
    ['addPost', {}],
    ['addPost', { post: { title: 'T' }, author: 'a' }],
    ['addPost', { post: { title: 5, position: { x: 0, y: 0 } }, author: 'a' }],
    ['addPost', { post: { title: 'T', position: { x: '0', y: 0 } }, author: 'a' }],
    ['addPost', { post: { title: 'T', position: { x: 0, y: Infinity } }, author: 'a' }],
    ['addPost', { post: { title: 'T', position: { x: 0, y: 0 }, type: 'Memo' }, author: 'a' }],
    ['addPost', { post: { title: 'T', position: { x: 0, y: 0 }, priority: 1 }, author: 'a' }],
    ['addPost', { post: { title: 'T', position: { x: 0, y: 0 }, tags: 'a' }, author: 'a' }],
    [
      'addPost',
      { post: { title: 'T', position: { x: 0, y: 0 }, size: { width: 1 } }, author: 'a' },
    ],
    ['addPost', { post: { title: 'T', position: { x: 0, y: 0 } }, author: null }],
    ['addPost', { post: { title: 'T', position: { x: 0, y: 0 } }, author: 'a', categoryId: 1 }],
    ['updatePost', { postId: 'p' }],
    ['updatePost', { postId: 1, changes: {} }],
    ['updatePost', { postId: 'p', changes: { isSticky: 'yes' } }],
    ['updatePost', { postId: 'p', changes: { expiresAt: 5 } }],
    ['updatePost', { postId: 'p', changes: { tags: [1] } }],
    ['deletePost', {}],
    ['deletePost', { postId: null }],
    ['movePost', { postId: 'p' }],
    ['movePost', { postId: 'p', position: { x: 1 } }],
    ['movePost', { postId: 'p', position: [1, 2] }],
    ['deletePost', null],
    ['deletePost', ['p']],
    ['deletePost', { type: 'movePost', postId: 'p' }],
    ['archivePost', { postId: 'p' }],
  ])('%s refuses args %j with OperationFormatError', (name, args) => {
    expect(() => bulletin.parseOperation(name, args)).toThrow(OperationFormatError);
  });

  it('createOperation checks the operation and builds the wire form', () => {
    expect(
      bulletin.createOperation(
        { type: 'movePost', postId: 'p', position: { x: 1, y: 2 } },
        { id: 'op', at: '2024-01-01T00:00:00.000Z', by: 'ann' },
      ),
    ).toStrictEqual({
      v: 1,
      tool: 'bulletin',
      name: 'movePost',
      args: { postId: 'p', position: { x: 1, y: 2 } },
      id: 'op',
      at: '2024-01-01T00:00:00.000Z',
      by: 'ann',
    });
    expect(() =>
      bulletin.createOperation(
        { type: 'movePost', postId: 'p', position: { x: '1', y: 2 } } as never,
        { id: 'op', at: '2024-01-01T00:00:00.000Z', by: 'ann' },
      ),
    ).toThrow(OperationFormatError);
  });
});
