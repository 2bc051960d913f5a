/**
 * Operations of Kanban and Issue Management through the registry (ARCHITECTURE rule 11, spec §4,
 * §5): serialised and applied they give what the operation function gives; they are
 * deterministic; and no sequence of accepted operations can produce content that validation or
 * the strict schema refuses.
 */
import { describe, expect, it } from 'vitest';

import { operationContext } from '../operation.ts';
import {
  expectRandomOperationSequences,
  expectSameOverTheWire,
  overTheWire,
  stampOf,
} from '../testing.ts';
import { operationAgainst } from './arbitraries.ts';
import { trackerOperations } from './operations.ts';
import {
  issueTitled,
  operationsOf,
  sampleBoard,
  sampleOperations,
  TRACKER_TOOLS,
  trackerTool,
} from './test-board.ts';
import { TrackerError } from './types.ts';

describe.each(TRACKER_TOOLS)('%s: every operation over the wire', (name) => {
  const tool = trackerTool(name);
  const content = sampleBoard(name);
  const samples = sampleOperations(content);

  it('has a sample for every operation name', () => {
    expect(Object.keys(samples).sort()).toEqual([...trackerOperations.names].sort());
  });

  it.each(operationsOf(name))(
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
