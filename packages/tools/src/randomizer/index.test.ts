import { describe, expect, it } from 'vitest';

import { OperationFormatError } from '../tool.ts';
import { tools } from '../registry.ts';
import { RandomizerError } from './index.ts';

describe("the registry entry tools.randomizer (spec §3 Tool metadata 'randomizer')", () => {
  const tool = tools.randomizer;
  const ctx = { newId: () => 'id', now: () => '2024-01-01T00:00:00.000Z' };
  const stamp = { id: 'run-1', at: '2024-01-02T00:00:00.000Z', by: 'ann' };

  it('names the tool as spec §3 does', () => {
    expect(tool.metadata).toMatchObject({
      name: 'randomizer',
      displayName: 'Daily Randomizer',
      route: '/tools/randomizer',
    });
    expect(tool.operations).toEqual([
      'start',
      'complete',
      'editOptions',
      'setMode',
      'resetUsed',
      'patch',
    ]);
  });

  it('creates, parses, applies serialised operations, validates and stamps', () => {
    const created = tool.defaultContent(ctx);
    expect(created).toMatchObject({ id: 'id', options: ['Option 1', 'Option 2', 'Option 3'] });
    const parsed = tool.parse(JSON.parse(JSON.stringify(created)));
    expect(parsed).toEqual(created);

    const started = tool.apply(parsed, tool.createOperation({ type: 'start', seed: 3 }, stamp));
    expect(started.animation).toMatchObject({ state: 'animating', runId: 'run-1' });
    expect(parsed.animation.state).toBe('idle');
    expect(tool.validate(started)).toEqual([]);

    const completed = tool.apply(
      started,
      tool.createOperation({ type: 'complete', runId: 'run-1' }, { ...stamp, id: 'op-2' }),
    );
    expect(completed.animation.state).toBe('completed');
    expect(completed.selectedIndex).toBe(started.animation.steps.at(-1)?.optionIndex);
    expect(completed.usedIndices).toEqual([completed.selectedIndex]);

    const emptied = tool.apply(
      started,
      tool.createOperation({ type: 'editOptions', text: ' \n ' }, { ...stamp, id: 'op-3' }),
    );
    expect(tool.validate(emptied)).toEqual(['At least one option is required']);
    expect(tool.stamp(started, { version: 2, lastModified: 'then' })).toEqual({
      ...started,
      version: 2,
      lastModified: 'then',
    });
  });

  it('refuses content of another shape strictly, with NO_CONTENT', () => {
    const broken = { ...tool.defaultContent(ctx), usedIndices: [0.5] };
    expect(() => tool.parse(broken)).toThrow(RandomizerError);
    expect(() => tool.parse(broken)).toThrow('No content loaded');
  });

  it('fills defaults when parsing leniently', () => {
    expect(tool.parse({ options: ['Ann', 7], usedIndices: 'none' }, { lenient: true })).toEqual({
      id: '',
      version: 1,
      lastModified: '',
      createdAt: '',
      options: ['Ann', '7'],
      repetitionMode: 'no-repeat',
      selectedIndex: null,
      usedIndices: [],
      animation: { startIndex: 0, steps: [], state: 'idle', currentStepIndex: 0, runId: null },
      ui: { isEditing: false, optionsText: 'Ann\n7' },
    });
  });

  it('refuses an operation of another tool or one it does not have', () => {
    const content = tool.defaultContent(ctx);
    expect(() =>
      tool.apply(content, { v: 1, tool: 'poker', name: 'resetUsed', args: {}, ...stamp }),
    ).toThrow(OperationFormatError);
    expect(() =>
      tool.apply(content, { v: 1, tool: 'randomizer', name: 'reveal', args: {}, ...stamp }),
    ).toThrow(OperationFormatError);
  });

  it('throws the rule error of an operation a rule refuses', () => {
    const allUsed = { ...tool.defaultContent(ctx), usedIndices: [0, 1, 2] };
    expect(() =>
      tool.apply(allUsed, tool.createOperation({ type: 'start', seed: 1 }, stamp)),
    ).toThrow('No available options to select from');
  });
});
