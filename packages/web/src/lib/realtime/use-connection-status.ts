import { useSyncExternalStore } from 'react';

import type { ConnectionStatus } from './connection-machine.ts';
import { realtimeManager } from './connection.ts';
import { realtimeErrorText } from './realtime-error-text.ts';

/** The connection status of this tab (spec §4); re-renders on every change. */
export function useConnectionStatus(): ConnectionStatus {
  return useSyncExternalStore(realtimeManager.subscribeStatus, realtimeManager.getStatus);
}

/**
 * The latest real-time problem since the connection was last open, as its translated §8 text
 * (e.g. 'WebSocket connection error'), or null; for a status badge's description.
 */
export function useRealtimeError(): string | null {
  const kind = useSyncExternalStore(realtimeManager.subscribeStatus, realtimeManager.getLastError);
  return kind === null ? null : realtimeErrorText(kind);
}
