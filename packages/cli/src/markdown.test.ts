import { describe, expect, it } from 'vitest';

import { escapeInline, renderBoardMarkdown } from './markdown.ts';

const issue = (title: string, order: number, extra: Record<string, unknown> = {}) => ({
  id: title,
  title,
  description: '',
  type: 'Task',
  priority: 'none',
  estimation: '',
  assignedPerson: '',
  comments: [],
  createdAt: '2025-01-02T09:00:00.000Z',
  createdBy: 'alice',
  order,
  tags: [],
  ...extra,
});

describe('renderBoardMarkdown', () => {
  it('renders phases in order as headings and issues in order as list items with their fields', () => {
    const markdown = renderBoardMarkdown('ticket-system', {
      title: 'Release 2',
      toolType: 'ticket',
      teamMembers: ['alice', 'bob'],
      phases: [
        { id: 'b', name: 'Review', order: 1, issues: [], maxIssues: 3 },
        {
          id: 'a',
          name: 'Backlog',
          order: 0,
          description: 'Everything not started',
          issues: [
            issue('Second', 1),
            issue('First', 0, {
              type: 'Bug',
              priority: 'High',
              estimation: 'XL',
              assignedPerson: 'bob',
              tags: ['api'],
              description: 'line one\n\nline two',
              comments: [
                {
                  id: 'c',
                  content: 'done?',
                  createdAt: '2025-01-03T00:00:00.000Z',
                  createdBy: 'bob',
                },
              ],
            }),
          ],
        },
        { id: 'c', name: 'Done', order: 2, isEndPhase: true, issues: [] },
      ],
    });
    expect(markdown).toBe(
      [
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
        '  - Created: 2025-01-02T09:00:00.000Z by alice',
        '  - Description:',
        '    line one\\',
        '    line two',
        '  - Comments:',
        '    - bob, 2025-01-03T00:00:00.000Z: done?',
        '- **Second**',
        '  - Type: Task',
        '  - Created: 2025-01-02T09:00:00.000Z by alice',
        '',
        '## Review (0/3)',
        '',
        '_No issues._',
        '',
        '## Done (end phase)',
        '',
        '_No issues._',
        '',
      ].join('\n'),
    );
  });

  it('keeps user text literal: no links, HTML, emphasis or block syntax can be injected', () => {
    const markdown =
      renderBoardMarkdown('kanban', {
        title: '<script>alert(1)</script>',
        phases: [
          {
            name: '# Phase *one*',
            order: 0,
            description: '> quote\n- item\n1. first\n===',
            issues: [issue('[click](javascript:alert(1)) ![img](x) `code` &amp; ~~x~~ | a |', 0)],
          },
        ],
      }) ?? '';
    expect(markdown).toContain('# \\<script\\>alert(1)\\</script\\>\n');
    expect(markdown).toContain('## \\# Phase \\*one\\*\n');
    expect(markdown).toContain('\\> quote\\\n\\- item\\\n1\\. first\\\n\\===\n');
    expect(markdown).toContain(
      '- **\\[click\\](javascript:alert(1)) \\!\\[img\\](x) \\`code\\` \\&amp; \\~\\~x\\~\\~ \\| a \\|**',
    );
  });

  it('is lenient about fields it does not know and falls back to the tool name for a missing title', () => {
    const markdown = renderBoardMarkdown('kanban', {
      phases: [{ name: 'Only', issues: [{ title: 'Bare', tags: 'not-a-list', estimation: 5 }] }],
    });
    expect(markdown).toContain('# Kanban Board\n');
    expect(markdown).toContain('- **Bare**\n  - Estimation: 5\n');
  });

  it('returns null for content that is not a board', () => {
    expect(renderBoardMarkdown('kanban', { options: ['a'] })).toBeNull();
    expect(renderBoardMarkdown('kanban', null)).toBeNull();
    expect(renderBoardMarkdown('kanban', { phases: [{ name: 'x' }] })).toBeNull();
  });
});

describe('escapeInline', () => {
  it('turns line breaks into spaces and escapes Markdown punctuation', () => {
    expect(escapeInline('a\n  b\r\nc')).toBe('a b c');
    expect(escapeInline('v1.2 e-mail (ok) #7')).toBe('v1.2 e-mail (ok) #7');
    expect(escapeInline('*_`\\')).toBe('\\*\\_\\`\\\\');
  });
});
