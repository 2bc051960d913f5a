/**
 * The statistics view of Issue Management (spec §3 Statistics): total issues, counts by type,
 * priority and phase, the average estimation in points and the completion rate (share of issues
 * in end phases, percent). Numbers come from the domain's `computeStatistics`.
 */
import { useId } from 'react';

import {
  ISSUE_PRIORITIES,
  sortByOrder,
  type IssueType,
  type Phase,
  type TrackerStatistics,
} from '@cipherspace/tools/tracker';
import { useLanguage } from '../../lib/i18n.ts';
import { m } from '../../paraglide/messages.js';
import { issueTypeText, priorityText } from '../tracker/tracker-messages.ts';

interface Row {
  key: string;
  label: string;
  count: number;
  color?: string;
}

/** One group of counts as a labelled list with proportional bars. */
function CountList({ title, rows, total }: { title: string; rows: Row[]; total: number }) {
  const headingId = useId();
  return (
    <div className="ticket-stats-group">
      <h3 id={headingId} className="ticket-section-title">
        {title}
      </h3>
      <dl className="ticket-stats-list" aria-labelledby={headingId}>
        {rows.map((row) => (
          <div key={row.key} className="ticket-stats-row">
            <dt>{row.label}</dt>
            <dd>
              <span className="ticket-stats-bar" aria-hidden="true">
                <span
                  style={{
                    width: `${total === 0 ? 0 : (row.count / total) * 100}%`,
                    ...(row.color ? { background: row.color } : {}),
                  }}
                />
              </span>
              <span className="ticket-stats-count">{row.count}</span>
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/**
 * Takes the statistics, the phases (for names, colours and order) and the issue types to list;
 * renders a section with the key figures and the three count lists.
 */
export function StatisticsPanel({
  statistics,
  phases,
  issueTypes,
  id,
}: {
  statistics: TrackerStatistics;
  phases: readonly Phase[];
  issueTypes: readonly IssueType[];
  id?: string;
}) {
  const language = useLanguage();
  const headingId = useId();
  const total = statistics.totalIssues;
  const average =
    statistics.averageEstimation === null
      ? m.ticket_stats_no_estimation()
      : m.ticket_stats_average_value({
          points: new Intl.NumberFormat(language, { maximumFractionDigits: 2 }).format(
            statistics.averageEstimation,
          ),
        });
  return (
    <section id={id} className="ticket-stats card" aria-labelledby={headingId}>
      <h2 id={headingId} className="ticket-stats-title">
        {m.ticket_stats_title()}
      </h2>
      <dl className="ticket-stats-figures">
        <div>
          <dt>{m.ticket_stats_total()}</dt>
          <dd>{total}</dd>
        </div>
        <div>
          <dt>{m.ticket_stats_average_estimation()}</dt>
          <dd>{average}</dd>
        </div>
        <div>
          <dt>{m.ticket_stats_completion_rate()}</dt>
          <dd>
            {m.ticket_stats_completion_value({ rate: statistics.completionRate })}
            <span className="ticket-stats-hint">{m.ticket_stats_completion_hint()}</span>
          </dd>
        </div>
      </dl>
      <div className="ticket-stats-groups">
        <CountList
          title={m.ticket_stats_by_type()}
          total={total}
          rows={issueTypes.map((type) => ({
            key: type,
            label: issueTypeText(type),
            count: statistics.issuesByType[type],
          }))}
        />
        <CountList
          title={m.ticket_stats_by_priority()}
          total={total}
          rows={ISSUE_PRIORITIES.map((priority) => ({
            key: priority,
            label: priorityText(priority),
            count: statistics.issuesByPriority[priority],
          }))}
        />
        <CountList
          title={m.ticket_stats_by_phase()}
          total={total}
          rows={sortByOrder(phases).map((phase) => ({
            key: phase.id,
            label: phase.name,
            count: statistics.issuesByPhase[phase.id] ?? 0,
            color: phase.color,
          }))}
        />
      </div>
    </section>
  );
}
