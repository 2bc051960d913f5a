/**
 * The real-time connection status as a badge in a polite live region (spec §4 Real-time
 * connection status): Connected, Connecting…, Reconnecting…, Connection error, Disconnected.
 * Shows this tab's status unless a `status` is given. While the connection is failing, the
 * latest real-time error (spec §8 Real-time, e.g. 'WebSocket connection error') is its tooltip
 * and accessible description.
 */
import {
  useConnectionStatus,
  useRealtimeError,
  type ConnectionStatus,
} from '../lib/realtime/index.ts';
import { m } from '../paraglide/messages.js';

const STATUS_TEXT: Record<ConnectionStatus, () => string> = {
  connected: m.connection_connected,
  connecting: m.connection_connecting,
  reconnecting: m.connection_reconnecting,
  error: m.connection_error,
  disconnected: m.connection_disconnected,
};

export function ConnectionStatusBadge({
  status,
  error,
}: {
  status?: ConnectionStatus;
  /** The error text to describe a failing connection with; default: this tab's latest. */
  error?: string | null;
}) {
  const current = useConnectionStatus();
  const latestError = useRealtimeError();
  const shown = status ?? current;
  const reason = error === undefined ? latestError : error;
  const failing = shown === 'error' || shown === 'reconnecting';
  return (
    <span
      role="status"
      aria-live="polite"
      className={`badge badge-${shown}`}
      data-status={shown}
      title={failing && reason ? reason : undefined}
    >
      {STATUS_TEXT[shown]()}
    </span>
  );
}
