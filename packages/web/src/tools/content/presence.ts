/**
 * Who else is in a tool right now (spec §3 presence_update: tool, user_id, username, data
 * { tool, status default 'active', last_seen }). Pure roster logic; ./use-tool-presence.ts
 * announces and listens. A member counts as present while their last 'active' announcement is
 * younger than {@link PRESENCE_STALE_MS}; members re-announce every
 * {@link PRESENCE_ANNOUNCE_INTERVAL_MS} and answer a newcomer's announcement with their own.
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

/** The presence_update fields the roster needs. */
export interface PresenceUpdate {
  user_id: string;
  username: string;
  status: string;
}

export type PresenceRoster = ReadonlyMap<string, PresentMember>;

/**
 * The roster after `update`, and whether it came from someone not present before (who should
 * be answered with an announcement, so they learn who is here). Announcements of `selfUserId`
 * (this user's other tabs) are ignored; a status other than 'active' removes the member.
 * Members are timed by `nowMs`, the local time of receipt, not by the server's `last_seen`, so
 * a skewed local clock cannot make everyone look absent.
 */
export function applyPresence(
  roster: PresenceRoster,
  update: PresenceUpdate,
  selfUserId: string,
  nowMs: number,
): { roster: PresenceRoster; newcomer: boolean } {
  if (update.user_id === selfUserId) return { roster, newcomer: false };
  const next = new Map(roster);
  if (update.status !== 'active') {
    next.delete(update.user_id);
    return { roster: next, newcomer: false };
  }
  next.set(update.user_id, {
    userId: update.user_id,
    username: update.username,
    lastSeenMs: nowMs,
  });
  return { roster: next, newcomer: !roster.has(update.user_id) };
}

/** The members present at `nowMs` (not stale), sorted by username. */
export function presentMembers(roster: PresenceRoster, nowMs: number): PresentMember[] {
  return [...roster.values()]
    .filter((member) => nowMs - member.lastSeenMs < PRESENCE_STALE_MS)
    .sort((a, b) => a.username.localeCompare(b.username));
}
