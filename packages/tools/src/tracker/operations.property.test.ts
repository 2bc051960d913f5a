/**
 * Operations of Kanban and Issue Management through the registry (ARCHITECTURE rule 11, spec §4,
 * §5): serialised and applied they give what the operation function gives; they are
 * deterministic; and no sequence of accepted operations can produce content that validation or
 * the strict schema refuses.
 */
import { describe, expect, it } from 'vitest';

import { operationContext } from '../operation.ts';
import { tools } from '../registry.ts';
import {
  deepFreeze,
  expectRandomOperationSequences,
  expectSameOverTheWire,
  overTheWire,
  stampOf,
} from '../testing.ts';
import type { ToolDefinition } from '../tool.ts';
import type { TrackerOperation } from './operations.ts';
import { operationAgainst } from './arbitraries.ts';
import { TRACKER_OPERATIONS } from './schema.ts';
import { TrackerError, type Issue, type TrackerContent } from './types.ts';

const TRACKER_TOOLS = ['kanban', 'ticket-system'] as const;
type TrackerToolName = (typeof TRACKER_TOOLS)[number];

/** The registry entry of a tracker tool, typed for code that handles both. */
function trackerTool(name: TrackerToolName): ToolDefinition<TrackerContent, TrackerOperation> {
  return tools[name];
}

function issuesOf(content: TrackerContent): Issue[] {
  return content.phases.flatMap((phase) => phase.issues);
}

function phaseNamed(content: TrackerContent, name: string): string {
  const found = content.phases.find((phase) => phase.name === name);
  if (!found) throw new Error(`no phase ${name}`);
  return found.id;
}

function issueTitled(content: TrackerContent, title: string): Issue {
  const found = issuesOf(content).find((issue) => issue.title === title);
  if (!found) throw new Error(`no issue ${title}`);
  return found;
}

/** Default content with issues A, B in To Do (A with one comment) and C in In Progress. */
function board(name: TrackerToolName): TrackerContent {
  const tool = trackerTool(name);
  let step = 0;
  const next = (content: TrackerContent, op: TrackerOperation): TrackerContent =>
    tool.apply(content, overTheWire(tool, op, stampOf(++step)));
  let content = tool.defaultContent(operationContext(stampOf(0)));
  const todo = phaseNamed(content, 'To Do');
  content = next(content, {
    type: 'addIssue',
    phaseId: todo,
    issue: { title: 'A' },
    createdBy: 'ann',
  });
  content = next(content, {
    type: 'addIssue',
    phaseId: todo,
    issue: { title: 'B' },
    createdBy: 'bo',
  });
  content = next(content, {
    type: 'addIssue',
    phaseId: phaseNamed(content, 'In Progress'),
    issue: { title: 'C', estimation: '5', tags: ['x'] },
    createdBy: 'ann',
  });
  content = next(content, {
    type: 'addComment',
    issueId: issueTitled(content, 'A').id,
    content: 'first',
    createdBy: 'bo',
  });
  return deepFreeze(content);
}

/** One accepted operation of each name against {@link board}. */
function sampleOperations(
  content: TrackerContent,
): Record<TrackerOperation['type'], TrackerOperation> {
  const todo = phaseNamed(content, 'To Do');
  const a = issueTitled(content, 'A');
  const comment = a.comments[0];
  if (!comment) throw new Error('A has no comment');
  return {
    addPhase: { type: 'addPhase', name: 'Blocked', color: '#dc3545', maxIssues: 2 },
    updatePhase: { type: 'updatePhase', phaseId: todo, changes: { name: 'Ready', maxIssues: 4 } },
    deletePhase: { type: 'deletePhase', phaseId: phaseNamed(content, 'Backlog') },
    movePhase: { type: 'movePhase', phaseId: todo, direction: 'right' },
    movePhaseTo: { type: 'movePhaseTo', phaseId: todo, toIndex: 4 },
    addIssue: {
      type: 'addIssue',
      phaseId: todo,
      issue: { title: 'New', type: 'Bug', priority: 'High', estimation: 'M', tags: ['a', 'a'] },
      createdBy: 'cy',
    },
    updateIssue: { type: 'updateIssue', issueId: a.id, changes: { title: 'A2', estimation: '3' } },
    deleteIssue: { type: 'deleteIssue', issueId: a.id },
    moveIssue: {
      type: 'moveIssue',
      issueId: a.id,
      toPhaseId: phaseNamed(content, 'Done'),
      toIndex: 0,
    },
    addComment: { type: 'addComment', issueId: a.id, content: ' second ', createdBy: 'cy' },
    deleteComment: { type: 'deleteComment', issueId: a.id, commentId: comment.id },
    addTeamMember: { type: 'addTeamMember', name: 'dee' },
  };
}

describe.each(TRACKER_TOOLS)('%s: every operation over the wire', (name) => {
  const tool = trackerTool(name);
  const content = board(name);
  const samples = sampleOperations(content);

  it('has a sample for every operation name', () => {
    expect(Object.keys(samples).sort()).toEqual([...TRACKER_OPERATIONS].sort());
  });

  it.each(TRACKER_OPERATIONS)(
    '%s serialised and applied gives what the operation function gives, twice alike',
    (operationName) => {
      expectSameOverTheWire(tool, content, samples[operationName], stampOf(100));
    },
  );

  it('derives the ids and the time of what an operation creates from the operation', () => {
    const { addIssue, addPhase, addComment } = samples;
    const stamp = stampOf(7);
    const withIssue = tool.apply(content, overTheWire(tool, addIssue, stamp));
    expect(issueTitled(withIssue, 'New')).toMatchObject({ id: 'op-7', createdAt: stamp.at });
    const withPhase = tool.apply(content, overTheWire(tool, addPhase, stamp));
    expect(withPhase.phases.at(-1)?.id).toBe('op-7');
    const withComment = tool.apply(content, overTheWire(tool, addComment, stamp));
    expect(issueTitled(withComment, 'A').comments.at(-1)).toEqual({
      id: 'op-7',
      content: 'second',
      createdAt: stamp.at,
      createdBy: 'cy',
    });
  });
});

// ---------------------------------------------------------------------------------------------
// The property: random sequences of operations generated against the current content.

describe.each(TRACKER_TOOLS)('%s: any sequence of operations (property)', (name) => {
  it('refused operations change nothing; accepted ones keep the content valid and strict', () => {
    const tool = trackerTool(name);
    expectRandomOperationSequences(tool, {
      start: () => tool.defaultContent(operationContext(stampOf(0))),
      operationOn: operationAgainst,
      refusal: TrackerError,
      numRuns: 150,
      firstStamp: 1,
    });
  }, 60_000);
});
