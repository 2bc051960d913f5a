/**
 * realtime: the live channel of a space (spec §3 Real-time messages, §4 Real-time connection).
 * Both the tRPC WebSocket and the raw `/api/ws/{spaceName}` socket are served from here.
 */
import { tracked } from '@trpc/server';
import { z } from 'zod';

import { markBroadcast } from '../broadcast.ts';
import type { BusEvent, RealtimeMessage, ResyncReason } from '../events.ts';
import type { AuthSession } from '../services/sessions.ts';
import { clientIdSchema, presenceSchema } from '../schemas.ts';
import { memberProcedure, router } from '../trpc.ts';

/** Sent as the last message before a subscription ends because the member lost access. */
export interface SessionEndedMessage {
  type: 'error';
  space_name: string;
  timestamp: string;
  data: { error: string; code: 'session_ended' | 'member_removed' | 'space_deleted' };
}

/**
 * Sent when live updates of the space may have been lost between server instances (the
 * instance's cross-instance connection dropped or came back): fetch the changes since the
 * version you show (`content.changes`, GET …/changes?since=) for every tool you show. The
 * stream goes on. Not a spec §3 type: additive, clients that do not know it may ignore it.
 */
export interface ResyncMessage {
  type: 'resync';
  space_name: string;
  /** ISO 8601 UTC, when this instance noticed the change. */
  timestamp: string;
  data: { reason: ResyncReason };
}

export type RealtimeEvent = RealtimeMessage | ResyncMessage | SessionEndedMessage;

const SESSION_ENDED_TEXT = {
  session_ended: 'Your session has ended. Please log in again.',
  member_removed: 'You were removed from this space.',
  space_deleted: 'This space was deleted.',
} as const;

export const realtimeRouter = router({
  /**
   * Every content_update, presence_update, user_joined and user_left of the caller's space, as
   * the §3 messages (user_left additive), each `tracked()` with its event id — plus, with `pending: true` (the web app),
   * the content_pending messages of `content.propose` (spec §3), and a `resync` message
   * (ResyncMessage) whenever live updates may have been lost between instances. Events caused by
   * `client_id` itself are not echoed. Ends after an `error` message when the session is revoked,
   * the member removed or the space deleted.
   */
  onEvent: memberProcedure
    .input(z.object({ client_id: clientIdSchema, pending: z.boolean().optional() }))
    .subscription(({ ctx, input, signal }) => {
      // Listen first (synchronously, before anything is awaited), then stream: nothing
      // published after the subscription was accepted can be missed.
      const events = ctx.bus.events(ctx.auth.space.id, signal);
      return streamEvents(events, {
        auth: ctx.auth,
        origin: originOf(ctx.auth, input.client_id),
        pending: input.pending === true,
        now: ctx.now,
        revalidate: ctx.authenticate,
        checkedAt: ctx.now().getTime(),
      });
    }),

  /**
   * Who the caller is in this space: { space_name, user_id, username, role }. Hosts call it
   * before accepting a socket (401 bad token, 403 another space's token).
   */
  connect: memberProcedure.query(({ ctx }) => ({
    space_name: ctx.auth.space.name,
    user_id: ctx.auth.user.id,
    username: ctx.auth.user.username,
    role: ctx.auth.user.role,
  })),

  /** Tells the other members that the caller joined (spec §4: sent once the socket opens). */
  join: memberProcedure
    .input(z.object({ client_id: clientIdSchema }))
    .mutation(async ({ ctx, input }) => {
      const { space, user } = ctx.auth;
      await ctx.bus.publish({
        spaceId: space.id,
        origin: originOf(ctx.auth, input.client_id),
        payload: {
          type: 'user_joined',
          space_name: space.name,
          timestamp: ctx.now().toISOString(),
          data: { user_id: user.id, username: user.username },
        },
      });
      return { ok: true as const };
    }),

  /**
   * Tells the other members that the caller's connection `client_id` ended (`user_left`
   * `{user_id, username, client_id}`), so they drop the presence it announced at once instead of
   * waiting for it to go stale. The raw WebSocket calls it PRESENCE_DEPARTURE_GRACE_MS after a
   * socket's `leave` or close.
   */
  leave: memberProcedure
    .input(z.object({ client_id: z.string().min(1).max(64) }))
    .mutation(async ({ ctx, input }) => {
      const { space, user } = ctx.auth;
      await ctx.bus.publish({
        spaceId: space.id,
        origin: originOf(ctx.auth, input.client_id),
        payload: {
          type: 'user_left',
          space_name: space.name,
          timestamp: ctx.now().toISOString(),
          data: { user_id: user.id, username: user.username, client_id: input.client_id },
        },
      });
      return { ok: true as const };
    }),

  /**
   * Announces the caller's presence in a tool (spec §3 presence_update: tool, status default
   * 'active', last_seen) to the other members. user_id and username come from the session.
   */
  announce: memberProcedure
    .input(presenceSchema.extend({ client_id: clientIdSchema }))
    .mutation(async ({ ctx, input }) => {
      const { space, user } = ctx.auth;
      const timestamp = ctx.now().toISOString();
      await ctx.bus.publish({
        spaceId: space.id,
        origin: originOf(ctx.auth, input.client_id),
        payload: {
          type: 'presence_update',
          space_name: space.name,
          timestamp,
          data: {
            tool: input.tool,
            user_id: user.id,
            username: user.username,
            data: { ...input.data, tool: input.tool, status: input.status, last_seen: timestamp },
          },
        },
      });
      return { ok: true as const };
    }),

  /**
   * Answers a heartbeat ping (spec §3 heartbeat, §9 every 30 s) and keeps the session alive.
   * 401 when the session has expired — the socket is then closed.
   */
  heartbeat: memberProcedure.query(({ ctx }) => ({
    type: 'heartbeat' as const,
    space_name: ctx.auth.space.name,
    timestamp: ctx.now().toISOString(),
    data: { response: 'pong' as const },
  })),
});

