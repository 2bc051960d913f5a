/**
 * Content that is not a tool's content, described in the user's words: where (the spec §2 word
 * of each tool and the entity's title) and what is wrong, as message keys and in English.
 */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';

import {
  CONTENT_PROBLEM_EN,
  contentProblemMessages,
  contentSchemaError,
  describeContentProblem,
  describeContentProblems,
  formatContentProblem,
  type ContentProblemKey,
} from './content-problem.ts';
import type { ToolName } from './metadata.ts';
import { tools } from './registry.ts';
import { testContext } from './testing.ts';

type Json = Record<string, unknown>;

/** The tool's default content as JSON (what a client would decrypt), to be broken by `edit`. */
function broken(
  tool: ToolName,
  edit: (content: Json) => void,
): { content: Json; error: z.ZodError } {
  const definition = tools[tool];
  const content = JSON.parse(JSON.stringify(definition.defaultContent(testContext()))) as Json;
  edit(content);
  let caught: unknown = null;
  try {
    definition.parse(content);
  } catch (error) {
    caught = error;
  }
  const error = contentSchemaError(caught);
  if (error === null) throw new Error('the edit left valid content');
  return { content, error };
}

const phases = (content: Json) => content.phases as Json[];
const issuesOf = (phase: Json | undefined) => (phase?.issues ?? []) as Json[];

/** A card in Kanban's first column, with `fields` over a valid one. */
function withCard(content: Json, fields: Json) {
  issuesOf(phases(content)[0]).push({
    id: 'card-1',
    title: 'Login bug',
    description: '',
    type: 'Bug',
    priority: 'none',
    estimation: '',
    assignedPerson: '',
    comments: [],
    createdAt: '2024-01-01T00:00:00.000Z',
    createdBy: 'ann',
    order: 0,
    tags: [],
    ...fields,
  });
}

// A fake German translator with the same keys: proves every key a problem uses is a key of the
// English texts, and that the line is assembled from translated parts only.
const GERMAN: Partial<Record<ContentProblemKey, string>> = {
  content_problem_at: '{where}: {problem}',
  content_problem_place_column: 'Spalte {n}',
  content_problem_place_phase: 'Phase {n}',
  content_problem_place_card_titled: 'Karte „{title}“',
  content_problem_type: '{subject} muss {expected} sein',
  content_problem_expected_number: 'eine Zahl',
  content_problem_required: '{subject} fehlt',
};
function german(key: ContentProblemKey, params: Record<string, string>): string {
  const template = GERMAN[key];
  if (template === undefined) throw new Error(`no German text for ${key}`);
  expect(CONTENT_PROBLEM_EN).toHaveProperty(key);
  return template.replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? `{${name}}`);
}

