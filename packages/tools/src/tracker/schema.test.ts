/**
 * The tracker's content and operation schemas through the Kanban and Issue Management registry
 * entries (spec §3 Shared phase/issue tool content; ParseOptions in ../tool.ts).
 */
import { describe, expect, it } from 'vitest';

import { operationContext } from '../operation.ts';
import { tools } from '../registry.ts';
import {
  expectArgsParsed,
  expectParsedUnchanged,
  expectShapeError,
  operationArgCases,
  withField,
} from '../testing.ts';
import { OperationFormatError, type ToolDefinition } from '../tool.ts';
import { KANBAN_DEFAULT_SETTINGS, TICKET_DEFAULT_SETTINGS } from './defaults.ts';
import { trackerOperations, type TrackerOperation } from './operations.ts';
import { ISSUE_TYPES, TrackerError, type TrackerContent } from './types.ts';

const TRACKER_TOOLS = ['kanban', 'ticket-system'] as const;
type TrackerToolName = (typeof TRACKER_TOOLS)[number];

function trackerTool(name: TrackerToolName): ToolDefinition<TrackerContent, TrackerOperation> {
  return tools[name];
}

const AT = '2024-01-01T00:00:00.000Z';

/** Default content plus one issue (with a comment and a tag) in the second phase. */
function boardOf(name: TrackerToolName): TrackerContent {
  const tool = trackerTool(name);
  const base = tool.defaultContent(operationContext({ id: 'b', at: AT }));
  const phaseId = base.phases[1]?.id ?? '';
  const withIssue = tool.applyWith(
    base,
    {
      type: 'addIssue',
      phaseId,
      issue: { title: 'Fix', estimation: '5', tags: ['ui'] },
      createdBy: 'ann',
    },
    operationContext({ id: 'i', at: AT }),
  );
  const limited = tool.applyWith(
    withIssue,
    { type: 'updatePhase', phaseId, changes: { maxIssues: 4 } },
    operationContext({ id: 'u', at: AT }),
  );
  return tool.applyWith(
    limited,
    { type: 'addComment', issueId: 'i', content: 'hi', createdBy: 'bo' },
    operationContext({ id: 'c', at: AT }),
  );
}

/** A missing field (for {@link withField}: JSON has no undefined). */
const MISSING = undefined;
type Path = readonly (string | number)[];

/** Asserts the strict parse refuses `value` with NO_DATA whose cause names `path`. */
function expectRefused(name: TrackerToolName, value: unknown, path: Path): void {
  expectShapeError(() => trackerTool(name).parse(value), TrackerError, {
    code: 'NO_DATA',
    message: 'No data loaded',
    path,
  });
}

const PHASE: Path = ['phases', 1];
const ISSUE: Path = [...PHASE, 'issues', 0];
const COMMENT: Path = [...ISSUE, 'comments', 0];

