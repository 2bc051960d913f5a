import { describe, expect, it } from 'vitest';

import { defaultContent } from './defaults.ts';
import { addIssue, moveIssue, type IssueInput } from './operations.ts';
import { computeStatistics } from './statistics.ts';
import { type TrackerContent } from './types.ts';
import { testContext } from '../testing.ts';

function board(issues: [string, IssueInput][]): TrackerContent {
  const ctx = testContext('fixed');
  let content: TrackerContent = defaultContent('kanban', ctx);
  for (const [phaseName, issue] of issues) {
    const phaseId: string = content.phases.find((p) => p.name === phaseName)?.id ?? '';
    content = addIssue(content, { phaseId, issue, createdBy: 'ann' }, ctx);
  }
  return content;
}

describe('computeStatistics (spec §3 Statistics)', () => {
  it('empty board: zero counts for every value, null average, 0 % completion', () => {
    const content = board([]);
    expect(computeStatistics(content)).toEqual({
      totalIssues: 0,
      issuesByType: { Bug: 0, Task: 0, 'User Story': 0, Epic: 0 },
      issuesByPriority: { none: 0, Low: 0, Medium: 0, High: 0, Critical: 0 },
      issuesByPhase: Object.fromEntries(content.phases.map((p) => [p.id, 0])),
      averageEstimation: null,
      completionRate: 0,
    });
  });

  it('counts issues by type, priority and phase id', () => {
    const content = board([
      ['To Do', { title: 'a', type: 'Bug', priority: 'High' }],
      ['To Do', { title: 'b', type: 'Bug', priority: 'Low' }],
      ['In Progress', { title: 'c', type: 'Epic', priority: 'High' }],
      ['Done', { title: 'd' }],
    ]);
    const stats = computeStatistics(content);
    expect(stats.totalIssues).toBe(4);
    expect(stats.issuesByType).toEqual({ Bug: 2, Task: 1, 'User Story': 0, Epic: 1 });
    expect(stats.issuesByPriority).toEqual({ none: 1, Low: 1, Medium: 0, High: 2, Critical: 0 });
    const byName = Object.fromEntries(
      content.phases.map((p) => [p.name, stats.issuesByPhase[p.id]]),
    );
    expect(byName).toEqual({ Backlog: 0, 'To Do': 2, 'In Progress': 1, Testing: 0, Done: 1 });
  });

  it('averages convertible estimations (numbers and sizes), ignoring the rest, 2 decimals', () => {
    const content = board([
      ['To Do', { title: 'a', estimation: '1' }],
      ['To Do', { title: 'b', estimation: 'XL' }],
      ['To Do', { title: 'c', estimation: 's' }],
      ['To Do', { title: 'd', estimation: '?' }],
      ['To Do', { title: 'e' }],
    ]);
    // (1 + 8 + 2) / 3 = 3.666…
    expect(computeStatistics(content).averageEstimation).toBe(3.67);
  });

  it('gives null average when no estimation converts', () => {
    const content = board([['To Do', { title: 'a', estimation: '?' }]]);
    expect(computeStatistics(content).averageEstimation).toBeNull();
  });

  it('completion rate: percent of issues in end phases, rounded to a whole number', () => {
    const content = board([
      ['To Do', { title: 'a' }],
      ['To Do', { title: 'b' }],
      ['Done', { title: 'c' }],
    ]);
    expect(computeStatistics(content).completionRate).toBe(33);
    const ctx = testContext('fixed');
    const done = content.phases.find((p) => p.name === 'Done')?.id ?? '';
    let all = content;
    for (const phase of content.phases) {
      for (const issue of phase.issues)
        all = moveIssue(all, { issueId: issue.id, toPhaseId: done }, ctx);
    }
    expect(computeStatistics(all).completionRate).toBe(100);
  });

  it('leaves archived issues out of every figure', () => {
    const content = board([
      ['To Do', { title: 'a', type: 'Bug', priority: 'High', estimation: '8' }],
      ['Done', { title: 'b', estimation: '2' }],
      ['Done', { title: 'c', estimation: '3' }],
    ]);
    const archived = {
      ...content,
      phases: content.phases.map((p) => ({
        ...p,
        issues: p.issues.map((issue) =>
          issue.title === 'c' ? { ...issue, archived: true } : issue,
        ),
      })),
    };
    const done = content.phases.find((p) => p.name === 'Done')?.id ?? '';
    const statistics = computeStatistics(archived);
    expect(statistics.totalIssues).toBe(2);
    expect(statistics.issuesByPhase[done]).toBe(1);
    expect(statistics.issuesByType.Task).toBe(1);
    expect(statistics.averageEstimation).toBe(5);
    expect(statistics.completionRate).toBe(50);
  });

  it('counts every phase marked isEndPhase', () => {
    const base = board([
      ['Testing', { title: 'a' }],
      ['Done', { title: 'b' }],
      ['To Do', { title: 'c' }],
      ['To Do', { title: 'd' }],
    ]);
    const content = {
      ...base,
      phases: base.phases.map((p) => (p.name === 'Testing' ? { ...p, isEndPhase: true } : p)),
    };
    expect(computeStatistics(content).completionRate).toBe(50);
  });
});
