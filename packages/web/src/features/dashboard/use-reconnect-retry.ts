/**
 * spec §4 Real-time connection status: "On disconnect or error the dashboard retries after 2 s
 * if a token exists" (§9 "Dashboard reconnect retry 2 s").
 */
import { useEffect } from 'react';

import { reconnectRealtime, type ConnectionStatus } from '../../lib/realtime/index.ts';
import { getToken } from '../../lib/session.ts';

export const DASHBOARD_RECONNECT_RETRY_MS = 2000;

/** True when the dashboard should schedule a reconnect for `status`. */
export function shouldRetryConnection(status: ConnectionStatus, hasToken: boolean): boolean {
  return hasToken && (status === 'disconnected' || status === 'error');
}

/** Schedules one reconnect 2 s after the connection is seen disconnected or in error. */
export function useReconnectRetry(status: ConnectionStatus): void {
  useEffect(() => {
    if (!shouldRetryConnection(status, getToken() !== null)) return undefined;
    const timer = window.setTimeout(() => {
      if (getToken() !== null) reconnectRealtime();
    }, DASHBOARD_RECONNECT_RETRY_MS);
    return () => window.clearTimeout(timer);
  }, [status]);
}