/** [field, wrong value] for every field of spec §3 both tools share. */
const WRONG_FIELDS: readonly [Path, unknown][] = [
  [['id'], 5],
  [['title'], null],
  [['title'], MISSING],
  [['version'], '1'],
  [['version'], Number.POSITIVE_INFINITY],
  [['version'], Number.NaN],
  [['lastModified'], 0],
  [['createdAt'], MISSING],
  [['phases'], {}],
  [['phases'], MISSING],
  [['phases', 0], 'Backlog'],
  [['teamMembers'], 'ann'],
  [['teamMembers', 0], 7],
  [['settings'], null],
  [['settings', 'allowPhaseReorder'], 'yes'],
  [['settings', 'minPhases'], '2'],
  [['settings', 'maxPhases'], MISSING],
  [['settings', 'defaultIssueType'], 'Story'],
  [['settings', 'availableIssueTypes'], 'Bug'],
  [['settings', 'availableIssueTypes', 0], 'Story'],
  [['settings', 'cardCompactView'], 0],
  [[...PHASE, 'id'], 1],
  [[...PHASE, 'name'], MISSING],
  [[...PHASE, 'issues'], null],
  [[...PHASE, 'order'], '1'],
  [[...PHASE, 'color'], null],
  [[...PHASE, 'description'], MISSING],
  [[...PHASE, 'maxIssues'], null],
  [[...PHASE, 'maxIssues'], -1],
  [[...PHASE, 'maxIssues'], 1.5],
  [[...PHASE, 'maxIssues'], '4'],
  [[...PHASE, 'isEndPhase'], 'true'],
  [[...ISSUE, 'id'], 7],
  [[...ISSUE, 'title'], MISSING],
  [[...ISSUE, 'description'], null],
  [[...ISSUE, 'type'], 'Story'],
  [[...ISSUE, 'priority'], 'Urgent'],
  [[...ISSUE, 'estimation'], 5],
  [[...ISSUE, 'assignedPerson'], null],
  [[...ISSUE, 'comments'], {}],
  [[...ISSUE, 'createdAt'], MISSING],
  [[...ISSUE, 'createdBy'], 1],
  [[...ISSUE, 'order'], Number.NaN],
  [[...ISSUE, 'tags'], 'ui'],
  [[...ISSUE, 'tags', 0], 1],
  [[...COMMENT, 'id'], null],
  [[...COMMENT, 'content'], 1],
  [[...COMMENT, 'createdAt'], MISSING],
  [[...COMMENT, 'createdBy'], false],
  [[...COMMENT, 'editedAt'], 0],
  [[...ISSUE, 'dueDate'], 20240531],
  [[...ISSUE, 'dueDate'], null],
  [[...ISSUE, 'archived'], 'yes'],
  [[...ISSUE, 'checklist'], {}],
  [['tagColors'], 'red'],
  [['tagColors'], ['#ffffff']],
];

/** The ticket settings the kanban settings lack. */
const TICKET_ONLY_FIELDS: readonly [Path, unknown][] = [
  [['settings', 'enableSearch'], 1],
  [['settings', 'enableFiltering'], MISSING],
  [['settings', 'showTicketNumbers'], 'no'],
  [['settings', 'autoAssignCreator'], null],
];

const label = ([path, value]: readonly [Path, unknown]): string =>
  `${path.join('.')} = ${value === MISSING ? '(missing)' : typeof value === 'number' ? String(value) : JSON.stringify(value)}`;