/**
 * The origin of events a connection causes: its client id scoped to its user, so one member
 * cannot silence another member's connection by claiming the same client id.
 */
export function originOf(auth: AuthSession, clientId: string | undefined): string | null {
  return clientId === undefined ? null : `${auth.user.id}:${clientId}`;
}

/** How often a running stream re-checks that its session is still alive, in ms. */
const STREAM_SESSION_CHECK_MS = 60_000;

interface StreamOptions {
  auth: AuthSession;
  origin: string | null;
  /** Whether content_pending messages are delivered (app clients only). */
  pending: boolean;
  now: () => Date;
  /** Re-validates the session (null once it expired or was deleted). */
  revalidate: () => Promise<AuthSession | null>;
  /** When the session was last known valid (ms since epoch): when the stream was opened. */
  checkedAt: number;
}

/**
 * Maps bus events to what this member may see; see `onEvent`. Before delivering an event it
 * re-checks the session at most every STREAM_SESSION_CHECK_MS, so a session that simply
 * expired ends the stream too.
 */
async function* streamEvents(events: AsyncIterable<BusEvent>, options: StreamOptions) {
  const { auth, origin, now, revalidate } = options;
  const { space, user, sessionId } = auth;
  let checkedAt = options.checkedAt;
  const ended = (code: SessionEndedMessage['data']['code']): RealtimeEvent => ({
    type: 'error',
    space_name: space.name,
    timestamp: now().toISOString(),
    data: { error: SESSION_ENDED_TEXT[code], code },
  });
  for await (const event of events) {
    const payload = event.payload;
    switch (payload.type) {
      case 'space_deleted':
        yield tracked(event.id, ended('space_deleted'));
        return;
      case 'member_removed':
        if (payload.user_id === user.id) {
          yield tracked(event.id, ended('member_removed'));
          return;
        }
        break;
      case 'session_revoked':
        if (payload.session_id === sessionId) {
          yield tracked(event.id, ended('session_ended'));
          return;
        }
        break;
      case 'space_updated':
        break;
      case 'resync_needed': {
        // Its own object per subscriber (space_name and timestamp are the subscriber's).
        const resync: ResyncMessage = {
          type: 'resync',
          space_name: space.name,
          timestamp: now().toISOString(),
          data: { reason: payload.reason },
        };
        yield tracked(event.id, resync as RealtimeEvent);
        break;
      }
      case 'content_pending':
      case 'content_update':
      case 'presence_update':
      case 'user_joined':
      case 'user_left':
        if (event.origin !== null && event.origin === origin) break;
        if (payload.type === 'content_pending' && !options.pending) break;
        if (now().getTime() - checkedAt >= STREAM_SESSION_CHECK_MS) {
          checkedAt = now().getTime();
          if (!(await revalidate())) {
            yield tracked(event.id, ended('session_ended'));
            return;
          }
        }
        // The same payload object goes to every subscriber: serialised once (../broadcast.ts).
        yield tracked(event.id, markBroadcast(payload) as RealtimeEvent);
        break;
      default:
        assertNever(payload);
    }
  }
}

function assertNever(value: never): never {
  throw new Error(`Unhandled event ${JSON.stringify(value)}`);
}
