/**
 * The real-time connection status as a badge in a polite live region (spec §4 Real-time
 * connection status): Connected, Connecting…, Reconnecting…, Connection error, Disconnected.
 * Shows this tab's status unless a `status` is given.
 */
import { useConnectionStatus, type ConnectionStatus } from '../lib/realtime/index.ts';
import { m } from '../paraglide/messages.js';

const STATUS_TEXT: Record<ConnectionStatus, () => string> = {
  connected: m.connection_connected,
  connecting: m.connection_connecting,
  reconnecting: m.connection_reconnecting,
  error: m.connection_error,
  disconnected: m.connection_disconnected,
};

export function ConnectionStatusBadge({ status }: { status?: ConnectionStatus }) {
  const current = useConnectionStatus();
  const shown = status ?? current;
  return (
    <span role="status" aria-live="polite" className={`badge badge-${shown}`} data-status={shown}>
      {STATUS_TEXT[shown]()}
    </span>
  );
}