describe.each(TRACKER_TOOLS)('%s strict content schema (spec §3)', (name) => {
  const tool = trackerTool(name);
  const other: TrackerToolName = name === 'kanban' ? 'ticket-system' : 'kanban';

  it('accepts the default content and its JSON round trip unchanged', () => {
    expectParsedUnchanged(tool, tool.defaultContent(operationContext({ id: 'd', at: AT })));
  });

  it('accepts content with issues, comments, tags and a phase limit, and its round trip', () => {
    const content = boardOf(name);
    expect(content.phases[1]?.issues[0]?.comments).toHaveLength(1);
    expect(content.phases[1]?.maxIssues).toBe(4);
    expectParsedUnchanged(tool, content);
  });

  it('keeps fields it does not know at every level (a newer client’s additions)', () => {
    let value: unknown = boardOf(name);
    const extras: Path[] = [[], ['settings'], PHASE, ISSUE, COMMENT];
    for (const path of extras) value = withField(value, [...path, 'futureField'], { n: 1 });
    const parsed: unknown = tool.parse(value);
    expect(parsed).toEqual(value);
    for (const path of extras) {
      expect(parsed).toHaveProperty([...path.map(String), 'futureField'], { n: 1 });
    }
  });

  it.each(
    [...WRONG_FIELDS, ...(name === 'ticket-system' ? TICKET_ONLY_FIELDS : [])].map(
      (entry) => [label(entry), entry] as const,
    ),
  )('refuses %s with NO_DATA caused by a ZodError naming the field', (_label, [path, value]) => {
    expectRefused(name, withField(boardOf(name), path, value), path);
  });

  it('reads the optional issue, comment and board fields, and content without them', () => {
    let value: unknown = boardOf(name);
    value = withField(value, [...ISSUE, 'dueDate'], '2024-05-31');
    value = withField(value, [...ISSUE, 'archived'], true);
    value = withField(value, [...ISSUE, 'checklist'], [{ id: 'k', text: 'Test', done: false }]);
    value = withField(value, [...COMMENT, 'editedAt'], AT);
    value = withField(value, ['tagColors'], JSON.parse('{"ui":"#1a2b3c","__proto__":"#000000"}'));
    const parsed = tool.parse(value);
    expect(parsed).toEqual(value);
    expect(Object.keys(parsed.tagColors ?? {})).toEqual(['ui', '__proto__']);
    expectParsedUnchanged(tool, parsed);
    // Absent fields stay absent (older content, third-party clients).
    const plain = tool.parse(boardOf(name));
    expect(plain).not.toHaveProperty('tagColors');
    expect(plain.phases[1]?.issues[0]).not.toHaveProperty('checklist');
    expect(plain.phases[1]?.issues[0]).not.toHaveProperty('dueDate');
  });

  it.each([
    [[...ISSUE, 'dueDate'], 20240531],
    [[...ISSUE, 'archived'], 'yes'],
    [[...ISSUE, 'checklist', 0, 'done'], 'yes'],
    [[...ISSUE, 'checklist', 0, 'text'], MISSING],
    [[...ISSUE, 'checklist', 0], 'item'],
    [['tagColors', 'ui'], 5],
    [[...COMMENT, 'editedAt'], false],
  ] as const)('refuses %j = %j', (path, wrong) => {
    let value: unknown = boardOf(name);
    value = withField(value, [...ISSUE, 'checklist'], [{ id: 'k', text: 'Test', done: false }]);
    value = withField(value, ['tagColors'], { ui: '#1a2b3c' });
    expectRefused(name, withField(value, path, wrong), path);
  });

  it('refuses the other tracker tool’s content and a missing toolType', () => {
    const theirs = trackerTool(other).defaultContent(operationContext({ id: 'o', at: AT }));
    expectRefused(name, theirs, ['toolType']);
    expectRefused(name, withField(boardOf(name), ['toolType'], MISSING), ['toolType']);
  });

  it.each([null, undefined, 'board', 3, [], {}])('refuses %j, which is no content', (value) => {
    expect(() => tool.parse(value)).toThrow(TrackerError);
  });
});

