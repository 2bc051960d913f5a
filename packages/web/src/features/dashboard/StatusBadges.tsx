/**
 * The dashboard header's service status (spec §2 /dashboard): the tab's real-time connection
 * (connected, connecting, reconnecting, disconnected, error — spec §4) as the shared badge in a
 * live region, and the content service: ready when this browser holds the space key.
 */
import { ConnectionStatusBadge } from '../../components/ConnectionStatusBadge.tsx';
import { useConnectionStatus } from '../../lib/realtime/index.ts';
import { m } from '../../paraglide/messages.js';
import { useReconnectRetry } from './use-reconnect-retry.ts';

export function StatusBadges({ contentReady }: { contentReady: boolean }) {
  const connection = useConnectionStatus();
  useReconnectRetry(connection);
  return (
    <dl className="dashboard-status" aria-label={m.dashboard_status_label()}>
      <div>
        <dt>{m.dashboard_connection_title()}</dt>
        <dd data-testid="connection-status">
          <ConnectionStatusBadge status={connection} />
        </dd>
      </div>
      <div>
        <dt>{m.dashboard_content_title()}</dt>
        <dd data-testid="content-status">
          <span className={contentReady ? 'badge badge-connected' : 'badge badge-error'}>
            {contentReady ? m.dashboard_content_ready() : m.dashboard_content_not_initialized()}
          </span>
        </dd>
      </div>
    </dl>
  );
}
