/**
 * Statistics of tracker content (spec §3 Statistics), shown by the Issue Management statistics
 * view.
 */
import { estimationToNumber } from './estimation.ts';
import {
  ISSUE_PRIORITIES,
  ISSUE_TYPES,
  type IssuePriority,
  type IssueType,
  type TrackerContent,
  type TrackerStatistics,
} from './types.ts';

function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

function zeroCounts<K extends string>(keys: readonly K[]): Record<K, number> {
  return Object.fromEntries(keys.map((key) => [key, 0])) as Record<K, number>;
}

/**
 * Statistics of the issues on the board (spec §3); archived issues are out of the board's
 * sight, so out of its figures too (as out of its WIP limits):
 * - `totalIssues`: number of issues in all phases;
 * - `issuesByType` / `issuesByPriority`: count per value, every value present (0 when none);
 * - `issuesByPhase`: count per phase **id** (names may repeat), every phase present;
 * - `averageEstimation`: mean points of the issues whose estimation converts
 *   ({@link estimationToNumber}: numbers, XS–XL), rounded to 2 decimals; null when none converts;
 * - `completionRate`: percent of all issues that sit in a phase with `isEndPhase`, rounded to a
 *   whole number; 0 on a board without issues.
 */
export function computeStatistics(content: TrackerContent): TrackerStatistics {
  const issuesByType = zeroCounts<IssueType>(ISSUE_TYPES);
  const issuesByPriority = zeroCounts<IssuePriority>(ISSUE_PRIORITIES);
  const issuesByPhase: Record<string, number> = {};
  let totalIssues = 0;
  let completed = 0;
  let pointsSum = 0;
  let estimated = 0;

  for (const phase of content.phases) {
    const issues = phase.issues.filter((issue) => issue.archived !== true);
    issuesByPhase[phase.id] = (issuesByPhase[phase.id] ?? 0) + issues.length;
    totalIssues += issues.length;
    if (phase.isEndPhase === true) completed += issues.length;
    for (const issue of issues) {
      issuesByType[issue.type] += 1;
      issuesByPriority[issue.priority] += 1;
      const points = estimationToNumber(issue.estimation);
      if (points !== null) {
        pointsSum += points;
        estimated += 1;
      }
    }
  }

  return {
    totalIssues,
    issuesByType,
    issuesByPriority,
    issuesByPhase,
    averageEstimation: estimated === 0 ? null : roundTo(pointsSum / estimated, 2),
    completionRate: totalIssues === 0 ? 0 : Math.round((completed / totalIssues) * 100),
  };
}