describe.each(TRACKER_TOOLS)('%s lenient content schema (export of older shapes)', (name) => {
  const tool = trackerTool(name);
  const toolType = name === 'kanban' ? 'kanban' : 'ticket';
  const settings = name === 'kanban' ? KANBAN_DEFAULT_SETTINGS : TICKET_DEFAULT_SETTINGS;
  const other = name === 'kanban' ? 'ticket' : 'kanban';

  it('reads valid content exactly as the strict schema does', () => {
    const content = boardOf(name);
    expect(tool.parse(content, { lenient: true })).toEqual(tool.parse(content));
  });

  it('fills defaults for what an older shape lacks and converts numbers to text', () => {
    const old = {
      title: 'Old board',
      phases: [
        {
          id: 1,
          name: 'Todo',
          maxIssues: 'x',
          issues: [
            {
              id: 7,
              title: 'Fix',
              estimation: 5,
              priority: 'Urgent',
              tags: ['a', 3, null],
              comments: [{ content: 'hi' }, 'junk'],
            },
          ],
        },
        'junk',
      ],
      teamMembers: ['ann', 42, {}],
      settings: { maxPhases: 'ten', showTags: false, extra: true },
    };
    expect(tool.parse(old, { lenient: true })).toEqual({
      id: '',
      title: 'Old board',
      version: 1,
      lastModified: '',
      createdAt: '',
      toolType,
      phases: [
        {
          id: '1',
          name: 'Todo',
          order: 0,
          color: '#6c757d',
          description: '',
          maxIssues: undefined,
          isEndPhase: undefined,
          issues: [
            {
              id: '7',
              title: 'Fix',
              description: '',
              type: 'Task',
              priority: 'none',
              estimation: '5',
              assignedPerson: '',
              comments: [{ id: '', content: 'hi', createdAt: '', createdBy: '' }],
              createdAt: '',
              createdBy: '',
              order: 0,
              tags: ['a', '3'],
            },
          ],
        },
      ],
      teamMembers: ['ann', '42'],
      settings: { ...settings, showTags: false, extra: true },
    });
  });

  it('gives an older shape that the strict schema then accepts', () => {
    const lenient = tool.parse(
      { phases: [{ name: 'A' }, { name: 'B', issues: [{}] }] },
      {
        lenient: true,
      },
    );
    expect(lenient).toMatchObject({
      toolType,
      title: name === 'kanban' ? 'Kanban Board' : 'Issue Management',
    });
    expect(lenient.settings).toEqual(settings);
    expectParsedUnchanged(tool, lenient);
  });

  it('drops what is not a due date, checklist item, flag or colour of the new fields', () => {
    const parsed = tool.parse(
      {
        phases: [
          {
            issues: [
              {
                dueDate: '2024-05-31T10:00:00.000Z',
                archived: 'yes',
                checklist: [{ id: 1, text: 'A' }, 'junk', { text: 'B', done: true }],
                comments: [{ content: 'hi', editedAt: 0 }],
              },
              { dueDate: 'tomorrow', checklist: 'x' },
            ],
          },
        ],
        tagColors: { ui: '#1a2b3c', api: 5 },
      },
      { lenient: true },
    );
    const [first, second] = parsed.phases[0]?.issues ?? [];
    expect(first).toMatchObject({
      dueDate: '2024-05-31',
      archived: undefined,
      checklist: [
        { id: '1', text: 'A', done: false },
        { id: '', text: 'B', done: true },
      ],
      comments: [{ content: 'hi', editedAt: '1970-01-01T00:00:00.000Z' }],
    });
    expect(second?.dueDate).toBeUndefined();
    expect(second?.checklist).toBeUndefined();
    expect(parsed.tagColors).toEqual({ ui: '#1a2b3c' });
    expect(
      tool.parse({ phases: [], tagColors: 'red' }, { lenient: true }).tagColors,
    ).toBeUndefined();
  });

  it('never shares a default list or object between two documents', () => {
    const first = tool.parse({ phases: [{ issues: [{}] }] }, { lenient: true });
    const second = tool.parse({ phases: [{ issues: [{}] }] }, { lenient: true });
    expect(first.settings).not.toBe(second.settings);
    expect(first.settings.availableIssueTypes).not.toBe(second.settings.availableIssueTypes);
    expect(first.teamMembers).not.toBe(second.teamMembers);
    expect(first.phases[0]?.issues[0]?.tags).not.toBe(second.phases[0]?.issues[0]?.tags);
    expect(first.settings.availableIssueTypes).toEqual([...ISSUE_TYPES]);
  });

  it.each([
    ['null', null],
    ['a text', 'board'],
    ['a number', 3],
    ['an array', []],
    ['an object without phases', { title: 'x' }],
    ['phases that are no list', { phases: 'x' }],
    ['phases null', { phases: null }],
    ['the other tool’s content', { toolType: other, phases: [] }],
  ])('refuses %s with NO_DATA caused by a ZodError', (_label, value) => {
    expectShapeError(() => tool.parse(value, { lenient: true }), TrackerError, { code: 'NO_DATA' });
  });
});

// ---------------------------------------------------------------------------------------------
// Operations

