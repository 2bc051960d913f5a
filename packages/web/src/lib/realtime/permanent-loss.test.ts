import { describe, expect, it } from 'vitest';

import { connectionLostLoginPath, recordConnectionLoss } from './permanent-loss.ts';

describe('permanent connection loss', () => {
  it('builds the connection-lost login path with encoded values', () => {
    expect(connectionLostLoginPath('Team A', 'bob&co')).toBe(
      '/login?connectionLost=true&spaceName=Team+A&username=bob%26co',
    );
  });

  it('stores loginPrefillData and returns the path', () => {
    const path = recordConnectionLoss({
      space: {
        name: 'Team A',
        force_user_passwords: false,
        allow_self_registration: true,
        created_at: '2024-01-01T00:00:00.000Z',
      },
      user: { id: 'u1', username: 'alice', role: 'admin' },
    });
    expect(path).toBe('/login?connectionLost=true&spaceName=Team+A&username=alice');
    expect(JSON.parse(localStorage.getItem('loginPrefillData') ?? 'null')).toEqual({
      connectionLost: true,
      spaceName: 'Team A',
      username: 'alice',
    });
  });
});
