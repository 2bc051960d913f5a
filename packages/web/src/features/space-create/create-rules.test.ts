import { generateSpaceKey, SPACE_NAME_HINT, SPACE_NAME_VALID_MESSAGE } from '@cipherspace/crypto';
import { describe, expect, it } from 'vitest';

import { applyLanguage } from '../../lib/i18n.ts';
import { SpaceAccessError } from '../../lib/space-access.ts';
import {
  canCreateSpace,
  CREATE_FORM_DEFAULTS,
  CREATE_REDIRECT_DELAY_MS,
  createFailureMessage,
  keyChecklist,
  loginUrlAfterCreate,
  spaceNameHint,
} from './create-rules.ts';

const metOf = (key: string) =>
  Object.fromEntries(keyChecklist(key).map((item) => [item.id, item.met]));

describe('key checklist (spec §5 Space key)', () => {
  it('lists the six requirements in order with their texts', () => {
    expect(keyChecklist('').map((item) => item.label)).toEqual([
      'At least 10 characters',
      'At least one lowercase letter',
      'At least one uppercase letter',
      'At least one digit',
      `At least one special character (!@#$%^&*()_+-=[]{}|;':",.\\<>?\`~)`,
      'No forward slash (/)',
    ]);
  });

  it('an empty key meets only "no forward slash"', () => {
    expect(metOf('')).toEqual({
      minLength: false,
      lowercase: false,
      uppercase: false,
      digit: false,
      special: false,
      noSlash: true,
    });
  });

  it.each([
    ['abcdefghij', ['minLength', 'lowercase', 'noSlash']],
    ['ABC', ['uppercase', 'noSlash']],
    ['123', ['digit', 'noSlash']],
    ['~', ['special', 'noSlash']],
    ['aA1!aA1!aA', ['minLength', 'lowercase', 'uppercase', 'digit', 'special', 'noSlash']],
    ['aA1!aA1!a/', ['minLength', 'lowercase', 'uppercase', 'digit', 'special']],
  ])('%j meets exactly %j', (key, met) => {
    const actual = keyChecklist(key)
      .filter((item) => item.met)
      .map((item) => item.id);
    expect(actual).toEqual(met);
  });

  it('nine characters are not enough, ten are', () => {
    expect(metOf('aA1!aA1!a').minLength).toBe(false);
    expect(metOf('aA1!aA1!aB').minLength).toBe(true);
  });

  it('a generated key meets every requirement', () => {
    for (let run = 0; run < 50; run += 1) {
      expect(keyChecklist(generateSpaceKey()).every((item) => item.met)).toBe(true);
    }
  });
});

describe('space name hint (spec §5 Space name)', () => {
  it('shows the rule while invalid and "Valid space name" once valid, in the spec wording', () => {
    expect(spaceNameHint('')).toEqual({ valid: false, text: SPACE_NAME_HINT });
    expect(spaceNameHint('ab')).toEqual({ valid: false, text: SPACE_NAME_HINT });
    expect(spaceNameHint('Team/A')).toEqual({ valid: false, text: SPACE_NAME_HINT });
    expect(spaceNameHint('Team A-1')).toEqual({ valid: true, text: SPACE_NAME_VALID_MESSAGE });
    expect(spaceNameHint('abc')).toEqual({ valid: true, text: 'Valid space name' });
    expect(spaceNameHint('x'.repeat(100)).valid).toBe(true);
    expect(spaceNameHint('x'.repeat(101)).valid).toBe(false);
  });

  it('refuses what the server refuses as a name that could pass for another, in both languages', () => {
    const key = 'aA1!aA1!aA';
    expect(spaceNameHint('Cаse X')).toEqual({
      valid: false,
      text: 'Space name must be written in one script, not mixed (for example Latin with Cyrillic letters)',
    });
    expect(spaceNameHint('Filler\u3164Team')).toEqual({
      valid: false,
      text: 'Space name must not contain invisible or formatting characters',
    });
    // The spec's own rule still comes first: a zero-width space is not a letter.
    expect(spaceNameHint('Zero\u200bWidth')).toEqual({ valid: false, text: SPACE_NAME_HINT });
    expect(canCreateSpace({ spaceName: 'Cаse X', spaceKey: key, submitting: false })).toBe(false);
    expect(spaceNameHint('Команда 7')).toEqual({ valid: true, text: SPACE_NAME_VALID_MESSAGE });
    applyLanguage('de');
    try {
      expect(spaceNameHint('Cаse X').text).toBe(
        'Der Space-Name muss in einer einzigen Schrift geschrieben sein, nicht gemischt (zum Beispiel lateinische mit kyrillischen Buchstaben)',
      );
    } finally {
      applyLanguage('en');
    }
  });
});

describe('Create Space enabled (spec §4, §5 "Form invalid unless name and key both valid")', () => {
  const key = 'aA1!aA1!aA';
  it('needs a valid name and a valid key and no running submission', () => {
    expect(canCreateSpace({ spaceName: 'Team A', spaceKey: key, submitting: false })).toBe(true);
    expect(canCreateSpace({ spaceName: 'Team A', spaceKey: key, submitting: true })).toBe(false);
    expect(canCreateSpace({ spaceName: 'Te', spaceKey: key, submitting: false })).toBe(false);
    expect(canCreateSpace({ spaceName: 'Team A', spaceKey: 'aA1!aA1!a', submitting: false })).toBe(
      false,
    );
    expect(canCreateSpace({ spaceName: '', spaceKey: '', submitting: false })).toBe(false);
  });
});

describe('defaults and timings (spec §9)', () => {
  it('forces passwords and disallows self registration by default; redirects after 2 s', () => {
    expect(CREATE_FORM_DEFAULTS).toEqual({
      forceUserPasswords: true,
      allowSelfRegistration: false,
    });
    expect(CREATE_REDIRECT_DELAY_MS).toBe(2000);
  });
});

describe('redirect after creation (spec §4; key in the fragment only)', () => {
  it('opens login in register mode with the name in the query and the key in the fragment', () => {
    const key = 'aB3$x+y z&=#%/?é';
    const url = new URL(loginUrlAfterCreate('Team A-1', key), 'https://example.test');
    expect(url.pathname).toBe('/space/login');
    expect(url.searchParams.get('spaceName')).toBe('Team A-1');
    expect(url.searchParams.get('firstUser')).toBe('true');
    expect(url.searchParams.has('spaceKey')).toBe(false);
    expect(url.search).not.toContain('aB3');
    expect(new URLSearchParams(url.hash.slice(1)).get('spaceKey')).toBe(key);
  });
});

describe('failure messages (spec §8)', () => {
  it('encryption failure → browser compatibility message', () => {
    expect(createFailureMessage(new SpaceAccessError('encryption', null, null))).toBe(
      'Failed to encrypt space data. Please check your browser compatibility.',
    );
  });

  it("server failure → the server's detail", () => {
    expect(
      createFailureMessage(
        new SpaceAccessError('server', 'A space with this name already exists', 'CONFLICT'),
      ),
    ).toBe('A space with this name already exists');
  });

  it('no detail, a network failure or anything else → the generic message', () => {
    const generic = 'Failed to create space. Please try again.';
    expect(
      createFailureMessage(new SpaceAccessError('server', null, 'INTERNAL_SERVER_ERROR')),
    ).toBe(generic);
    expect(createFailureMessage(new SpaceAccessError('server', 'Failed to fetch', null))).toBe(
      generic,
    );
    expect(createFailureMessage(new Error('boom'))).toBe(generic);
  });
});
