/**
 * How the CLI checks decrypted content with `@cipherspace/tools` (lenient for export and backup,
 * strict plus spec §5 validation for restore), and the restore's refusal message.
 */
import { tools } from '@cipherspace/tools';
import type { KanbanContent } from '@cipherspace/tools/tracker';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

import { checkToolContent, describeProblems, describeZodIssues } from './content-check.ts';
import { EXIT } from './errors.ts';
import { assertRestorable } from './restore.ts';
import { buildContent, phaseId } from './test-content.ts';

/** A Kanban board with two issues in Backlog (phases.0.issues.0 and .1). */
function board(): KanbanContent {
  return buildContent(tools.kanban, [
    (c) => ({
      type: 'addIssue',
      phaseId: phaseId(c, 'Backlog'),
      issue: { title: 'One' },
      createdBy: 'alice',
    }),
    (c) => ({
      type: 'addIssue',
      phaseId: phaseId(c, 'Backlog'),
      issue: { title: 'Two' },
      createdBy: 'alice',
    }),
  ]);
}

/** `board()` with the second issue's title a number: a shape error, not a §5 rule. */
function mistypedBoard(): unknown {
  const value = JSON.parse(JSON.stringify(board())) as {
    phases: { issues: Record<string, unknown>[] }[];
  };
  const issue = value.phases[0]?.issues[1];
  if (!issue) throw new Error('test board changed');
  issue.title = 42;
  return value;
}

describe('checkToolContent', () => {
  it('accepts content the app makes, in both modes, and returns it as parsed', () => {
    const content = board();
    const json: unknown = JSON.parse(JSON.stringify(content));
    expect(checkToolContent('kanban', json, 'strict')).toEqual({ status: 'ok', content });
    expect(checkToolContent('kanban', json, 'lenient')).toEqual({ status: 'ok', content });
  });

  it('does not check a tool the registry does not know', () => {
    expect(checkToolContent('whiteboard', null, 'strict')).toEqual({ status: 'unknown' });
    expect(checkToolContent('whiteboard', null, 'lenient')).toEqual({ status: 'unknown' });
  });

  it('strict: names the spec §5 rules the content breaks', () => {
    const content = board();
    const broken: KanbanContent = {
      ...content,
      title: ' ',
      phases: content.phases.map((phase, index) => (index === 1 ? { ...phase, name: '' } : phase)),
    };
    expect(checkToolContent('kanban', broken, 'strict')).toEqual({
      status: 'invalid',
      problems: ['Title is required', 'Phase 2: Name is required'],
    });
  });

  it('strict: a shape error names the tool and the offending field', () => {
    const check = checkToolContent('kanban', mistypedBoard(), 'strict');
    expect(check.status).toBe('invalid');
    const problems = check.status === 'invalid' ? check.problems : [];
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^not Kanban Board content \(phases\.0\.issues\.1\.title: .+\)$/);
  });

  it('lenient: reads an older shape, refuses only what is not the content at all', () => {
    expect(checkToolContent('kanban', mistypedBoard(), 'lenient').status).toBe('ok');
    expect(checkToolContent('kanban', { ...board(), title: '' }, 'lenient').status).toBe('ok');
    const check = checkToolContent('bulletin', [1, 2], 'lenient');
    expect(check.status).toBe('invalid');
    expect(check.status === 'invalid' && check.problems[0]).toMatch(
      /^not Pinboard content \(.+\)$/,
    );
  });
});

describe('describeZodIssues / describeProblems', () => {
  it('names at most three fields by dotted path and counts the rest', () => {
    const schema = z.object({ a: z.string(), b: z.array(z.number()), c: z.boolean() });
    const failed = schema.safeParse({ a: 1, b: ['x', 'y'], c: 'no' });
    expect(failed.success).toBe(false);
    const text = failed.success ? '' : describeZodIssues(failed.error);
    expect(text).toMatch(/^a: [^;]+; b\.0: [^;]+; b\.1: [^;]+; and 1 more$/);
    const root = z.string().safeParse(5);
    expect(root.success ? '' : describeZodIssues(root.error)).toBe(
      'Invalid input: expected string, received number',
    );
  });

  it('puts a tool and its problems on one line', () => {
    expect(describeProblems('kanban', ['Title is required', 'Phase 1: Name is required'])).toBe(
      'kanban: Title is required; Phase 1: Name is required',
    );
  });
});

describe('assertRestorable', () => {
  it('passes valid content and tools it does not know', () => {
    const plaintexts = new Map<string, unknown>([
      ['kanban', board()],
      ['whiteboard', { anything: true }],
    ]);
    expect(() => assertRestorable(plaintexts, 'Target')).not.toThrow();
  });

  it('refuses with exit 2, naming the tool and the rule, and says nothing was written', () => {
    const plaintexts = new Map<string, unknown>([['kanban', { ...board(), title: '' }]]);
    expect(() => assertRestorable(plaintexts, 'Target')).toThrow(
      expect.objectContaining({
        exitCode: EXIT.usage,
        message: 'Backup not restored: kanban: Title is required',
        hint: expect.stringContaining('Nothing was written to "Target".') as unknown,
      }),
    );
  });

  it('lists every failing tool on its own line', () => {
    const plaintexts = new Map<string, unknown>([
      ['kanban', mistypedBoard()],
      ['ticket-system', buildContent(tools['ticket-system'], [])],
      ['randomizer', 'not content'],
    ]);
    let message = '';
    try {
      assertRestorable(plaintexts, 'Target');
    } catch (error) {
      message = (error as Error).message;
    }
    const lines = message.split('\n');
    expect(lines[0]).toBe('Backup not restored:');
    expect(lines[1]).toMatch(
      /^ {2}kanban: not Kanban Board content \(phases\.0\.issues\.1\.title: /,
    );
    expect(lines[2]).toMatch(/^ {2}randomizer: not Daily Randomizer content \(.+\)$/);
    expect(lines).toHaveLength(3);
  });
});
