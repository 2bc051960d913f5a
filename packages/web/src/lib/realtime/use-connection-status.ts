import { useSyncExternalStore } from 'react';

import type { ConnectionStatus } from './connection-machine.ts';
import { realtimeManager } from './connection.ts';

/** The connection status of this tab (spec §4); re-renders on every change. */
export function useConnectionStatus(): ConnectionStatus {
  return useSyncExternalStore(realtimeManager.subscribeStatus, realtimeManager.getStatus);
}