/** Well-formed args of every operation (values a rule may still refuse are fine here). */
const VALID_ARGS: Record<TrackerOperation['type'], readonly Record<string, unknown>[]> = {
  addPhase: [
    { name: 'Blocked' },
    { name: '', color: '#dc3545', description: 'd', maxIssues: 0, isEndPhase: true },
  ],
  updatePhase: [
    { phaseId: 'p', changes: {} },
    { phaseId: 'p', changes: { name: 'N', color: '', description: '', maxIssues: null } },
    { phaseId: 'p', changes: { maxIssues: 3, isEndPhase: false } },
  ],
  deletePhase: [{ phaseId: 'p' }],
  movePhase: [
    { phaseId: 'p', direction: 'left' },
    { phaseId: 'p', direction: 'right' },
  ],
  movePhaseTo: [
    { phaseId: 'p', toIndex: 0 },
    { phaseId: 'p', toIndex: -1.5 },
  ],
  addIssue: [
    { phaseId: 'p', issue: { title: 'T' }, createdBy: 'ann' },
    {
      phaseId: 'p',
      issue: {
        title: ' ',
        description: 'd',
        type: 'User Story',
        priority: 'Critical',
        estimation: 'XL',
        assignedPerson: 'bo',
        tags: ['a', ''],
      },
      createdBy: '',
    },
  ],
  updateIssue: [
    { issueId: 'i', changes: {} },
    { issueId: 'i', changes: { type: 'Epic', priority: 'none', tags: [], estimation: '' } },
    { issueId: 'i', changes: { dueDate: '2024-05-31', archived: true } },
    { issueId: 'i', changes: { dueDate: null, archived: false }, from: { dueDate: 'x' } },
  ],
  deleteIssue: [{ issueId: 'i' }],
  moveIssue: [
    { issueId: 'i', toPhaseId: 'p' },
    { issueId: 'i', toPhaseId: 'p', toIndex: 2 },
  ],
  archiveIssues: [
    { phaseId: 'p', issueIds: [] },
    { phaseId: 'p', issueIds: ['i', 'j'] },
  ],
  addComment: [{ issueId: 'i', content: 'c', createdBy: 'ann' }],
  updateComment: [{ issueId: 'i', commentId: 'c', content: '', by: 'ann' }],
  deleteComment: [
    { issueId: 'i', commentId: 'c' },
    { issueId: 'i', commentId: 'c', by: 'ann' },
  ],
  addChecklistItem: [{ issueId: 'i', text: '' }],
  updateChecklistItem: [
    { issueId: 'i', itemId: 'c', changes: {} },
    { issueId: 'i', itemId: 'c', changes: { text: 't', done: true }, from: { done: false } },
  ],
  deleteChecklistItem: [{ issueId: 'i', itemId: 'c' }],
  setTagColor: [
    { tag: 'ui', color: '#1a2b3c' },
    { tag: '', color: null },
  ],
  addTeamMember: [{ name: 'dee' }, { name: '' }],
  updateSettings: [
    { changes: {} },
    { changes: { showTicketNumbers: false, autoAssignCreator: true } },
  ],
};

/** Args of the wrong shape for every operation: a missing field, a wrong type or enum value. */
const WRONG_ARGS: Record<TrackerOperation['type'], readonly Record<string, unknown>[]> = {
  addPhase: [
    {},
    { name: 5 },
    { name: 'X', color: 1 },
    { name: 'X', maxIssues: -1 },
    { name: 'X', maxIssues: 1.5 },
    { name: 'X', maxIssues: '3' },
    { name: 'X', isEndPhase: 'yes' },
  ],
  updatePhase: [
    { phaseId: 'p' },
    { changes: {} },
    { phaseId: 1, changes: {} },
    { phaseId: 'p', changes: { name: null } },
    { phaseId: 'p', changes: { maxIssues: -2 } },
    { phaseId: 'p', changes: 'x' },
  ],
  deletePhase: [{}, { phaseId: null }],
  movePhase: [{ phaseId: 'p' }, { phaseId: 'p', direction: 'up' }, { direction: 'left' }],
  movePhaseTo: [{ phaseId: 'p' }, { phaseId: 'p', toIndex: '1' }, { toIndex: 1 }],
  addIssue: [
    { phaseId: 'p', issue: { title: 'T' } },
    { phaseId: 'p', issue: {}, createdBy: 'a' },
    { phaseId: 'p', issue: { title: 'T', type: 'Story' }, createdBy: 'a' },
    { phaseId: 'p', issue: { title: 'T', priority: 'Urgent' }, createdBy: 'a' },
    { phaseId: 'p', issue: { title: 'T', estimation: 5 }, createdBy: 'a' },
    { phaseId: 'p', issue: { title: 'T', tags: 'a' }, createdBy: 'a' },
    { issue: { title: 'T' }, createdBy: 'a' },
  ],
  updateIssue: [
    { issueId: 'i' },
    { issueId: 'i', changes: { title: 1 } },
    { issueId: 'i', changes: { type: 'task' } },
    { issueId: 'i', changes: { tags: [1] } },
    { issueId: 'i', changes: { dueDate: 20240531 } },
    { issueId: 'i', changes: { archived: 'yes' } },
    { changes: {} },
  ],
  deleteIssue: [{}, { issueId: 3 }],
  moveIssue: [{ issueId: 'i' }, { toPhaseId: 'p' }, { issueId: 'i', toPhaseId: 'p', toIndex: '0' }],
  archiveIssues: [{ phaseId: 'p' }, { issueIds: [] }, { phaseId: 'p', issueIds: 'i' }],
  addComment: [
    { issueId: 'i', content: 'c' },
    { issueId: 'i', createdBy: 'a' },
    { issueId: 'i', content: null, createdBy: 'a' },
  ],
  updateComment: [
    { issueId: 'i', commentId: 'c', content: 'x' },
    { issueId: 'i', commentId: 'c', by: 'ann' },
    { issueId: 'i', content: 'x', by: 'ann' },
  ],
  deleteComment: [{ issueId: 'i' }, { commentId: 'c' }, { issueId: 'i', commentId: 'c', by: 1 }],
  addChecklistItem: [{ issueId: 'i' }, { text: 'x' }, { issueId: 'i', text: 1 }],
  updateChecklistItem: [
    { issueId: 'i', itemId: 'c' },
    { issueId: 'i', changes: {} },
    { issueId: 'i', itemId: 'c', changes: { done: 'yes' } },
    { issueId: 'i', itemId: 'c', changes: { text: null } },
  ],
  deleteChecklistItem: [{ issueId: 'i' }, { itemId: 'c' }],
  setTagColor: [{ tag: 'ui' }, { color: '#1a2b3c' }, { tag: 'ui', color: 5 }],
  addTeamMember: [{}, { name: ['ann'] }],
  updateSettings: [{}, { changes: { showTicketNumbers: 'yes' } }, { changes: null }],
};

