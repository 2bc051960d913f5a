/**
 * Public face of the tab's real-time connection (spec §4 Real-time connection status, §3
 * Real-time messages). Screens import from here only.
 *
 * - `useConnectionStatus()`: 'disconnected' | 'connecting' | 'connected' | 'reconnecting' | 'error'.
 * - `useRealtimeError()`: the latest §8 real-time text ('WebSocket connection error', 'Unknown
 *   WebSocket error', …) translated, or null once the connection is open again.
 * - `onRealtimeMessage(listener)`: every content_update, presence_update, user_joined and
 *   user_left (a connection ended: drop its presence) of the space from other tabs and members, and `resync` (the server's link to its other instances
 *   dropped or came back: tool screens catch up as after a reconnect); returns the unsubscribe
 *   function. The same messages are dispatched as `window` CustomEvents named
 *   REALTIME_WINDOW_EVENT ('cipherspace:realtime').
 * - `onRealtimeSignal(listener)`: 'reconnected' (reload content now), 'restored' (1 s later:
 *   reload again, spec §9), 'listening' (the server started this tab's member stream: announce
 *   presence) and CONNECTION_PERMANENTLY_LOST (the app shell logs out).
 * - `reconnectRealtime()`: retry now when disconnected or in a non-permanent error (the
 *   dashboard's 2 s retry).
 * The app shell (src/app/RealtimeSession.tsx) starts and stops the connection with the session.
 * This code loads with the first signed-in page (src/app/Layout.tsx), not with the public pages;
 * the parts of every page's shell that hear of it (the tRPC client's ./session-end-link.ts, the
 * content prefetch) are wired to it as it loads (./connection.ts).
 */
import { realtimeManager } from './connection.ts';

export {
  CONNECTION_PERMANENTLY_LOST,
  RELOAD_AFTER_RESTORE_MS,
  type ConnectionStatus,
  type RealtimeSignal,
} from './connection-machine.ts';
export {
  CLIENT_ID as REALTIME_CLIENT_ID,
  REALTIME_WINDOW_EVENT,
  startRealtime,
} from './connection.ts';
export { recordConnectionLoss, type LoginPrefillData } from './permanent-loss.ts';
export { realtimeErrorText } from './realtime-error-text.ts';
export type { RealtimeErrorKind, RealtimeMessage } from './realtime-manager.ts';
export { useConnectionStatus, useRealtimeError } from './use-connection-status.ts';

/** Listens to the §3 messages of the space; returns the unsubscribe function. */
export const onRealtimeMessage = realtimeManager.onMessage;

/**
 * Listens to 'reconnected', 'restored', 'listening' and CONNECTION_PERMANENTLY_LOST; returns
 * unsubscribe.
 */
export const onRealtimeSignal = realtimeManager.onSignal;

/** Whether this tab's member stream is running on the server (see RealtimeManager.isListening). */
export const isRealtimeListening = realtimeManager.isListening;

/** Reconnects now if disconnected or in a non-permanent error (spec §4 dashboard retry). */
export function reconnectRealtime(): void {
  realtimeManager.reconnect();
}
