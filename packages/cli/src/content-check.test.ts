/**
 * How the CLI checks decrypted content with `@cipherspace/tools` (lenient for export and backup,
 * strict plus spec §5 validation for restore), and the restore's refusal message.
 */
import { tools } from '@cipherspace/tools';
import type { KanbanContent } from '@cipherspace/tools/tracker';
import { describe, expect, it } from 'vitest';
import { checkToolContent, describeProblems, MAX_ISSUES_NAMED } from './content-check.ts';
import { EXIT } from './errors.ts';
import { assertRestorable } from './restore.ts';
import { buildContent, phaseId } from './test-content.ts';
import { validateContent } from './validate.ts';

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
    const ok = { status: 'ok', displayName: 'Kanban Board', content };
    expect(checkToolContent('kanban', json, 'strict')).toEqual(ok);
    expect(checkToolContent('kanban', json, 'lenient')).toEqual(ok);
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
      displayName: 'Kanban Board',
      parseError: null,
      problems: [
        { text: 'Title is required', path: null },
        { text: 'Phase 2: Name is required', path: null },
      ],
    });
  });

  it('strict: a shape error keeps the parse error and names the place and field as validate does', () => {
    const check = checkToolContent('kanban', mistypedBoard(), 'strict');
    if (check.status !== 'invalid') throw new Error(`expected invalid, got ${check.status}`);
    expect(check.parseError).toBeInstanceOf(Error);
    expect(check.problems).toEqual([
      { text: 'Column 1, Card 2: title must be text', path: ['phases', 0, 'issues', 1, 'title'] },
    ]);
    expect(describeProblems('kanban', check)).toBe(
      'kanban: not Kanban Board content (Column 1, Card 2: title must be text)',
    );
  });

  it('lenient: reads an older shape, refuses only what is not the content at all', () => {
    expect(checkToolContent('kanban', mistypedBoard(), 'lenient').status).toBe('ok');
    expect(checkToolContent('kanban', { ...board(), title: '' }, 'lenient').status).toBe('ok');
    const check = checkToolContent('bulletin', [1, 2], 'lenient');
    if (check.status !== 'invalid') throw new Error(`expected invalid, got ${check.status}`);
    expect(describeProblems('bulletin', check)).toBe(
      'bulletin: not Pinboard content (The content must be an object)',
    );
  });
});

describe('describeProblems', () => {
  it('names at most the first few schema problems and counts the rest', () => {
    const value = JSON.parse(JSON.stringify(board())) as { phases: Record<string, unknown>[] };
    for (const phase of value.phases) phase.name = 7;
    const check = checkToolContent('kanban', value, 'strict');
    if (check.status !== 'invalid') throw new Error(`expected invalid, got ${check.status}`);
    const rest = check.problems.length - MAX_ISSUES_NAMED;
    expect(rest).toBeGreaterThan(0);
    expect(describeProblems('kanban', check)).toBe(
      'kanban: not Kanban Board content (Column 1: name must be text; Column 2: name must be ' +
        `text; Column 3: name must be text; and ${String(rest)} more)`,
    );
  });

  it('puts a tool and the spec §5 rules it breaks on one line', () => {
    const check = checkToolContent('kanban', { ...board(), title: '' }, 'strict');
    if (check.status !== 'invalid') throw new Error(`expected invalid, got ${check.status}`);
    expect(describeProblems('kanban', check)).toBe('kanban: Title is required');
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

  it('words a shape error as `validate` does: the same check, the same words', () => {
    const value = mistypedBoard();
    const [problem] = validateContent('kanban', value).problems;
    expect(problem).toEqual({
      text: 'Column 1, Card 2: title must be text',
      path: '$.phases[0].issues[1].title',
    });
    expect(() => assertRestorable(new Map([['kanban', value]]), 'Target')).toThrow(
      `Backup not restored: kanban: not Kanban Board content (${problem?.text ?? ''})`,
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
    expect(lines[1]).toBe(
      '  kanban: not Kanban Board content (Column 1, Card 2: title must be text)',
    );
    expect(lines[2]).toBe(
      '  randomizer: not Daily Randomizer content (The content must be an object)',
    );
    expect(lines).toHaveLength(3);
  });
});
