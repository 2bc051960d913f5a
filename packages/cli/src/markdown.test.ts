/**
 * The board Markdown of `cipherspace export`, on boards built with `@cipherspace/tools` (default
 * content plus serialised operations), and on older or foreign shapes read leniently.
 */
import { tools } from '@cipherspace/tools';
import type { TicketContent } from '@cipherspace/tools/tracker';
import { describe, expect, it } from 'vitest';

import { escapeInline, parseBoard, renderBoardMarkdown } from './markdown.ts';
import { buildContent, phaseId } from './test-content.ts';

/** Issue Management: Backlog (2 issues, one with every field), Review (limit 3), Done. */
function releaseBoard(): TicketContent {
  const board = buildContent(tools['ticket-system'], [
    (c) => ({ type: 'deletePhase', phaseId: phaseId(c, 'To Do') }),
    (c) => ({ type: 'deletePhase', phaseId: phaseId(c, 'In Progress') }),
    (c) => ({
      type: 'updatePhase',
      phaseId: phaseId(c, 'Backlog'),
      changes: { description: 'Everything not started' },
    }),
    (c) => ({ type: 'updatePhase', phaseId: phaseId(c, 'Review'), changes: { maxIssues: 3 } }),
    { type: 'addTeamMember', name: 'alice' },
    { type: 'addTeamMember', name: 'bob' },
    // Operations 7 and 8 add the issues 'ticket-system-op-7' (Second) and '…-op-8' (First).
    (c) => ({
      type: 'addIssue',
      phaseId: phaseId(c, 'Backlog'),
      issue: { title: 'Second' },
      createdBy: 'alice',
    }),
    (c) => ({
      type: 'addIssue',
      phaseId: phaseId(c, 'Backlog'),
      issue: {
        title: 'First',
        type: 'Bug',
        priority: 'High',
        estimation: 'XL',
        assignedPerson: 'bob',
        tags: ['api'],
        description: 'line one\n\nline two',
      },
      createdBy: 'alice',
    }),
    (c) => ({
      type: 'moveIssue',
      issueId: 'ticket-system-op-8',
      toPhaseId: phaseId(c, 'Backlog'),
      toIndex: 0,
    }),
    { type: 'addComment', issueId: 'ticket-system-op-8', content: 'done?', createdBy: 'bob' },
  ]);
  return { ...board, title: 'Release 2' };
}

const RELEASE_MARKDOWN = [
  '# Release 2',
  '',
  'Issue Management · 3 phases · 2 issues',
  '',
  'Team: alice, bob',
  '',
  '## Backlog',
  '',
  'Everything not started',
  '',
  '- **First**',
  '  - Type: Bug',
  '  - Priority: High',
  '  - Estimation: XL',
  '  - Assigned to: bob',
  '  - Tags: api',
  '  - Created: 2025-01-02T09:08:00.000Z by alice',
  '  - Description:',
  '    line one\\',
  '    line two',
  '  - Comments:',
  '    - bob, 2025-01-02T09:10:00.000Z: done?',
  '- **Second**',
  '  - Type: Task',
  '  - Created: 2025-01-02T09:07:00.000Z by alice',
  '',
  '## Review (0/3)',
  '',
  '_No issues._',
  '',
  '## Done (end phase)',
  '',
  '_No issues._',
  '',
].join('\n');

