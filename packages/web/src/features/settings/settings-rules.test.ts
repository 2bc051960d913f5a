import { describe, expect, it } from 'vitest';

import { settingUpdate, validateNewUser } from './settings-rules.ts';

describe('validateNewUser (spec §5 Add user)', () => {
  it('refuses a username that could pass for another, as the server does', () => {
    expect(validateNewUser({ username: 'f\u200bay', password: '' }, false)).toBe(
      'username_invisible',
    );
    expect(validateNewUser({ username: 'еve', password: '' }, false)).toBe(
      'username_mixed_scripts',
    );
    expect(validateNewUser({ username: 'Ева', password: '' }, false)).toBeNull();
  });

  it('requires a username', () => {
    expect(validateNewUser({ username: '', password: '' }, false)).toBe('username_required');
    expect(validateNewUser({ username: '   ', password: 'secret' }, false)).toBe(
      'username_required',
    );
  });

  it('makes the password optional unless the space forces passwords', () => {
    expect(validateNewUser({ username: 'bob', password: '' }, false)).toBeNull();
    expect(validateNewUser({ username: 'bob', password: '' }, true)).toBe('password_required');
  });

  it('needs at least 5 characters for any password given', () => {
    expect(validateNewUser({ username: 'bob', password: 'abcd' }, false)).toBe(
      'password_too_short',
    );
    expect(validateNewUser({ username: 'bob', password: 'abcd' }, true)).toBe('password_too_short');
    expect(validateNewUser({ username: 'bob', password: 'abcde' }, true)).toBeNull();
  });
});

describe('settingUpdate (spec §4 Settings)', () => {
  it('sends only the toggled setting', () => {
    expect(settingUpdate('Team', 'force_user_passwords', false)).toEqual({
      space_name: 'Team',
      force_user_passwords: false,
    });
    expect(settingUpdate('Team', 'allow_self_registration', true)).toEqual({
      space_name: 'Team',
      allow_self_registration: true,
    });
  });
});
