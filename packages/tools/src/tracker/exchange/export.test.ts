/** CSV and JSON export of a board and the JSON's import (./export.ts). */
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';

import { operationContext } from '../../operation.ts';
import { stampOf } from '../../testing.ts';
import { defaultContent } from '../defaults.ts';
import { issueTitled, sampleBoard } from '../test-board.ts';
import type { TrackerContent } from '../types.ts';
import { applyImportPlan } from './apply.ts';
import {
  csvColumns,
  exportCsv,
  exportJson,
  parseCipherspaceJson,
  planFromContent,
} from './export.ts';
import { ImportFormatError, type ExchangeContent, type ExchangeIssue } from './types.ts';

/** The sample board with a checklist, due date and archived flag on C and a formula-like title. */
function richBoard(): TrackerContent {
  const board = sampleBoard('kanban');
  const rich: ExchangeContent = {
    ...board,
    tagColors: { x: '#ff0000' },
    phases: board.phases.map((phase) => ({
      ...phase,
      issues: phase.issues.map((plain): ExchangeIssue => {
        if (plain.title === 'C')
          return {
            ...plain,
            description: 'two\nlines, "quoted"',
            tags: ['x', 'y'],
            dueDate: '2024-05-01',
            archived: true,
            checklist: [
              { id: 'k1', text: 'a', done: true },
              { id: 'k2', text: 'b', done: false },
            ],
          };
        if (plain.title === 'D') return { ...plain, title: '=HYPERLINK("x")' };
        return plain;
      }),
    })),
  };
  return rich;
}

describe('exportCsv', () => {
  const board = richBoard();
  const rows = Papa.parse<string[]>(exportCsv(board), { skipEmptyLines: true }).data;

  it('has the header and one row per issue in board order', () => {
    expect(rows[0]).toEqual(csvColumns('kanban'));
    expect(rows.slice(1).map((row) => row[2])).toEqual(['A', 'B', 'C', '\'=HYPERLINK("x")']);
  });

  it('names where an item stands as its tool does: Column on Kanban, Phase in Issue Management', () => {
    const header = (csv: string) => Papa.parse<string[]>(csv, { preview: 1 }).data[0];
    const kanban = header(exportCsv(board));
    expect(kanban?.[4]).toBe('Column');
    expect(kanban).not.toContain('Phase');
    const ticket = header(exportCsv(sampleBoard('ticket-system')));
    expect(ticket).toEqual([
      'ID',
      'Number',
      'Title',
      'Description',
      'Phase',
      'Type',
      'Priority',
      'Estimation',
      'Assignee',
      'Tags',
      'Due date',
      'Checklist',
      'Created',
      'Created by',
      'Archived',
    ]);
  });

  it('writes every column of an issue, quoting what needs it', () => {
    const c = issueTitled(board, 'C');
    const row = rows.find((cells) => cells[2] === 'C');
    expect(row).toEqual([
      c.id,
      String(c.number),
      'C',
      'two\nlines, "quoted"',
      'In Progress',
      'Task',
      'none',
      '5',
      '',
      'x;y',
      '2024-05-01',
      '1/2',
      c.createdAt,
      'ann',
      'true',
    ]);
    const a: ExchangeIssue = issueTitled(board, 'A');
    const checklist = a.checklist ?? [];
    expect(rows.find((cells) => cells[2] === 'A')?.slice(9)).toEqual([
      '',
      '',
      checklist.length === 0
        ? ''
        : `${checklist.filter((item) => item.done).length}/${checklist.length}`,
      a.createdAt,
      'ann',
      'false',
    ]);
  });
});

describe('exportJson and parseCipherspaceJson', () => {
  it('writes the decrypted content, pretty-printed', () => {
    const board = richBoard();
    const text = exportJson(board);
    expect(JSON.parse(text)).toEqual(board);
    expect(text).toContain('\n  "phases": [');
  });

  it('re-imports into a fresh board giving the same cards in the same phases', () => {
    const board = richBoard();
    const fresh = defaultContent('kanban', operationContext(stampOf(0)));
    const result = applyImportPlan(
      fresh,
      parseCipherspaceJson(JSON.parse(exportJson(board))),
      operationContext(stampOf(60)),
      {
        by: 'zed',
      },
    );
    const cards = (content: TrackerContent) =>
      content.phases.map((phase) => [
        phase.name,
        phase.issues.map(({ id: _id, order: _order, number: _number, comments, ...rest }) => ({
          ...rest,
          checklist: (rest as ExchangeIssue).checklist?.map(({ text, done }) => ({ text, done })),
          comments: comments.map(({ id: _cid, ...comment }) => comment),
        })),
      ]);
    expect(cards(result)).toEqual(cards(board));
    expect(result.teamMembers).toEqual(board.teamMembers);
    expect((result as { tagColors?: unknown }).tagColors).toEqual({ x: '#ff0000' });
  });

  it('reads an Issue Management export and older shapes leniently', () => {
    const ticket = sampleBoard('ticket-system');
    expect(parseCipherspaceJson(JSON.parse(exportJson(ticket))).phases.map((p) => p.name)).toEqual(
      planFromContent(ticket).phases.map((p) => p.name),
    );
    const old = parseCipherspaceJson({
      phases: [{ name: 'Only', issues: [{ title: 'T', estimation: 5 }] }],
    });
    expect(old.phases[0]?.issues[0]).toMatchObject({ title: 'T', estimation: '5', type: 'Task' });
  });

  it.each([null, [], { lists: [], cards: [] }, { phases: 'no' }, { toolType: 'kanban' }])(
    'refuses %j as not a Cipherspace export',
    (value) => {
      expect(() => parseCipherspaceJson(value)).toThrow(ImportFormatError);
      expect(() => parseCipherspaceJson(value)).toThrow(
        expect.objectContaining({ code: 'NOT_CIPHERSPACE_JSON' }),
      );
    },
  );
});
