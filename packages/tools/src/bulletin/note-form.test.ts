import { describe, expect, it } from 'vitest';

import { defaultBulletinContent } from './defaults.ts';
import {
  fromDateTimeLocal,
  noteFormChanges,
  noteFormValues,
  toDateTimeLocal,
  type NoteFormValues,
} from './note-form.ts';

describe('datetime-local conversion (spec §2 expiry date-time)', () => {
  it('round-trips a local date-time through ISO 8601', () => {
    const iso = fromDateTimeLocal('2024-06-01T14:30');
    expect(iso).toBe(new Date(2024, 5, 1, 14, 30).toISOString());
    expect(toDateTimeLocal(iso)).toBe('2024-06-01T14:30');
  });

  it('accepts seconds and drops them when shown', () => {
    const iso = fromDateTimeLocal('2024-06-01T14:30:15');
    expect(iso).toBe(new Date(2024, 5, 1, 14, 30, 15).toISOString());
    expect(toDateTimeLocal(iso)).toBe('2024-06-01T14:30');
  });

  it('gives null for no value or no date, and an empty value for no expiry', () => {
    expect(fromDateTimeLocal('')).toBeNull();
    expect(fromDateTimeLocal('tomorrow')).toBeNull();
    expect(fromDateTimeLocal('2024-02-31T10:00')).toBeNull();
    expect(toDateTimeLocal(null)).toBe('');
    expect(toDateTimeLocal('')).toBe('');
    expect(toDateTimeLocal('soon')).toBe('');
  });
});

describe('noteFormValues / noteFormChanges (spec §5 note dialog)', () => {
  const welcome = defaultBulletinContent({ newId: () => 'id', now: () => '2024-06-01T12:00:00Z' })
    .posts[0];

  it('starts a new note with colour #FFD700, the default type and priority Medium', () => {
    expect(noteFormValues(null, 'Tip')).toEqual({
      color: '#FFD700',
      title: '',
      type: 'Tip',
      url: '',
      content: '',
      priority: 'Medium',
      tags: '',
      expiresAt: '',
    });
  });

  it("starts an edit from the note's values", () => {
    if (!welcome) throw new Error('no welcome note');
    const post = {
      ...welcome,
      tags: ['a', 'b c'],
      expiresAt: new Date(2030, 0, 2, 9, 5).toISOString(),
    };
    const values = noteFormValues(post, 'Note');
    expect(values).toMatchObject({
      color: post.color,
      title: post.title,
      content: post.content,
      tags: 'a, b c',
      expiresAt: '2030-01-02T09:05',
    });
  });

  it('splits tags at commas, keeps the URL only for Link notes, converts the expiry', () => {
    const values: NoteFormValues = {
      color: '#90CAF9',
      title: ' Sprint goal ',
      type: 'Note',
      url: 'https://left.over',
      content: '**bold**',
      priority: 'High',
      tags: ' a, b,, c ,',
      expiresAt: '2030-01-02T09:05',
    };
    expect(noteFormChanges(values)).toEqual({
      color: '#90CAF9',
      title: ' Sprint goal ',
      type: 'Note',
      url: '',
      content: '**bold**',
      priority: 'High',
      tags: ['a', 'b', 'c'],
      expiresAt: new Date(2030, 0, 2, 9, 5).toISOString(),
    });
    expect(noteFormChanges({ ...values, type: 'Link', expiresAt: '' })).toMatchObject({
      url: 'https://left.over',
      expiresAt: null,
    });
  });
});
