import { describe, expect, it } from 'vitest';

import {
  applyDeparture,
  applyPresence,
  presentMembers,
  PRESENCE_STALE_MS,
  type PresenceRoster,
} from './presence.ts';

const empty: PresenceRoster = new Map();
const bob = { user_id: 'u-bob', username: 'bob', status: 'active' };

describe('presence roster', () => {
  it('adds an active member and reports them as a newcomer once', () => {
    const first = applyPresence(empty, bob, 'u-alice', 1000);
    expect(first.newcomer).toBe(true);
    expect(presentMembers(first.roster, 1000)).toEqual([
      { userId: 'u-bob', username: 'bob', lastSeenMs: 1000 },
    ]);
    const again = applyPresence(first.roster, bob, 'u-alice', 2000);
    expect(again.newcomer).toBe(false);
    expect(presentMembers(again.roster, 2000)[0]?.lastSeenMs).toBe(2000);
  });

  it("ignores the user's own announcements from other tabs", () => {
    const result = applyPresence(empty, { ...bob, user_id: 'u-alice' }, 'u-alice', 1000);
    expect(result).toEqual({ roster: empty, newcomer: false });
  });

  it('removes a member who announces another status (left the tool)', () => {
    const { roster } = applyPresence(empty, bob, 'u-alice', 1000);
    const left = applyPresence(roster, { ...bob, status: 'inactive' }, 'u-alice', 1500);
    expect(left.newcomer).toBe(false);
    expect(presentMembers(left.roster, 1500)).toEqual([]);
  });

  it('drops members whose last announcement is older than the stale limit, sorted by name', () => {
    let roster = applyPresence(
      empty,
      { ...bob, user_id: 'u-zoe', username: 'zoe' },
      'me',
      0,
    ).roster;
    roster = applyPresence(roster, bob, 'me', 10_000).roster;
    expect(presentMembers(roster, PRESENCE_STALE_MS - 1).map((m) => m.username)).toEqual([
      'bob',
      'zoe',
    ]);
    expect(presentMembers(roster, PRESENCE_STALE_MS).map((m) => m.username)).toEqual(['bob']);
  });
});

describe('presence across reloads and tabs', () => {
  it('answers a hello even from a member already listed (a reloaded tab)', () => {
    const { roster } = applyPresence(empty, { ...bob, clientId: 'tab-1' }, 'u-alice', 1000);
    const plain = applyPresence(roster, { ...bob, clientId: 'tab-2' }, 'u-alice', 1500);
    expect(plain.newcomer).toBe(false);
    const hello = applyPresence(
      roster,
      { ...bob, clientId: 'tab-2', hello: true },
      'u-alice',
      1500,
    );
    expect(hello.newcomer).toBe(true);
  });

  it('keeps a member listed until their last tab leaves, and drops them with it', () => {
    let roster = applyPresence(empty, { ...bob, clientId: 'tab-1' }, 'u-alice', 1000).roster;
    roster = applyPresence(
      roster,
      { ...bob, clientId: 'tab-2', hello: true },
      'u-alice',
      1100,
    ).roster;
    roster = applyDeparture(roster, 'u-bob', 'tab-1');
    expect(presentMembers(roster, 1200).map((m) => m.username)).toEqual(['bob']);
    roster = applyPresence(
      roster,
      { ...bob, clientId: 'tab-2', status: 'inactive' },
      'u-alice',
      1300,
    ).roster;
    expect(presentMembers(roster, 1300)).toEqual([]);
  });

  it('ignores the departure of a connection it never listed', () => {
    const { roster } = applyPresence(empty, { ...bob, clientId: 'tab-1' }, 'u-alice', 1000);
    expect(applyDeparture(roster, 'u-bob', 'tab-9')).toEqual(roster);
    expect(applyDeparture(roster, 'u-zoe', 'tab-1')).toBe(roster);
  });
});
