import { describe, expect, it } from 'vitest';

import {
  filterUsername,
  isAllowedUsernameKey,
  isUsernameChar,
  newUsernameProblem,
  renameFailure,
  resolveUsernameEdit,
  USERNAME_MAX_CHARS,
} from './username-edit.ts';

describe('username edit rules (spec §4 Username edit)', () => {
  it('accepts letters and digits of any script, nothing else', () => {
    for (const char of ['a', 'Z', '0', '9', 'ü', 'ß', 'É', 'я', '字']) {
      expect(isUsernameChar(char), char).toBe(true);
    }
    for (const char of [' ', '-', '_', '.', '@', '!', '/', '\n', '😀', '']) {
      expect(isUsernameChar(char), JSON.stringify(char)).toBe(false);
    }
  });

  it('filters typed or pasted text down to letters and digits', () => {
    expect(filterUsername('Ann-Marie 2!')).toBe('AnnMarie2');
    expect(filterUsername('  jürgen_42 ')).toBe('jürgen42');
    expect(filterUsername('<script>')).toBe('script');
    expect(filterUsername('!!!')).toBe('');
  });

  it('cuts the name at the server limit', () => {
    expect(filterUsername('a'.repeat(USERNAME_MAX_CHARS + 10))).toHaveLength(USERNAME_MAX_CHARS);
  });

  it('lets letters, digits, navigation and editing keys through and blocks other characters', () => {
    for (const key of ['a', 'Q', '5', 'ö']) expect(isAllowedUsernameKey({ key }), key).toBe(true);
    for (const key of [
      'ArrowLeft',
      'ArrowRight',
      'Home',
      'End',
      'Backspace',
      'Delete',
      'Tab',
      'Enter',
      'Escape',
    ]) {
      expect(isAllowedUsernameKey({ key }), key).toBe(true);
    }
    for (const key of [' ', '-', '_', '.', '@', '#', '😀']) {
      expect(isAllowedUsernameKey({ key }), key).toBe(false);
    }
  });

  it('keeps shortcuts and input-method composition working', () => {
    expect(isAllowedUsernameKey({ key: 'v', ctrlKey: true })).toBe(true);
    expect(isAllowedUsernameKey({ key: 'a', metaKey: true })).toBe(true);
    expect(isAllowedUsernameKey({ key: '-', ctrlKey: true })).toBe(true);
    expect(isAllowedUsernameKey({ key: ' ', isComposing: true })).toBe(true);
    expect(isAllowedUsernameKey({ key: '@', altKey: true })).toBe(false);
  });

  it('cancels without a call when the name is unchanged or empty', () => {
    expect(resolveUsernameEdit('alice', 'alice')).toEqual({ kind: 'cancel' });
    expect(resolveUsernameEdit('alice', '')).toEqual({ kind: 'cancel' });
    expect(resolveUsernameEdit('alice', '--')).toEqual({ kind: 'cancel' });
  });

  it('saves a changed name, filtered', () => {
    expect(resolveUsernameEdit('alice', 'alice2')).toEqual({ kind: 'save', username: 'alice2' });
    expect(resolveUsernameEdit('alice', 'Alice')).toEqual({ kind: 'save', username: 'Alice' });
    expect(resolveUsernameEdit('alice', 'bo b')).toEqual({ kind: 'save', username: 'bob' });
  });

  it('maps a 409 CONFLICT to "exists" and every other failure to "failed"', () => {
    expect(renameFailure('CONFLICT')).toBe('exists');
    expect(renameFailure('FORBIDDEN')).toBe('failed');
    expect(renameFailure('INTERNAL_SERVER_ERROR')).toBe('failed');
    expect(renameFailure(undefined)).toBe('failed');
  });

  it('foresees the invisible and mixed-script refusals of a new name', () => {
    expect(newUsernameProblem('ha\u3164l')).toBe('usernameInvisible');
    expect(newUsernameProblem('еve')).toBe('usernameMixedScripts');
    expect(newUsernameProblem('Jürgen')).toBeNull();
    expect(newUsernameProblem('Ева')).toBeNull();
  });

  it('maps the look-alike, mixed-script and invisible refusals to "refused"', () => {
    expect(renameFailure('CONFLICT', 'usernameLookalike')).toBe('refused');
    expect(renameFailure('BAD_REQUEST', 'usernameMixedScripts')).toBe('refused');
    expect(renameFailure('BAD_REQUEST', 'usernameInvisible')).toBe('refused');
    expect(renameFailure('CONFLICT', 'usernameExists')).toBe('exists');
    expect(renameFailure('FORBIDDEN', 'renameOnlyYourself')).toBe('failed');
  });
});