describe('trackerOperations.schema, through both registry entries', () => {
  it('lists every operation once, the same for both tools', () => {
    expect(trackerOperations.names).toEqual([
      'addPhase',
      'updatePhase',
      'deletePhase',
      'movePhase',
      'movePhaseTo',
      'addIssue',
      'updateIssue',
      'deleteIssue',
      'moveIssue',
      'archiveIssues',
      'addComment',
      'updateComment',
      'deleteComment',
      'addChecklistItem',
      'updateChecklistItem',
      'deleteChecklistItem',
      'setTagColor',
      'addTeamMember',
      'updateSettings',
    ]);
    expect(tools.kanban.operations).toEqual([...trackerOperations.names, 'patch']);
    expect(tools['ticket-system'].operations).toEqual([...trackerOperations.names, 'patch']);
    expect(Object.keys(VALID_ARGS)).toEqual([...trackerOperations.names]);
    expect(Object.keys(WRONG_ARGS)).toEqual([...trackerOperations.names]);
  });

  describe.each(TRACKER_TOOLS)('%s.parseOperation', (name) => {
    const tool = trackerTool(name);

    it.each(operationArgCases(VALID_ARGS))('%s accepts %j', (op, args) => {
      expectArgsParsed(tool, op, args);
    });

    it.each(operationArgCases(WRONG_ARGS))(
      '%s refuses %j with an OperationFormatError caused by a ZodError',
      (op, args) => {
        expectShapeError(() => tool.parseOperation(op, args), OperationFormatError);
      },
    );

    it('drops argument fields an operation does not have', () => {
      expect(
        tool.parseOperation('updatePhase', {
          phaseId: 'p',
          changes: { name: 'N', rogue: 1 },
          x: 2,
        }),
      ).toEqual({ type: 'updatePhase', phaseId: 'p', changes: { name: 'N' } });
    });

    it('refuses an unknown operation, args that are no object and args naming a type', () => {
      expect(() => tool.parseOperation('renameBoard', { title: 'x' })).toThrow(
        OperationFormatError,
      );
      expect(() => tool.parseOperation('deletePhase', ['p'])).toThrow(OperationFormatError);
      expect(() => tool.parseOperation('deletePhase', null)).toThrow(OperationFormatError);
      expect(() => tool.parseOperation('deletePhase', { type: 'addPhase', phaseId: 'p' })).toThrow(
        OperationFormatError,
      );
    });
  });
});
