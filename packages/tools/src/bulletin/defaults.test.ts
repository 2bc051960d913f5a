import { describe, expect, it } from 'vitest';

import { BULLETIN_DEFAULT_SETTINGS, defaultBulletinContent } from './defaults.ts';
import { DEFAULT_NOTE_COLOR, NOTE_COLORS } from './types.ts';

describe('note colours (spec §9 Colours)', () => {
  it('offers 12 distinct hex colours with #FFD700 first as the default', () => {
    expect(DEFAULT_NOTE_COLOR).toBe('#FFD700');
    expect(NOTE_COLORS).toHaveLength(12);
    expect(NOTE_COLORS[0]).toEqual({ name: 'gold', hex: '#FFD700' });
    expect(new Set(NOTE_COLORS.map((c) => c.hex)).size).toBe(12);
    expect(new Set(NOTE_COLORS.map((c) => c.name)).size).toBe(12);
    for (const { hex } of NOTE_COLORS) expect(hex).toMatch(/^#[0-9A-F]{6}$/);
  });
});

describe('defaultBulletinContent in German', () => {
  it('titles the board and writes the welcome note in German, the rest as in English', () => {
    let id = 0;
    const ctx = { now: () => '2024-01-01T00:00:00.000Z', newId: () => `id-${++id}` };
    const german = defaultBulletinContent({ ...ctx, language: 'de' });
    id = 0;
    const english = defaultBulletinContent(ctx);
    expect(german.title).toBe('Pinnwand');
    expect(german.posts[0]?.title).toBe('Willkommen auf der Pinnwand!');
    expect(german.posts[0]?.content).toContain('**Notiz hinzufügen**');
    expect({ ...german, title: english.title, posts: [] }).toEqual({ ...english, posts: [] });
    expect({ ...german.posts[0], title: '', content: '' }).toEqual({
      ...english.posts[0],
      title: '',
      content: '',
    });
  });
});

describe('defaultBulletinContent (spec §3 Bulletin content)', () => {
  it('has the spec settings defaults', () => {
    expect(BULLETIN_DEFAULT_SETTINGS).toEqual({
      allowAnonymousPosts: false,
      requireModeration: false,
      allowComments: true,
      allowPostExpiration: true,
      defaultPostType: 'Note',
      autoDeleteExpiredPosts: false,
      showAuthor: true,
      allowMarkdown: true,
      enableCategories: false,
    });
  });

  it('holds one yellow welcome note by System at 25,20 percent, 312x250', () => {
    let id = 0;
    const now = '2024-01-01T00:00:00.000Z';
    const content = defaultBulletinContent({ newId: () => `id-${++id}`, now: () => now });
    expect(content).toMatchObject({
      id: 'id-1',
      version: 1,
      createdAt: now,
      lastModified: now,
      categories: [],
      comments: [],
      settings: BULLETIN_DEFAULT_SETTINGS,
    });
    expect(content.title.trim()).not.toBe('');
    expect(content.posts).toHaveLength(1);
    expect(content.posts[0]).toMatchObject({
      id: 'id-2',
      author: 'System',
      type: 'Note',
      position: { x: 25, y: 20 },
      size: { width: 312, height: 250 },
      color: NOTE_COLORS.find((c) => c.name === 'yellow')?.hex,
      createdAt: now,
      updatedAt: now,
      expiresAt: null,
    });
  });

  it('gives each call its own settings object', () => {
    const ctx = { newId: () => 'x', now: () => '2024-01-01T00:00:00.000Z' };
    const a = defaultBulletinContent(ctx);
    a.settings.enableCategories = true;
    expect(defaultBulletinContent(ctx).settings.enableCategories).toBe(false);
  });
});
