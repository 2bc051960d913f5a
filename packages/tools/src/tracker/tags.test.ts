/** The one tag rule (./tags.ts), alone and as every way of setting tags applies it. */
import { describe, expect, it } from 'vitest';

import { parseOperation, tools } from '../registry.ts';
import type { ToolDefinition } from '../tool.ts';
import { applyImportPlan } from './exchange/apply.ts';
import { parseJiraCsv } from './exchange/jira.ts';
import { parseTrelloBoard } from './exchange/trello.ts';
import type { ExchangeContent } from './exchange/types.ts';
import { findIssue, setTagColor, tagColorOf, type TrackerOperation } from './operations.ts';
import { cleanTags, sameTag, tagColorKey } from './tags.ts';
import type { TrackerContent } from './types.ts';

describe('cleanTags', () => {
  it('trims, drops blanks, and keeps the first spelling of tags equal ignoring case', () => {
    expect(cleanTags([' UI ', 'ui', '', '  ', 'Api', 'API', 'ui '])).toEqual(['UI', 'Api']);
  });

  it('keeps different tags in their order and spelling', () => {
    expect(cleanTags(['b', 'A', 'c-1', 'c 1'])).toEqual(['b', 'A', 'c-1', 'c 1']);
  });

  it('compares as the colour key does, so tags sharing a colour are one tag', () => {
    expect(cleanTags(['Straße', 'STRASSE', 'straße'])).toEqual(['Straße', 'STRASSE']);
    expect(tagColorKey(' Straße ')).toBe('straße');
    expect(sameTag(' UI', 'ui ')).toBe(true);
    expect(sameTag('UI', 'U I')).toBe(false);
  });

  it('never changes its input', () => {
    const tags = [' a ', 'A'];
    cleanTags(tags);
    expect(tags).toEqual([' a ', 'A']);
  });
});

const AT = '2024-02-02T10:00:00.000Z';

// As a client that is not the app (the CLI, REST, tRPC, the Python example) sends it.
function received(tool: string, name: string, id: string, args: Record<string, unknown>) {
  return parseOperation({ v: 1, tool, name, args, id, at: AT, by: 'ann' });
}

describe.each(['kanban', 'ticket-system'] as const)('a %s client sending repeated tags', (name) => {
  // Both entries read and write tracker content; one type for the two.
  const tool: ToolDefinition<TrackerContent, TrackerOperation> = tools[name];
  let id = 0;
  const empty = tool.defaultContent({ newId: () => `d-${++id}`, now: () => AT });
  const todo = empty.phases[1]?.id ?? '';

  it('gets a board whose issue holds each tag once, in the first spelling', () => {
    const added = tool.apply(
      empty,
      received(name, 'addIssue', 'op-1', {
        phaseId: todo,
        issue: { title: 'Login', tags: ['UI', 'ui', ' Ui ', 'api'] },
        createdBy: 'ann',
      }),
    );
    expect(findIssue(added, 'op-1')?.issue.tags).toEqual(['UI', 'api']);
    const updated = tool.apply(
      added,
      received(name, 'updateIssue', 'op-2', {
        issueId: 'op-1',
        changes: { tags: ['API ', 'Api', 'ui', 'UI'] },
      }),
    );
    expect(findIssue(updated, 'op-1')?.issue.tags).toEqual(['API', 'ui']);
  });

  it('gives every spelling of a tag the one colour set for it', () => {
    const colored = setTagColor(empty, { tag: ' UI ', color: '#FF0000' });
    expect(colored.tagColors).toEqual({ ui: '#ff0000' });
    expect(tagColorOf(colored, 'ui')).toBe('#ff0000');
    expect(tagColorOf(colored, 'Ui')).toBe('#ff0000');
  });
});

describe('imports', () => {
  let id = 0;
  const ctx = { newId: () => `i-${++id}`, now: () => AT };
  const board: TrackerContent = tools.kanban.defaultContent(ctx);

  it('make Jira labels equal ignoring case one tag', () => {
    const plan = parseJiraCsv('Summary,Status,Labels,Labels,Labels\nA,Open,UI,ui,Api\n');
    expect(plan.phases[0]?.issues[0]?.tags).toEqual(['UI', 'Api']);
  });

  it('make Trello labels equal ignoring case one tag with one colour the board reads', () => {
    const plan = parseTrelloBoard({
      labels: [
        { id: 'l1', name: 'UI', color: 'green' },
        { id: 'l2', name: 'ui', color: 'red' },
        { id: 'l3', name: '', color: 'blue' },
      ],
      lists: [{ id: 'list', name: 'To Do', pos: 1 }],
      cards: [{ id: 'c1', name: 'Card', idList: 'list', pos: 1, idLabels: ['l2', 'l1', 'l3'] }],
    });
    expect(plan.phases[0]?.issues[0]?.tags).toEqual(['ui', 'blue']);
    expect(Object.keys(plan.tagColors)).toEqual(['ui', 'blue']);
    const imported = applyImportPlan(board, plan, ctx, { by: 'ann' });
    // Label l1 comes first among the labels, so its colour is the tag's.
    expect(tagColorOf(imported, 'UI')).toBe(plan.tagColors.ui);
    expect(tagColorOf(imported, 'Blue')).toBe(plan.tagColors.blue);
  });

  it('key the colours of any plan as the board does, keeping the board its own', () => {
    const start: ExchangeContent = { ...board, tagColors: { ui: '#000000' } };
    const imported: ExchangeContent = applyImportPlan(
      start,
      {
        phases: [
          {
            name: 'To Do',
            issues: [
              {
                title: 'A',
                description: '',
                type: 'Task',
                priority: 'none',
                estimation: '',
                assignedPerson: '',
                tags: ['Api', 'API', ' UI'],
                comments: [],
              },
            ],
          },
        ],
        tagColors: { ' UI ': '#ffffff', Api: '#00ff00', api: '#0000ff', ' ': '#111111' },
        skipped: [],
      },
      ctx,
      { by: 'ann' },
    );
    expect(imported.tagColors).toEqual({ ui: '#000000', api: '#00ff00' });
    const tags = imported.phases.flatMap((phase) => phase.issues).map((issue) => issue.tags);
    expect(tags).toEqual([['Api', 'UI']]);
  });
});
