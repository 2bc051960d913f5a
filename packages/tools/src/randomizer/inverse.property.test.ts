/**
 * Undo and restore in the Daily Randomizer (../tool.ts inverse, patchBetween): every
 * accepted randomizer operation's inverse gives the content before it back exactly, over the
 * wire, including a run's animation and the used options; undoing an edit of the options still
 * works after someone switched the repetition mode.
 */
import { describe, expect, it } from 'vitest';

import type { PatchOperation } from '../patch.ts';
import { expectInverseRestores, expectRandomInverses, overTheWire } from '../patch-testing.ts';
import { tools } from '../registry.ts';
import { deepFreeze, stampOf, testContext } from '../testing.ts';
import { operationOn } from './arbitraries.ts';
import { defaultRandomizerContent } from './defaults.ts';
import { start, type RandomizerOperation } from './operations.ts';
import { RandomizerError, type RandomizerContent } from './types.ts';

const tool = tools.randomizer;

function applied(
  content: RandomizerContent,
  op: RandomizerOperation | PatchOperation,
  step: number,
) {
  return tool.apply(content, overTheWire(tool, op, stampOf(step)));
}

describe('the inverse of each operation', () => {
  const idle = deepFreeze({ ...defaultRandomizerContent(testContext('fixed')), usedIndices: [1] });
  const running = deepFreeze(start(idle, { seed: 11 }, { newId: () => 'run-1', now: () => 't' }));
  const cases: [RandomizerOperation, RandomizerContent][] = [
    [{ type: 'start', seed: 42 }, idle],
    [{ type: 'complete', runId: 'run-1' }, running],
    [{ type: 'editOptions', text: ' Ann \r\n\r\nBob\rCara\n' }, running],
    [{ type: 'setMode', mode: 'allow' }, idle],
    [{ type: 'resetUsed' }, idle],
  ];

  it.each(cases)('%j is undone exactly, over the wire', (op, content) => {
    expect(expectInverseRestores(tool, content, op, stampOf(50), RandomizerError)).not.toEqual(
      content,
    );
  });
});

describe('undo after someone else changed the randomizer', () => {
  it('undoes an edit of the options after the mode was switched, keeping the switch', () => {
    const content = deepFreeze(defaultRandomizerContent(testContext('fixed')));
    const edited = applied(content, { type: 'editOptions', text: 'Ann\nBob' }, 50);
    const mode = content.repetitionMode === 'allow' ? 'no-repeat' : 'allow';
    const undone = applied(
      applied(edited, { type: 'setMode', mode }, 51),
      tool.inverse(content, edited),
      52,
    );
    expect(undone).toStrictEqual(applied(content, { type: 'setMode', mode }, 51));
  });
});

describe('inverses (property)', () => {
  it('every accepted operation along random sequences is undone exactly, over the wire', () => {
    expectRandomInverses(tool, {
      start: () => tool.defaultContent(testContext('fixed')),
      operationOn,
      refusal: RandomizerError,
      numRuns: 150,
    });
  }, 60_000);
});
