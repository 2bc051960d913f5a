import { afterEach, describe, expect, it } from 'vitest';

import {
  BULLETIN_MESSAGES,
  BulletinError,
  NOTE_COLORS,
  POST_PRIORITIES,
  POST_TYPES,
  type BulletinErrorCode,
} from '@cipherspace/tools/bulletin';
import { applyLanguage } from '../../lib/i18n.ts';
import { m } from '../../paraglide/messages.js';
import {
  bulletinActionText,
  describeBulletinError,
  noteColorText,
  postPriorityText,
  postTypeText,
} from './bulletin-messages.ts';

afterEach(() => applyLanguage('en'));

describe('describeBulletinError (spec §8 Bulletin, §5 note dialog)', () => {
  it('says in English exactly what the domain says', () => {
    for (const code of Object.keys(BULLETIN_MESSAGES) as BulletinErrorCode[]) {
      const error = new BulletinError(code, { maxChars: 100 });
      expect(describeBulletinError(error)).toBe(error.message);
    }
    expect(describeBulletinError(new BulletinError('POST_NOT_FOUND'))).toBe('Post not found');
    expect(describeBulletinError(new BulletinError('CATEGORY_NOT_FOUND'))).toBe(
      'Category not found',
    );
  });

  it('translates into German and leaves other errors to the caller', () => {
    applyLanguage('de');
    expect(describeBulletinError(new BulletinError('POST_NOT_FOUND'))).toBe('Notiz nicht gefunden');
    expect(describeBulletinError(new BulletinError('TITLE_TOO_LONG', { maxChars: 100 }))).toBe(
      'Der Titel darf höchstens 100 Zeichen lang sein',
    );
    expect(describeBulletinError(new Error('network'))).toBeNull();
  });
});

describe('texts of the Pinboard in English and German', () => {
  it("words 'Failed to {action}. Please try again.' for each action", () => {
    expect(m.tool_action_failed({ action: bulletinActionText('moveNote') })).toBe(
      'Failed to move note. Please try again.',
    );
    applyLanguage('de');
    expect(m.tool_action_failed({ action: bulletinActionText('addNote') })).toBe(
      'Notiz hinzufügen fehlgeschlagen. Bitte versuchen Sie es erneut.',
    );
  });

  it('names every type, priority and colour in both languages', () => {
    const names = () => [
      ...POST_TYPES.map(postTypeText),
      ...POST_PRIORITIES.map(postPriorityText),
      ...NOTE_COLORS.map((color) => noteColorText(color.name)),
    ];
    const english = names();
    expect(english.slice(0, 5)).toEqual(['Link', 'Note', 'Announcement', 'Tip', 'Resource']);
    expect(english.slice(5, 9)).toEqual(['Low', 'Medium', 'High', 'Urgent']);
    expect(new Set(english.slice(9)).size).toBe(12);
    applyLanguage('de');
    const german = names();
    expect(german.slice(0, 5)).toEqual(['Link', 'Notiz', 'Ankündigung', 'Tipp', 'Ressource']);
    expect(german.slice(5, 9)).toEqual(['Niedrig', 'Mittel', 'Hoch', 'Dringend']);
    expect(new Set(german.slice(9)).size).toBe(12);
    expect(m.bulletin_empty_title()).toBe('Noch keine Haftnotizen');
    expect(m.bulletin_add_first_note()).toBe('Erste Notiz hinzufügen');
  });
});
