/**
 * Who else is in a tool right now (spec §3 presence_update: tool, user_id, username, data
 * { tool, status default 'active', last_seen }). Pure roster logic; ./use-tool-presence.ts
 * announces and listens. A member counts as present while their last 'active' announcement is
 * younger than {@link PRESENCE_STALE_MS}; members re-announce every
 * {@link PRESENCE_ANNOUNCE_INTERVAL_MS} and answer a newcomer's (or a rejoining tab's `hello`)
 * announcement with their own at once. A connection that ends is dropped by the server's
 * `user_left` within seconds (PRESENCE_DEPARTURE_GRACE_MS), staleness is only the fallback.
 */

/** How often a tool re-announces its presence, in ms (the heartbeat rhythm of spec §9). */
export const PRESENCE_ANNOUNCE_INTERVAL_MS = 30_000;

/** After how many ms without an announcement a member no longer counts as present. */
export const PRESENCE_STALE_MS = 75_000;

/** A member present in the tool; `lastSeenMs` is epoch milliseconds. */
export interface PresentMember {
  userId: string;
  username: string;
  lastSeenMs: number;
}

/**
 * The presence_update fields the roster needs. `clientId` is the announcing connection (the
 * web app puts its tab id in the announcement's data as `client`; '' when absent), `hello` marks
 * the announcement a connection makes when it (re)joins the tool, which everyone answers.
 */
export interface PresenceUpdate {
  user_id: string;
  username: string;
  status: string;
  clientId?: string;
  hello?: boolean;
}

/** A roster entry: the member plus the connections (tab ids) that announced them. */
interface RosterEntry extends PresentMember {
  clients: ReadonlySet<string>;
}

export type PresenceRoster = ReadonlyMap<string, RosterEntry>;

/**
 * The roster after `update`, and whether to answer it with an announcement: it came from someone
 * not present before, or it is a `hello` (a reloaded tab must learn who is here even though the
 * others still list its member). Announcements of `selfUserId` (this user's other tabs) are
 * ignored; a status other than 'active' removes that connection, and the member with their last
 * one. Members are timed by `nowMs`, the local time of receipt, not by the server's `last_seen`,
 * so a skewed local clock cannot make everyone look absent.
 */
export function applyPresence(
  roster: PresenceRoster,
  update: PresenceUpdate,
  selfUserId: string,
  nowMs: number,
): { roster: PresenceRoster; newcomer: boolean } {
  if (update.user_id === selfUserId) return { roster, newcomer: false };
  const clientId = update.clientId ?? '';
  if (update.status !== 'active') {
    return { roster: withoutClient(roster, update.user_id, clientId), newcomer: false };
  }
  const before = roster.get(update.user_id);
  const next = new Map(roster);
  next.set(update.user_id, {
    userId: update.user_id,
    username: update.username,
    lastSeenMs: nowMs,
    clients: new Set(before?.clients).add(clientId),
  });
  return { roster: next, newcomer: before === undefined || update.hello === true };
}

/**
 * The roster after connection `clientId` of `userId` ended (the server's `user_left`): the
 * member stays while another of their connections is listed.
 */
export function applyDeparture(
  roster: PresenceRoster,
  userId: string,
  clientId: string,
): PresenceRoster {
  return withoutClient(roster, userId, clientId);
}

function withoutClient(roster: PresenceRoster, userId: string, clientId: string): PresenceRoster {
  const entry = roster.get(userId);
  if (!entry) return roster;
  const next = new Map(roster);
  const clients = new Set(entry.clients);
  clients.delete(clientId);
  // A connection that never said who it was ('') cannot be told apart: any 'inactive' ends it.
  if (clients.size === 0 || clientId === '') next.delete(userId);
  else next.set(userId, { ...entry, clients });
  return next;
}

/** The members present at `nowMs` (not stale), sorted by username. */
export function presentMembers(roster: PresenceRoster, nowMs: number): PresentMember[] {
  return [...roster.values()]
    .filter((member) => nowMs - member.lastSeenMs < PRESENCE_STALE_MS)
    .map(({ userId, username, lastSeenMs }) => ({ userId, username, lastSeenMs }))
    .sort((a, b) => a.username.localeCompare(b.username));
}
