/**
 * Presence in a tool (spec §3: tools announce presence, e.g. kanban active, ticket active):
 * announces this member as 'active' on entry once the tab's member stream is running and each
 * time it (re)starts (also after a reload or reconnect) with `hello` — answered at once by
 * everyone here —, every {@link PRESENCE_ANNOUNCE_INTERVAL_MS}, in answer to a newcomer or a
 * hello, and when the server says another tab of this member left (the others dropped the
 * member); as 'inactive' on leaving the tool. The tab id travels in the data as `client`, so the
 * server's `user_left` for one tab leaves the member's other tabs listed. Returns the other
 * members present right now. Announcements travel as `realtime.announce` (ids and names only).
 */
import { useEffect, useRef, useState } from 'react';

import {
  isRealtimeListening,
  onRealtimeMessage,
  onRealtimeSignal,
  REALTIME_CLIENT_ID,
} from '../../lib/realtime/index.ts';
import { useSession } from '../../lib/session.ts';
import { trpc } from '../../lib/trpc.ts';
import type { ToolName } from '../registry.ts';
import {
  applyDeparture,
  applyPresence,
  PRESENCE_ANNOUNCE_INTERVAL_MS,
  presentMembers,
  type PresenceRoster,
  type PresentMember,
} from './presence.ts';

/** How often stale members are swept from the list, in ms. */
const SWEEP_INTERVAL_MS = 15_000;

/** The other members in `tool` right now, sorted by username. */
export function useToolPresence(tool: ToolName): PresentMember[] {
  const session = useSession();
  const client = trpc.useUtils().client;
  const spaceName = session?.space.name ?? null;
  const selfId = session?.user.id ?? null;
  const [roster, setRoster] = useState<PresenceRoster>(() => new Map());
  // The roster as of the latest message, read by the listener to decide whether to answer.
  const rosterRef = useRef<PresenceRoster>(roster);
  const [nowMs, setNowMs] = useState(() => Date.now());

  useEffect(() => {
    if (spaceName === null || selfId === null) return;
    const announce = (status: 'active' | 'inactive', hello = false) => {
      const data = hello ? { client: REALTIME_CLIENT_ID, hello } : { client: REALTIME_CLIENT_ID };
      client.realtime.announce
        .mutate({ space_name: spaceName, tool, status, data, client_id: REALTIME_CLIENT_ID })
        .catch(() => undefined); // presence is best effort; the next interval tries again
    };
    // The first announcement waits until this tab's member stream is running: the others answer
    // a hello at once, and an answer sent before the stream started would go past it.
    if (isRealtimeListening()) announce('active', true);
    const interval = window.setInterval(() => announce('active'), PRESENCE_ANNOUNCE_INTERVAL_MS);
    const sweep = window.setInterval(() => setNowMs(Date.now()), SWEEP_INTERVAL_MS);
    const stopMessages = onRealtimeMessage((message) => {
      if (message.type === 'user_left') {
        const { user_id, client_id } = message.data;
        // Another tab of this member left: the others dropped the member, so say we are here.
        if (user_id === selfId) {
          if (client_id !== REALTIME_CLIENT_ID) announce('active');
          return;
        }
        rosterRef.current = applyDeparture(rosterRef.current, user_id, client_id);
        setRoster(rosterRef.current);
        return;
      }
      if (message.type !== 'presence_update' || message.data.tool !== tool) return;
      const now = Date.now();
      const { client, hello } = message.data.data;
      const update = {
        user_id: message.data.user_id,
        username: message.data.username,
        status: message.data.data.status,
        clientId: typeof client === 'string' ? client : '',
        hello: hello === true,
      };
      const next = applyPresence(rosterRef.current, update, selfId, now);
      rosterRef.current = next.roster;
      setRoster(next.roster);
      setNowMs(now);
      if (next.newcomer) announce('active');
    });
    // Announced whenever this tab's member stream (re)starts (first entry, reconnect).
    const stopSignals = onRealtimeSignal((signal) => {
      if (signal === 'listening') announce('active', true);
    });
    const leave = () => announce('inactive');
    window.addEventListener('pagehide', leave);
    return () => {
      window.clearInterval(interval);
      window.clearInterval(sweep);
      stopMessages();
      stopSignals();
      window.removeEventListener('pagehide', leave);
      leave();
      rosterRef.current = new Map();
      setRoster(rosterRef.current);
    };
  }, [client, spaceName, selfId, tool]);

  return presentMembers(roster, nowMs);
}