describe('renderBoardMarkdown', () => {
  it('renders phases in order as headings and issues in order as list items with their fields', () => {
    const board = releaseBoard();
    expect(tools['ticket-system'].validate(board)).toEqual([]);
    expect(renderBoardMarkdown('ticket-system', board)).toBe(RELEASE_MARKDOWN);
  });

  it('follows `order`, not the order of the arrays', () => {
    const board = releaseBoard();
    const shuffled: TicketContent = {
      ...board,
      phases: board.phases.toReversed().map((phase) => ({
        ...phase,
        issues: phase.issues.toReversed(),
      })),
    };
    expect(shuffled.phases[0]?.name).toBe('Done');
    expect(shuffled.phases[2]?.issues[0]?.title).toBe('Second');
    expect(renderBoardMarkdown('ticket-system', shuffled)).toBe(RELEASE_MARKDOWN);
  });

  it('keeps user text literal: no links, HTML, emphasis or block syntax can be injected', () => {
    const board = buildContent(tools.kanban, [
      (c) => ({
        type: 'updatePhase',
        phaseId: phaseId(c, 'Backlog'),
        changes: { name: '# Phase *one*', description: '> quote\n- item\n1. first\n===' },
      }),
      (c) => ({
        type: 'addIssue',
        phaseId: phaseId(c, '# Phase *one*'),
        issue: { title: '[click](javascript:alert(1)) ![img](x) `code` &amp; ~~x~~ | a |' },
        createdBy: 'alice',
      }),
    ]);
    const markdown =
      renderBoardMarkdown('kanban', { ...board, title: '<script>alert(1)</script>' }) ?? '';
    expect(markdown).toContain('# \\<script\\>alert(1)\\</script\\>\n');
    expect(markdown).toContain('## \\# Phase \\*one\\*\n');
    expect(markdown).toContain('\\> quote\\\n\\- item\\\n1\\. first\\\n\\===\n');
    expect(markdown).toContain(
      '- **\\[click\\](javascript:alert(1)) \\!\\[img\\](x) \\`code\\` \\&amp; \\~\\~x\\~\\~ \\| a \\|**',
    );
  });

  it('falls back to the tool name for a blank title', () => {
    const board = buildContent(tools.kanban, []);
    const markdown = renderBoardMarkdown('kanban', { ...board, title: '  ' }) ?? '';
    expect(markdown.startsWith('# Kanban Board\n\nKanban Board · 5 phases · 0 issues\n')).toBe(
      true,
    );
  });

  it('is lenient about older shapes: missing or mistyped fields get their defaults', () => {
    const markdown = renderBoardMarkdown('kanban', {
      phases: [{ name: 'Only', issues: [{ title: 'Bare', tags: 'not-a-list', estimation: 5 }] }],
    });
    expect(markdown).toContain('# Kanban Board\n');
    expect(markdown).toContain('## Only\n');
    expect(markdown).toMatch(/^- \*\*Bare\*\*\n(?: {2}- .*\n)*? {2}- Estimation: 5\n/m);
    expect(markdown).not.toContain('Tags:');
  });

  it('returns null for content that is not a board, and for tools that are not boards', () => {
    expect(renderBoardMarkdown('kanban', { options: ['a'] })).toBeNull();
    expect(renderBoardMarkdown('kanban', null)).toBeNull();
    expect(renderBoardMarkdown('kanban', 'phases')).toBeNull();
    const bulletin = tools.bulletin.defaultContent({
      now: () => '2025-01-01T00:00:00.000Z',
      newId: () => 'x',
    });
    expect(renderBoardMarkdown('kanban', bulletin)).toBeNull();
    expect(renderBoardMarkdown('bulletin', buildContent(tools.kanban, []))).toBeNull();
  });
});

describe('parseBoard', () => {
  it("reads a board with the registry's lenient parse", () => {
    const board = buildContent(tools.kanban, []);
    expect(parseBoard('kanban', JSON.parse(JSON.stringify(board)))).toEqual(board);
    expect(parseBoard('kanban', [])).toBeNull();
    expect(parseBoard('randomizer', board)).toBeNull();
  });
});

describe('escapeInline', () => {
  it('turns line breaks into spaces and escapes Markdown punctuation', () => {
    expect(escapeInline('a\n  b\r\nc')).toBe('a b c');
    expect(escapeInline('v1.2 e-mail (ok) #7')).toBe('v1.2 e-mail (ok) #7');
    expect(escapeInline('*_`\\')).toBe('\\*\\_\\`\\\\');
  });
});