describe('describeContentProblem', () => {
  it('names the Kanban column by position and the field when maxIssues is null', () => {
    const { content, error } = broken('kanban', (c) => {
      (phases(c)[1] as Json).maxIssues = null;
    });
    const problem = describeContentProblem('kanban', error, content);
    expect(problem).toEqual({
      path: ['phases', 1, 'maxIssues'],
      logPath: 'phases.1.maxIssues',
      where: [{ entity: 'column', n: 2, title: 'To Do' }],
      field: 'maxIssues',
      reason: { kind: 'type', expected: 'number' },
    });
    if (!problem) throw new Error('no problem');
    expect(contentProblemMessages(problem)).toEqual({
      where: [{ key: 'content_problem_place_column', params: { n: '2' } }],
      subject: 'maxIssues',
      reason: {
        key: 'content_problem_type',
        params: { expected: 'content_problem_expected_number' },
      },
    });
    expect(formatContentProblem(problem)).toBe('Column 2: maxIssues must be a number');
    expect(formatContentProblem(problem, german)).toBe('Spalte 2: maxIssues muss eine Zahl sein');
  });

  it('says "Phase" in Issue Management, as its screen does', () => {
    const { content, error } = broken('ticket-system', (c) => {
      (phases(c)[1] as Json).maxIssues = 'five';
    });
    const problem = describeContentProblem('ticket-system', error, content);
    if (!problem) throw new Error('no problem');
    expect(formatContentProblem(problem)).toBe('Phase 2: maxIssues must be a number');
    expect(formatContentProblem(problem, german)).toBe('Phase 2: maxIssues muss eine Zahl sein');
  });

  it('names a card by its title and a missing field as required', () => {
    const { content, error } = broken('kanban', (c) => {
      withCard(c, { createdBy: undefined });
    });
    const problem = describeContentProblem('kanban', error, JSON.parse(JSON.stringify(content)));
    if (!problem) throw new Error('no problem');
    expect(problem.where).toEqual([
      { entity: 'column', n: 1, title: 'Backlog' },
      { entity: 'card', n: 1, title: 'Login bug' },
    ]);
    expect(problem.reason).toEqual({ kind: 'required' });
    expect(formatContentProblem(problem)).toBe("Column 1, Card 'Login bug': createdBy is required");
    expect(formatContentProblem(problem, german)).toBe(
      'Spalte 1, Karte „Login bug“: createdBy fehlt',
    );
  });

  it('lists the allowed values and counts list entries from 1', () => {
    const { content, error } = broken('kanban', (c) => {
      withCard(c, { priority: 'Huge', tags: ['ok', 3] });
    });
    const lines = describeContentProblems('kanban', error, content).map((problem) =>
      formatContentProblem(problem),
    );
    expect(lines).toEqual([
      "Column 1, Card 'Login bug': priority must be one of: none, Low, Medium, High, Critical",
      "Column 1, Card 'Login bug': tags.2 must be text",
    ]);
  });

  it('words a top-level field, a whole entity and the content itself', () => {
    const settings = broken('kanban', (c) => {
      (c.settings as Json).minPhases = 'two';
    });
    expect(
      formatContentProblem(
        describeContentProblem('kanban', settings.error, settings.content) ?? fail(),
      ),
    ).toBe('settings.minPhases must be a number');

    const column = broken('kanban', (c) => {
      phases(c)[2] = 'Done' as unknown as Json;
    });
    const problem = describeContentProblem('kanban', column.error, column.content) ?? fail();
    expect(problem.field).toBeNull();
    expect(formatContentProblem(problem)).toBe('Column 3 must be an object');

    const root = contentSchemaError(catchError(() => tools.kanban.parse([])));
    expect(
      formatContentProblem(describeContentProblem('kanban', root ?? fail(), []) ?? fail()),
    ).toBe('The content must be an object');
  });

  it('uses each tool’s own words: notes, diagrams, options, estimations', () => {
    const note = broken('bulletin', (c) => {
      ((c.posts as Json[])[0] as Json).title = 7;
    });
    expect(
      formatContentProblem(describeContentProblem('bulletin', note.error, note.content) ?? fail()),
    ).toBe('Note 1: title must be text');
    const diagram = broken('diagrams', (c) => {
      ((c.diagrams as Json[])[0] as Json).diagramXml = false;
    });
    expect(
      formatContentProblem(
        describeContentProblem('diagrams', diagram.error, diagram.content) ?? fail(),
      ),
    ).toBe("Diagram 'Default Diagram': diagramXml must be text");
    const option = broken('randomizer', (c) => {
      (c.options as unknown[])[2] = null;
    });
    expect(
      formatContentProblem(
        describeContentProblem('randomizer', option.error, option.content) ?? fail(),
      ),
    ).toBe('Option 3 must be text');
    const vote = broken('poker', (c) => {
      c.estimations = [{ userId: 'u', username: 'ann', value: 5, timestamp: 'x' }];
    });
    expect(
      formatContentProblem(describeContentProblem('poker', vote.error, vote.content) ?? fail()),
    ).toBe('Estimation 1: value must be text');
  });

  it('fills only the parameters the describer gives', () => {
    const known = ['where', 'problem', 'n', 'title', 'subject', 'expected', 'limit', 'values'];
    const used = Object.values(CONTENT_PROBLEM_EN).flatMap((text) =>
      [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]),
    );
    expect(used.filter((name) => !known.includes(name ?? ''))).toEqual([]);
  });

  it('logs no key of a map whose keys are content', () => {
    const { content, error } = broken('kanban', (c) => {
      c.tagColors = { 'secret tag': 5 };
    });
    const problem = describeContentProblem('kanban', error, content) ?? fail();
    expect(problem.path).toEqual(['tagColors', 'secret tag']);
    expect(problem.logPath).toBe('tagColors.*');
  });

  it('finds the ZodError behind a parse error only', () => {
    expect(contentSchemaError(new Error('boom'))).toBeNull();
    expect(contentSchemaError('text')).toBeNull();
  });
});

function catchError(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('did not throw');
}

function fail(): never {
  throw new Error('expected a problem');
}
