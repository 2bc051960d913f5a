/**
 * The dashboard's cards (spec §2 /dashboard): one per registered tool (icon, display name,
 * description, Open), a 'more tools' card and the space-settings card — a link for admins,
 * disabled and marked admin only for members (spec §6). Loads the tools' code in idle time
 * (./tool-prefetch.ts).
 */
import { Settings, Sparkles } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router';

import { m } from '../../paraglide/messages.js';
import { listTools, ToolIcon } from '../../tools/registry.ts';
import { prefetchTool, prefetchToolsWhenIdle } from './tool-prefetch.ts';

export function ToolGrid({ isAdmin, labelledBy }: { isAdmin: boolean; labelledBy: string }) {
  const tools = listTools();
  // The tools' code, in the order of the cards, while the member reads the dashboard.
  useEffect(() => prefetchToolsWhenIdle(listTools().map((tool) => tool.name)), []);
  return (
    <ul className="grid tool-grid" aria-labelledby={labelledBy}>
      {tools.map((tool) => (
        <li key={tool.name} className="card tool-card" style={{ borderTopColor: tool.color }}>
          <span className="tool-icon" style={{ color: tool.color }}>
            <ToolIcon name={tool.name} size={32} />
          </span>
          <h3>{tool.displayName}</h3>
          <p>{tool.description}</p>
          <Link
            className="button button-primary"
            to={tool.route}
            aria-label={m.dashboard_tool_open_label({ tool: tool.displayName })}
            onPointerEnter={() => void prefetchTool(tool.name)}
            onFocus={() => void prefetchTool(tool.name)}
            onTouchStart={() => void prefetchTool(tool.name)}
          >
            {m.dashboard_tool_open()}
          </Link>
        </li>
      ))}
      <li className="card tool-card tool-card-muted">
        <span className="tool-icon">
          <Sparkles size={32} aria-hidden="true" />
        </span>
        <h3>{m.dashboard_more_tools_title()}</h3>
        <p>{m.dashboard_more_tools_text()}</p>
        <span className="badge">{m.dashboard_coming_soon()}</span>
      </li>
      <li className="card tool-card" data-testid="settings-card">
        <span className="tool-icon">
          <Settings size={32} aria-hidden="true" />
        </span>
        <h3>{m.dashboard_settings_title()}</h3>
        <p id="dashboard-settings-text">
          {isAdmin ? m.dashboard_settings_text() : m.dashboard_settings_admin_only_text()}
        </p>
        {isAdmin ? (
          <Link className="button button-primary" to="/space/settings">
            {m.dashboard_settings_open()}
          </Link>
        ) : (
          <div className="row">
            <button
              type="button"
              className="button"
              disabled
              aria-describedby="dashboard-settings-text"
            >
              {m.dashboard_settings_open()}
            </button>
            <span className="badge">{m.dashboard_admin_only()}</span>
          </div>
        )}
      </li>
    </ul>
  );
}
