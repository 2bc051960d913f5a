import { describe, expect, it } from 'vitest';

import { accountOf, attemptFor, tooManyAttemptsMessage } from './throttle.ts';

describe('attemptFor', () => {
  it('maps login and registration to a per-account attempt and creation to a per-IP one', () => {
    const input = { space_name: 'Team Space', username: 'Alice' };
    expect(attemptFor('auth.login', input)).toEqual({
      kind: 'auth',
      account: JSON.stringify(['team space', 'alice']),
    });
    expect(attemptFor('users.register', input)).toEqual(attemptFor('auth.login', input));
    expect(attemptFor('spaces.create', input)).toEqual({ kind: 'create' });
  });

  it('ignores every other procedure, including inherited property names', () => {
    for (const path of ['content.save', 'auth.logout', 'users.create', 'toString', '__proto__']) {
      expect(attemptFor(path, {})).toBeNull();
    }
  });
});

describe('accountOf', () => {
  it('folds case in both parts and trims the username, as the server matches users', () => {
    expect(accountOf({ space_name: 'TEAM', username: '  Bob ' })).toBe(
      accountOf({ space_name: 'team', username: 'bob' }),
    );
  });

  it('compares names as the server does: one counter for one name however it is written', () => {
    const key = accountOf({ space_name: 'Team Alpha', username: 'Ann' });
    for (const [space, username] of [
      ['team  alpha', 'ann'],
      [' TEAM ALPHA ', 'ANN'],
      ['Ｔｅａｍ Ａｌｐｈａ', 'Ａｎｎ'],
      ['Team Alpha', 'a\u200bnn'],
    ])
      expect(accountOf({ space_name: space, username }), `${space}/${username}`).toBe(key);
  });

  it('keeps different users and spaces apart, whatever characters they contain', () => {
    const keys = new Set([
      accountOf({ space_name: 'a', username: 'b","c' }),
      accountOf({ space_name: 'a","b', username: 'c' }),
      accountOf({ space_name: 'a', username: 'bc' }),
      accountOf({ space_name: 'ab', username: 'c' }),
    ]);
    expect(keys.size).toBe(4);
  });

  it('never throws and yields null for anything that is not two non-empty strings', () => {
    const hostile: unknown[] = [
      null,
      undefined,
      5,
      'text',
      [],
      {},
      { space_name: 5, username: 'x' },
      { space_name: 'x', username: ['a'] },
      { space_name: '', username: 'x' },
      { space_name: 'x', username: '   ' },
      Object.create(null) as object,
      JSON.parse('{"__proto__":{"space_name":"a","username":"b"}}') as object,
    ];
    for (const input of hostile) expect(accountOf(input)).toBeNull();
  });

  it('bounds the key length of over-long names', () => {
    const key = accountOf({ space_name: 's'.repeat(1_000_000), username: 'u'.repeat(1_000_000) });
    expect(key?.length).toBeLessThan(500);
  });
});

describe('tooManyAttemptsMessage', () => {
  it('names the seconds to wait', () => {
    expect(tooManyAttemptsMessage(42)).toBe('Too many attempts. Please try again in 42 seconds.');
  });
});
