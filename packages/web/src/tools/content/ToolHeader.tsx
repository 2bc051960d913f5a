/**
 * The header every tool screen shares (spec §2 /tools/kanban "Header: back button (to /dashboard),
 * board title, connection status badge, <action> button"): back link, title, the live connection
 * badge (unless the tool works without real-time, e.g. diagrams), who else is in the tool right now
 * (presence, spec §3), the saving status while working offline and the tool's own actions.
 */
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import './tool.css';
import { Link } from 'react-router';

import { ConnectionStatusBadge } from '../../components/ConnectionStatusBadge.tsx';
import { m } from '../../paraglide/messages.js';
import type { PresentMember } from './presence.ts';
import { SaveStatusText } from './SaveStatusText.tsx';

export function ToolHeader({
  title,
  presence,
  realtime = true,
  children,
}: {
  title: string;
  /** Other members in the tool now; omit for tools without presence. */
  presence?: readonly PresentMember[];
  realtime?: boolean;
  /** The tool's actions (e.g. Add Column). */
  children?: ReactNode;
}) {
  return (
    <header className="tool-header">
      <Link className="button" to="/dashboard">
        <ArrowLeft aria-hidden="true" />
        {m.common_back_to_dashboard()}
      </Link>
      <h1 className="tool-title">{title}</h1>
      {realtime ? (
        <div className="tool-connection" role="region" aria-label={m.connection_region_label()}>
          <ConnectionStatusBadge />
        </div>
      ) : null}
      {presence ? (
        <p className="tool-presence" aria-live="polite" aria-label={m.tool_presence_label()}>
          {presence.length === 0
            ? m.tool_presence_alone()
            : m.tool_presence_others({
                names: presence.map((member) => member.username).join(', '),
              })}
        </p>
      ) : null}
      <SaveStatusText />
      <div className="tool-actions">{children}</div>
    </header>
  );
}
