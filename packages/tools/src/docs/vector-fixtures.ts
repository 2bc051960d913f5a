/**
 * The hand-written inputs of the operation test vectors (./vectors.ts): per vector the tool, the
 * setup operations that build its content before from the tool's default content, the operation
 * under test and, for a refusal, the DomainError code it must throw. ./vectors.ts computes the
 * contents with the real `apply` and fails when an outcome differs from what is written here.
 *
 * Ids to know: the default content's ids are `d1` (the content), `d2`, … in creation order — the
 * tracker's phases Backlog `d2`, To Do `d3`, In Progress `d4`, Testing/Review `d5`, Done `d6`;
 * the Pinboard's welcome note `d2`; the default diagram `d2`. Setup step n has id `sn`, so what
 * it creates is `sn` (then `sn:1`, …). Every vector covers one operation; the generic `patch`
 * has vectors per tool too.
 */
import type { ToolName } from '../metadata.ts';
import type { VectorContext } from './vectors.ts';

/** `{type, ...args}`: a named operation of the fixture's tool. */
export type NamedOperation = { type: string } & Record<string, unknown>;

/** The inputs of one vector. */
export interface VectorFixture {
  tool: ToolName;
  /** What the vector shows, in English. */
  description: string;
  /** Applied in order to the default content (ids `s1`, `s2`, …) to make the content before. */
  setup?: readonly NamedOperation[];
  operation: NamedOperation;
  /** Overrides of the default context (id `op-1`, at 10:00, by ann). */
  context?: Partial<VectorContext>;
  /** The DomainError code the operation must throw; absent: it must apply. */
  error?: string;
}

const TRACKER_TOOLS = ['kanban', 'ticket-system'] as const;

// A vector of both tracker tools (their operations are one set).
function tracker(fixture: Omit<VectorFixture, 'tool'>): VectorFixture[] {
  return TRACKER_TOOLS.map((tool) => ({ tool, ...fixture }));
}

// A refusal shown on the Kanban board only (the rule is the same in Issue Management).
function kanban(fixture: Omit<VectorFixture, 'tool'>): VectorFixture {
  return { tool: 'kanban', ...fixture };
}

const addIssue = (phaseId: string, title: string, extra: Record<string, unknown> = {}) => ({
  type: 'addIssue',
  phaseId,
  issue: { title, ...extra },
  createdBy: 'ann',
});

const SIX_PHASES = ['QA', 'Staging', 'Release', 'Ops', 'Archive'].map((name) => ({
  type: 'addPhase',
  name,
}));

const TRACKER_FIXTURES: VectorFixture[] = [
  ...tracker({
    description: 'appends a phase: name trimmed, blank colour defaulted, order from the count',
    operation: { type: 'addPhase', name: ' QA ', color: ' ', maxIssues: 3 },
  }),
  kanban({
    description: 'refuses a phase beyond settings.maxPhases',
    setup: SIX_PHASES,
    operation: { type: 'addPhase', name: 'Too many' },
    error: 'MAX_PHASES',
  }),
  kanban({
    description: 'refuses a blank name',
    operation: { type: 'addPhase', name: '  ' },
    error: 'NAME_REQUIRED',
  }),
  ...tracker({
    description: 'field edit with from: name trimmed, description set',
    operation: {
      type: 'updatePhase',
      phaseId: 'd3',
      changes: { name: ' Ready ', description: 'Groomed work' },
      from: { name: 'To Do', description: '' },
    },
  }),
  kanban({
    description: 'someone renamed the phase to another name meanwhile',
    setup: [{ type: 'updatePhase', phaseId: 'd3', changes: { name: 'Todo' } }],
    operation: {
      type: 'updatePhase',
      phaseId: 'd3',
      changes: { name: 'Ready' },
      from: { name: 'To Do' },
    },
    error: 'EDIT_CONFLICT',
  }),
  kanban({
    description: 'refuses a limit below the issues the phase holds',
    setup: [addIssue('d3', 'One'), addIssue('d3', 'Two')],
    operation: { type: 'updatePhase', phaseId: 'd3', changes: { maxIssues: 1 } },
    error: 'TOO_MANY_ISSUES',
  }),
  kanban({
    description: 'refuses an unknown phase',
    operation: { type: 'updatePhase', phaseId: 'nope', changes: { name: 'X' } },
    error: 'PHASE_NOT_FOUND',
  }),
  ...tracker({
    description: 'deletes a phase with its issue and renumbers the others',
    setup: [addIssue('d3', 'Gone with the phase')],
    operation: { type: 'deletePhase', phaseId: 'd3' },
  }),
  kanban({
    description: 'refuses to go below settings.minPhases',
    setup: ['d2', 'd3', 'd4'].map((phaseId) => ({ type: 'deletePhase', phaseId })),
    operation: { type: 'deletePhase', phaseId: 'd5' },
    error: 'MIN_PHASES',
  }),
  ...tracker({
    description: 'moves a phase one step right',
    operation: { type: 'movePhase', phaseId: 'd3', direction: 'right' },
  }),
  kanban({
    description: 'the first phase cannot move left',
    operation: { type: 'movePhase', phaseId: 'd2', direction: 'left' },
    error: 'INVALID_TARGET_POSITION',
  }),
  ...tracker({
    description: 'moves the last phase first; every order renumbered',
    operation: { type: 'movePhaseTo', phaseId: 'd6', toIndex: 0 },
  }),
  kanban({
    description: 'refuses a position past the end',
    operation: { type: 'movePhaseTo', phaseId: 'd6', toIndex: 5 },
    error: 'INVALID_TARGET_POSITION',
  }),
  ...tracker({
    description:
      'adds an issue: defaults, trimmed fields, tags once ignoring case, number from nextTicketNumber, team members joined',
    setup: [{ type: 'addTeamMember', name: 'Ben' }],
    operation: addIssue('d2', ' Login bug ', {
      estimation: ' 5 ',
      assignedPerson: 'ben',
      tags: [' UI ', 'ui', '', 'api'],
      dueDate: '2026-02-01',
    }),
  }),
  ...tracker({
    description: 'a second issue: order and number follow the first',
    setup: [addIssue('d2', 'First', { type: 'Bug', priority: 'High' })],
    operation: addIssue('d2', 'Second'),
  }),
  {
    tool: 'ticket-system',
    description: 'with settings.autoAssignCreator an unassigned issue goes to its creator',
    setup: [{ type: 'updateSettings', changes: { autoAssignCreator: true } }],
    operation: addIssue('d2', 'Assigned to me'),
  },
  kanban({
    description: 'refuses a blank title',
    operation: addIssue('d2', '   '),
    error: 'TITLE_REQUIRED',
  }),
  kanban({
    description: 'refuses an estimation longer than 3 characters',
    operation: addIssue('d2', 'Big', { estimation: '1000' }),
    error: 'ESTIMATION_TOO_LONG',
  }),
  kanban({
    description: 'refuses a negative estimation',
    operation: addIssue('d2', 'Negative', { estimation: '-1' }),
    error: 'ESTIMATION_NEGATIVE',
  }),
  kanban({
    description: 'refuses a due date that is no date',
    operation: addIssue('d2', 'Late', { dueDate: '2026-02-30' }),
    error: 'INVALID_DUE_DATE',
  }),
  kanban({
    description: 'refuses a blank creator',
    operation: { ...addIssue('d2', 'Nobody'), createdBy: ' ' },
    error: 'CREATOR_REQUIRED',
  }),
  kanban({
    description: 'refuses an issue in a full phase',
    setup: [{ type: 'updatePhase', phaseId: 'd2', changes: { maxIssues: 0 } }],
    operation: addIssue('d2', 'No room'),
    error: 'PHASE_FULL',
  }),
  kanban({
    description: 'refuses an unknown phase',
    operation: addIssue('nope', 'Lost'),
    error: 'PHASE_NOT_FOUND',
  }),
  ...tracker({
    description:
      'field edit with from: priority set, due date removed, new assignee joins the team',
    setup: [addIssue('d2', 'Login bug', { dueDate: '2026-02-01' })],
    operation: {
      type: 'updateIssue',
      issueId: 's1',
      changes: { priority: 'High', dueDate: null, assignedPerson: 'Cleo' },
      from: { priority: 'none', dueDate: '2026-02-01', assignedPerson: '' },
    },
  }),
  ...tracker({
    description: 'archives an issue (no from: set as given)',
    setup: [addIssue('d6', 'Shipped')],
    operation: { type: 'updateIssue', issueId: 's1', changes: { archived: true } },
  }),
  kanban({
    description: 'someone changed the priority to another value meanwhile',
    setup: [
      addIssue('d2', 'Login bug'),
      { type: 'updateIssue', issueId: 's1', changes: { priority: 'Low' } },
    ],
    operation: {
      type: 'updateIssue',
      issueId: 's1',
      changes: { priority: 'High' },
      from: { priority: 'none' },
    },
    error: 'EDIT_CONFLICT',
  }),
  kanban({
    description: 'restoring an archived issue into a full phase is refused',
    setup: [
      addIssue('d2', 'Archived'),
      { type: 'updateIssue', issueId: 's1', changes: { archived: true } },
      addIssue('d2', 'On the board'),
      { type: 'updatePhase', phaseId: 'd2', changes: { maxIssues: 1 } },
    ],
    operation: { type: 'updateIssue', issueId: 's1', changes: { archived: false } },
    error: 'PHASE_FULL',
  }),
  kanban({
    description: 'refuses a blank title',
    setup: [addIssue('d2', 'Login bug')],
    operation: { type: 'updateIssue', issueId: 's1', changes: { title: ' ' } },
    error: 'TITLE_REQUIRED',
  }),
  kanban({
    description: 'refuses an unknown issue',
    operation: { type: 'updateIssue', issueId: 'nope', changes: { title: 'X' } },
    error: 'ISSUE_NOT_FOUND',
  }),
  ...tracker({
    description: 'deletes an issue; the others of its phase are renumbered',
    setup: [addIssue('d2', 'First'), addIssue('d2', 'Second')],
    operation: { type: 'deleteIssue', issueId: 's1' },
  }),
  kanban({
    description: 'refuses an unknown issue',
    operation: { type: 'deleteIssue', issueId: 'nope' },
    error: 'ISSUE_NOT_FOUND',
  }),
  ...tracker({
    description: 'moves an issue to the top of another phase; both phases renumbered',
    setup: [addIssue('d2', 'First'), addIssue('d2', 'Second'), addIssue('d3', 'Third')],
    operation: { type: 'moveIssue', issueId: 's1', toPhaseId: 'd3', toIndex: 0 },
  }),
  ...tracker({
    description: 'reorders an issue within its phase',
    setup: [addIssue('d2', 'First'), addIssue('d2', 'Second')],
    operation: { type: 'moveIssue', issueId: 's2', toPhaseId: 'd2', toIndex: 0 },
  }),
  kanban({
    description: 'refuses a move into a full phase',
    setup: [
      addIssue('d2', 'First'),
      addIssue('d3', 'Second'),
      { type: 'updatePhase', phaseId: 'd3', changes: { maxIssues: 1 } },
    ],
    operation: { type: 'moveIssue', issueId: 's1', toPhaseId: 'd3' },
    error: 'PHASE_FULL',
  }),
  kanban({
    description: 'refuses a position past the end',
    setup: [addIssue('d2', 'First')],
    operation: { type: 'moveIssue', issueId: 's1', toPhaseId: 'd3', toIndex: 1 },
    error: 'INVALID_TARGET_POSITION',
  }),
  kanban({
    description: 'refuses an unknown target phase',
    setup: [addIssue('d2', 'First')],
    operation: { type: 'moveIssue', issueId: 's1', toPhaseId: 'nope' },
    error: 'PHASE_NOT_FOUND',
  }),
  kanban({
    description: 'refuses an unknown issue',
    operation: { type: 'moveIssue', issueId: 'nope', toPhaseId: 'd3' },
    error: 'ISSUE_NOT_FOUND',
  }),
  ...tracker({
    description: 'archives the named issues still in the phase; unknown ids ignored',
    setup: [addIssue('d6', 'Done one'), addIssue('d6', 'Done two'), addIssue('d6', 'Kept')],
    operation: { type: 'archiveIssues', phaseId: 'd6', issueIds: ['s1', 's2', 'gone'] },
  }),
  kanban({
    description: 'refuses an unknown phase',
    operation: { type: 'archiveIssues', phaseId: 'nope', issueIds: [] },
    error: 'PHASE_NOT_FOUND',
  }),
  ...tracker({
    description: 'appends a comment: id and createdAt from the context, text trimmed',
    setup: [addIssue('d2', 'Login bug')],
    operation: { type: 'addComment', issueId: 's1', content: ' Looks good ', createdBy: 'ben' },
  }),
  kanban({
    description: 'refuses a blank comment',
    setup: [addIssue('d2', 'Login bug')],
    operation: { type: 'addComment', issueId: 's1', content: ' ', createdBy: 'ben' },
    error: 'COMMENT_REQUIRED',
  }),
  kanban({
    description: 'refuses an unknown issue',
    operation: { type: 'addComment', issueId: 'nope', content: 'Hi', createdBy: 'ben' },
    error: 'ISSUE_NOT_FOUND',
  }),
  ...tracker({
    description: 'the author (names compared ignoring case) edits a comment: editedAt set',
    setup: [
      addIssue('d2', 'Login bug'),
      { type: 'addComment', issueId: 's1', content: 'First try', createdBy: 'ann' },
    ],
    operation: {
      type: 'updateComment',
      issueId: 's1',
      commentId: 's2',
      content: ' Second try ',
      by: 'ANN',
    },
  }),
  ...tracker({
    description: 'field edit with from: the text the editor showed is still stored',
    setup: [
      addIssue('d2', 'Login bug'),
      { type: 'addComment', issueId: 's1', content: 'First try', createdBy: 'ann' },
    ],
    operation: {
      type: 'updateComment',
      issueId: 's1',
      commentId: 's2',
      content: 'Second try',
      by: 'ann',
      from: 'First try',
    },
  }),
  kanban({
    description: 'the author changed the comment meanwhile on another device',
    setup: [
      addIssue('d2', 'Login bug'),
      { type: 'addComment', issueId: 's1', content: 'First try', createdBy: 'ann' },
      { type: 'updateComment', issueId: 's1', commentId: 's2', content: 'Phone', by: 'ann' },
    ],
    operation: {
      type: 'updateComment',
      issueId: 's1',
      commentId: 's2',
      content: 'Laptop',
      by: 'ann',
      from: 'First try',
    },
    error: 'EDIT_CONFLICT',
  }),
  kanban({
    description: 'only the author may edit a comment',
    setup: [
      addIssue('d2', 'Login bug'),
      { type: 'addComment', issueId: 's1', content: 'First try', createdBy: 'ann' },
    ],
    operation: { type: 'updateComment', issueId: 's1', commentId: 's2', content: 'X', by: 'ben' },
    error: 'NOT_COMMENT_AUTHOR',
  }),
  kanban({
    description: 'refuses a blank comment',
    setup: [
      addIssue('d2', 'Login bug'),
      { type: 'addComment', issueId: 's1', content: 'First try', createdBy: 'ann' },
    ],
    operation: { type: 'updateComment', issueId: 's1', commentId: 's2', content: '', by: 'ann' },
    error: 'COMMENT_REQUIRED',
  }),
  ...tracker({
    description: 'the author deletes a comment',
    setup: [
      addIssue('d2', 'Login bug'),
      { type: 'addComment', issueId: 's1', content: 'Oops', createdBy: 'ann' },
    ],
    operation: { type: 'deleteComment', issueId: 's1', commentId: 's2', by: 'ann' },
  }),
  kanban({
    description: 'with by, only the author may delete a comment',
    setup: [
      addIssue('d2', 'Login bug'),
      { type: 'addComment', issueId: 's1', content: 'Oops', createdBy: 'ann' },
    ],
    operation: { type: 'deleteComment', issueId: 's1', commentId: 's2', by: 'ben' },
    error: 'NOT_COMMENT_AUTHOR',
  }),
  ...tracker({
    description: 'appends a checklist item (the issue gets a checklist)',
    setup: [addIssue('d2', 'Login bug')],
    operation: { type: 'addChecklistItem', issueId: 's1', text: ' Write tests ' },
  }),
  kanban({
    description: 'refuses a blank item',
    setup: [addIssue('d2', 'Login bug')],
    operation: { type: 'addChecklistItem', issueId: 's1', text: '' },
    error: 'CHECKLIST_TEXT_REQUIRED',
  }),
  ...tracker({
    description: 'ticks an item off (field edit with from)',
    setup: [
      addIssue('d2', 'Login bug'),
      { type: 'addChecklistItem', issueId: 's1', text: 'Write tests' },
    ],
    operation: {
      type: 'updateChecklistItem',
      issueId: 's1',
      itemId: 's2',
      changes: { done: true },
      from: { done: false },
    },
  }),
  kanban({
    description: 'someone reworded the item meanwhile',
    setup: [
      addIssue('d2', 'Login bug'),
      { type: 'addChecklistItem', issueId: 's1', text: 'Write tests' },
      { type: 'updateChecklistItem', issueId: 's1', itemId: 's2', changes: { text: 'Write docs' } },
    ],
    operation: {
      type: 'updateChecklistItem',
      issueId: 's1',
      itemId: 's2',
      changes: { text: 'Write more tests' },
      from: { text: 'Write tests' },
    },
    error: 'EDIT_CONFLICT',
  }),
  kanban({
    description: 'refuses a blank text',
    setup: [
      addIssue('d2', 'Login bug'),
      { type: 'addChecklistItem', issueId: 's1', text: 'Write tests' },
    ],
    operation: { type: 'updateChecklistItem', issueId: 's1', itemId: 's2', changes: { text: ' ' } },
    error: 'CHECKLIST_TEXT_REQUIRED',
  }),
  ...tracker({
    description: 'removes a checklist item',
    setup: [
      addIssue('d2', 'Login bug'),
      { type: 'addChecklistItem', issueId: 's1', text: 'Write tests' },
    ],
    operation: { type: 'deleteChecklistItem', issueId: 's1', itemId: 's2' },
  }),
  kanban({
    description: 'refuses an unknown issue',
    operation: { type: 'deleteChecklistItem', issueId: 'nope', itemId: 'x' },
    error: 'ISSUE_NOT_FOUND',
  }),
  ...tracker({
    description: 'sets a tag colour: key trimmed and lower-cased, colour lower-cased',
    operation: { type: 'setTagColor', tag: ' UI ', color: '#1A2B3C' },
  }),
  ...tracker({
    description: 'removing the last colour removes tagColors',
    setup: [{ type: 'setTagColor', tag: 'ui', color: '#1a2b3c' }],
    operation: { type: 'setTagColor', tag: 'UI', color: null },
  }),
  kanban({
    description: 'refuses a colour that is not #rrggbb',
    operation: { type: 'setTagColor', tag: 'ui', color: 'red' },
    error: 'INVALID_COLOR',
  }),
  ...tracker({
    description: 'adds a team member, trimmed',
    setup: [{ type: 'addTeamMember', name: 'Ben' }],
    operation: { type: 'addTeamMember', name: ' Dana ' },
  }),
  {
    tool: 'ticket-system',
    description: 'hides ticket numbers (field edit with from)',
    operation: {
      type: 'updateSettings',
      changes: { showTicketNumbers: false },
      from: { showTicketNumbers: true },
    },
  },
  {
    tool: 'ticket-system',
    description: 'someone changed the setting meanwhile',
    setup: [{ type: 'updateSettings', changes: { autoAssignCreator: true } }],
    operation: {
      type: 'updateSettings',
      changes: { autoAssignCreator: false },
      from: { autoAssignCreator: false },
    },
    error: 'EDIT_CONFLICT',
  },
  kanban({
    description: 'Kanban content has no ticket settings',
    operation: { type: 'updateSettings', changes: { showTicketNumbers: false } },
    error: 'SETTING_NOT_AVAILABLE',
  }),
  ...tracker({
    description: 'the generic patch: renames a phase by path',
    operation: {
      type: 'patch',
      changes: [{ op: 'set', path: ['phases', { id: 'd3' }, 'name'], from: 'To Do', to: 'Next' }],
    },
  }),
  kanban({
    description: 'a patch whose from no longer matches',
    operation: {
      type: 'patch',
      changes: [{ op: 'set', path: ['phases', { id: 'd3' }, 'name'], from: 'Todo', to: 'Next' }],
    },
    error: 'CHANGED',
  }),
];

const WELCOME_NOTE = 'd2';

const BULLETIN_FIXTURES: VectorFixture[] = [
  {
    tool: 'bulletin',
    description: 'adds a note: defaults, Anonymous author, position clamped to 0..85',
    operation: {
      type: 'addPost',
      post: { title: ' Retro on Friday ', position: { x: 90, y: -5 }, tags: [' team ', ''] },
      author: ' ',
    },
  },
  {
    tool: 'bulletin',
    description: 'files the new note under a category',
    setup: [
      {
        type: 'patch',
        changes: [
          {
            op: 'set',
            path: ['categories'],
            from: [],
            to: [
              { id: 'c1', name: 'News', description: '', color: '#ffc107', order: 0, posts: [] },
            ],
          },
        ],
      },
    ],
    operation: {
      type: 'addPost',
      post: { title: 'Release 2.0', type: 'Announcement', position: { x: 10, y: 10 } },
      author: 'ann',
      categoryId: 'c1',
    },
  },
  {
    tool: 'bulletin',
    description: 'refuses a blank title',
    operation: { type: 'addPost', post: { title: ' ', position: { x: 0, y: 0 } }, author: 'ann' },
    error: 'TITLE_REQUIRED',
  },
  {
    tool: 'bulletin',
    description: 'refuses a title over 100 characters',
    operation: {
      type: 'addPost',
      post: { title: 'x'.repeat(101), position: { x: 0, y: 0 } },
      author: 'ann',
    },
    error: 'TITLE_TOO_LONG',
  },
  {
    tool: 'bulletin',
    description: 'a link post needs a URL',
    operation: {
      type: 'addPost',
      post: { title: 'Docs', type: 'Link', url: ' ', position: { x: 0, y: 0 } },
      author: 'ann',
    },
    error: 'URL_REQUIRED',
  },
  {
    tool: 'bulletin',
    description: 'refuses an unknown category',
    operation: {
      type: 'addPost',
      post: { title: 'Lost', position: { x: 0, y: 0 } },
      author: 'ann',
      categoryId: 'nope',
    },
    error: 'CATEGORY_NOT_FOUND',
  },
  {
    tool: 'bulletin',
    description: 'field edit with from: title, blank colour defaulted, updatedAt from the context',
    operation: {
      type: 'updatePost',
      postId: WELCOME_NOTE,
      changes: { title: ' Welcome! ', color: '' },
      from: { title: 'Welcome to the Pinboard!', color: '#FFF176' },
    },
  },
  {
    tool: 'bulletin',
    description: 'someone retitled the note meanwhile',
    setup: [{ type: 'updatePost', postId: WELCOME_NOTE, changes: { title: 'Hello' } }],
    operation: {
      type: 'updatePost',
      postId: WELCOME_NOTE,
      changes: { title: 'Welcome!' },
      from: { title: 'Welcome to the Pinboard!' },
    },
    error: 'EDIT_CONFLICT',
  },
  {
    tool: 'bulletin',
    description: 'a note turned into a link post needs a URL',
    operation: { type: 'updatePost', postId: WELCOME_NOTE, changes: { type: 'Link' } },
    error: 'URL_REQUIRED',
  },
  {
    tool: 'bulletin',
    description: 'refuses a blank title',
    operation: { type: 'updatePost', postId: WELCOME_NOTE, changes: { title: '' } },
    error: 'TITLE_REQUIRED',
  },
  {
    tool: 'bulletin',
    description: 'refuses a title over 100 characters',
    operation: { type: 'updatePost', postId: WELCOME_NOTE, changes: { title: 'y'.repeat(101) } },
    error: 'TITLE_TOO_LONG',
  },
  {
    tool: 'bulletin',
    description: 'refuses an unknown note',
    operation: { type: 'updatePost', postId: 'nope', changes: { title: 'X' } },
    error: 'POST_NOT_FOUND',
  },
  {
    tool: 'bulletin',
    description: 'deletes a note',
    operation: { type: 'deletePost', postId: WELCOME_NOTE },
  },
  {
    tool: 'bulletin',
    description: 'refuses an unknown note (also one deleted meanwhile)',
    operation: { type: 'deletePost', postId: 'nope' },
    error: 'POST_NOT_FOUND',
  },
  {
    tool: 'bulletin',
    description: 'moves a note; the position is clamped, updatedAt stays',
    operation: { type: 'movePost', postId: WELCOME_NOTE, position: { x: 120, y: 40.5 } },
  },
  {
    tool: 'bulletin',
    description: 'refuses an unknown note',
    operation: { type: 'movePost', postId: 'nope', position: { x: 1, y: 1 } },
    error: 'POST_NOT_FOUND',
  },
  {
    tool: 'bulletin',
    description: 'the generic patch: a setting by path',
    operation: {
      type: 'patch',
      changes: [{ op: 'set', path: ['settings', 'showAuthor'], from: true, to: false }],
    },
  },
];

const DEFAULT_DIAGRAM = 'd2';
const SMALL_XML =
  '<mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/></root></mxGraphModel>';

const DIAGRAM_FIXTURES: VectorFixture[] = [
  {
    tool: 'diagrams',
    description: 'creates a diagram with the id the caller chose and an empty page',
    operation: {
      type: 'createDiagram',
      diagramId: 'dg-2',
      name: ' Architecture ',
      modifiedBy: 'ann',
    },
  },
  {
    tool: 'diagrams',
    description: 'refuses a blank id',
    operation: { type: 'createDiagram', diagramId: ' ', name: 'X', modifiedBy: 'ann' },
    error: 'ID_REQUIRED',
  },
  {
    tool: 'diagrams',
    description: 'refuses an id in use',
    operation: { type: 'createDiagram', diagramId: DEFAULT_DIAGRAM, name: 'X', modifiedBy: 'ann' },
    error: 'DIAGRAM_EXISTS',
  },
  {
    tool: 'diagrams',
    description: 'refuses a blank name',
    operation: { type: 'createDiagram', diagramId: 'dg-2', name: '', modifiedBy: 'ann' },
    error: 'NAME_REQUIRED',
  },
  {
    tool: 'diagrams',
    description: 'refuses a name over 100 characters',
    operation: {
      type: 'createDiagram',
      diagramId: 'dg-2',
      name: 'n'.repeat(101),
      modifiedBy: 'ann',
    },
    error: 'NAME_TOO_LONG',
  },
  {
    tool: 'diagrams',
    description: 'refuses a blank drawing',
    operation: {
      type: 'createDiagram',
      diagramId: 'dg-2',
      name: 'Empty',
      modifiedBy: 'ann',
      diagramXml: ' ',
    },
    error: 'XML_REQUIRED',
  },
  {
    tool: 'diagrams',
    description: 'renames a diagram (field edit with from): version advances',
    operation: {
      type: 'renameDiagram',
      diagramId: DEFAULT_DIAGRAM,
      name: ' Overview ',
      modifiedBy: 'ann',
      from: 'Default Diagram',
    },
  },
  {
    tool: 'diagrams',
    description: 'someone renamed it to another name meanwhile',
    setup: [{ type: 'renameDiagram', diagramId: DEFAULT_DIAGRAM, name: 'Map', modifiedBy: 'ben' }],
    operation: {
      type: 'renameDiagram',
      diagramId: DEFAULT_DIAGRAM,
      name: 'Overview',
      modifiedBy: 'ann',
      from: 'Default Diagram',
    },
    error: 'EDIT_CONFLICT',
  },
  {
    tool: 'diagrams',
    description: 'refuses an unknown diagram',
    operation: { type: 'renameDiagram', diagramId: 'nope', name: 'X', modifiedBy: 'ann' },
    error: 'DIAGRAM_NOT_FOUND',
  },
  {
    tool: 'diagrams',
    description: 'refuses a blank name',
    operation: { type: 'renameDiagram', diagramId: DEFAULT_DIAGRAM, name: ' ', modifiedBy: 'ann' },
    error: 'NAME_REQUIRED',
  },
  {
    tool: 'diagrams',
    description: 'deletes the default diagram: the first remaining becomes the default',
    setup: [{ type: 'createDiagram', diagramId: 'dg-2', name: 'Second', modifiedBy: 'ann' }],
    operation: { type: 'deleteDiagram', diagramId: DEFAULT_DIAGRAM, modifiedBy: 'ann' },
  },
  {
    tool: 'diagrams',
    description: 'the last diagram cannot be deleted',
    operation: { type: 'deleteDiagram', diagramId: DEFAULT_DIAGRAM, modifiedBy: 'ann' },
    error: 'LAST_DIAGRAM',
  },
  {
    tool: 'diagrams',
    description: 'refuses an unknown diagram',
    operation: { type: 'deleteDiagram', diagramId: 'nope', modifiedBy: 'ann' },
    error: 'DIAGRAM_NOT_FOUND',
  },
  {
    tool: 'diagrams',
    description: 'stores a drawing loaded at the current version',
    operation: {
      type: 'updateDiagramXml',
      diagramId: DEFAULT_DIAGRAM,
      diagramXml: SMALL_XML,
      modifiedBy: 'ann',
      baseVersion: 1,
    },
  },
  {
    tool: 'diagrams',
    description: 'someone saved another drawing since the editor loaded it',
    setup: [
      {
        type: 'updateDiagramXml',
        diagramId: DEFAULT_DIAGRAM,
        diagramXml: SMALL_XML,
        modifiedBy: 'ben',
      },
    ],
    operation: {
      type: 'updateDiagramXml',
      diagramId: DEFAULT_DIAGRAM,
      diagramXml: '<mxGraphModel><root><mxCell id="0"/></root></mxGraphModel>',
      modifiedBy: 'ann',
      baseVersion: 1,
    },
    error: 'DIAGRAM_CHANGED',
  },
  {
    tool: 'diagrams',
    description: 'refuses a blank drawing',
    operation: {
      type: 'updateDiagramXml',
      diagramId: DEFAULT_DIAGRAM,
      diagramXml: '',
      modifiedBy: 'ann',
    },
    error: 'XML_REQUIRED',
  },
  {
    tool: 'diagrams',
    description: 'refuses an unknown diagram',
    operation: {
      type: 'updateDiagramXml',
      diagramId: 'nope',
      diagramXml: SMALL_XML,
      modifiedBy: 'ann',
    },
    error: 'DIAGRAM_NOT_FOUND',
  },
  {
    tool: 'diagrams',
    description: 'the generic patch: the collection title by path',
    operation: {
      type: 'patch',
      changes: [{ op: 'set', path: ['title'], from: 'Diagrams', to: 'Architecture' }],
    },
  },
];

const vote = (userId: string, value: string) => ({
  type: 'submitVote',
  userId,
  username: userId.toUpperCase(),
  value,
});
const LOCK_AFTER_REVEAL = {
  type: 'patch',
  changes: [{ op: 'set', path: ['settings', 'allowChangeAfterReveal'], from: true, to: false }],
};

const POKER_FIXTURES: VectorFixture[] = [
  {
    tool: 'poker',
    description: 'a first vote: user id and name trimmed, timestamp from the context',
    operation: { type: 'submitVote', userId: ' ann ', username: ' Ann ', value: '5' },
  },
  {
    tool: 'poker',
    description: 'with autoReveal, the last present voter voting reveals',
    setup: [{ type: 'setAutoReveal', enabled: true }, vote('ben', '3')],
    operation: { ...vote('ann', '5'), presentVoters: ['ben', 'ann'] },
  },
  {
    tool: 'poker',
    description: 'refuses a blank user id',
    operation: vote(' ', '5'),
    error: 'USER_NOT_AUTHENTICATED',
  },
  {
    tool: 'poker',
    description: 'a spectator does not vote',
    setup: [{ type: 'setSpectator', userId: 'ann', spectator: true }],
    operation: vote('ann', '5'),
    error: 'SPECTATOR_CANNOT_VOTE',
  },
  {
    tool: 'poker',
    description: 'refuses a card not in the deck (M on the Fibonacci scale)',
    operation: vote('ann', 'M'),
    error: 'INVALID_CARD',
  },
  {
    tool: 'poker',
    description: 'votes are locked after reveal when allowChangeAfterReveal is off',
    setup: [LOCK_AFTER_REVEAL, vote('ann', '3'), { type: 'reveal' }],
    operation: vote('ann', '5'),
    error: 'VOTE_LOCKED',
  },
  {
    tool: 'poker',
    description: 'withdraws a vote',
    setup: [vote('ann', '5'), vote('ben', '3')],
    operation: { type: 'clearVote', userId: 'ann' },
  },
  {
    tool: 'poker',
    description: 'refuses a blank user id',
    operation: { type: 'clearVote', userId: '' },
    error: 'USER_NOT_AUTHENTICATED',
  },
  {
    tool: 'poker',
    description: 'a vote cannot be withdrawn once revealed when changes are locked',
    setup: [LOCK_AFTER_REVEAL, vote('ann', '3'), { type: 'reveal' }],
    operation: { type: 'clearVote', userId: 'ann' },
    error: 'VOTE_LOCKED',
  },
  {
    tool: 'poker',
    description: 'reveals the votes',
    setup: [vote('ann', '5')],
    operation: { type: 'reveal' },
  },
  {
    tool: 'poker',
    description: 'the reveal a member leaving causes: every present voter has voted',
    setup: [{ type: 'setAutoReveal', enabled: true }, vote('ann', '5')],
    operation: { type: 'reveal', presentVoters: ['ann'] },
  },
  {
    tool: 'poker',
    description: 'hides the votes again',
    setup: [vote('ann', '5'), { type: 'reveal' }],
    operation: { type: 'hide' },
  },
  {
    tool: 'poker',
    description: 'clears the votes and hides',
    setup: [vote('ann', '5'), { type: 'reveal' }],
    operation: { type: 'reset' },
  },
  {
    tool: 'poker',
    description: 'another scale clears the votes',
    setup: [vote('ann', '5')],
    operation: { type: 'changeScale', scale: 'tshirt' },
  },
  {
    tool: 'poker',
    description: 'the custom scale needs a custom deck',
    operation: { type: 'changeScale', scale: 'custom' },
    error: 'INVALID_SCALE',
  },
  {
    tool: 'poker',
    description: 'selects an issue: the round so far is kept under the key ""',
    setup: [vote('ann', '5')],
    operation: { type: 'selectIssue', issueId: 'issue-7' },
  },
  {
    tool: 'poker',
    description: 'back to no issue: its kept round comes back',
    setup: [vote('ann', '5'), { type: 'selectIssue', issueId: 'issue-7' }, vote('ben', '8')],
    operation: { type: 'selectIssue', issueId: null },
  },
  {
    tool: 'poker',
    description: 'sets the topic, trimmed',
    operation: { type: 'setTopic', topic: '  Login page  ', from: '' },
  },
  {
    tool: 'poker',
    description: 'someone set another topic meanwhile',
    setup: [{ type: 'setTopic', topic: 'Search' }],
    operation: { type: 'setTopic', topic: 'Login page', from: '' },
    error: 'EDIT_CONFLICT',
  },
  {
    tool: 'poker',
    description: 'turns auto-reveal on',
    operation: { type: 'setAutoReveal', enabled: true },
  },
  {
    tool: 'poker',
    description: 'a voter turns spectator: their hidden vote is withdrawn',
    setup: [vote('ann', '5'), vote('ben', '3')],
    operation: { type: 'setSpectator', userId: 'ann', spectator: true },
  },
  {
    tool: 'poker',
    description: 'refuses a blank user id',
    operation: { type: 'setSpectator', userId: ' ', spectator: true },
    error: 'USER_NOT_AUTHENTICATED',
  },
  {
    tool: 'poker',
    description: 'sets a custom deck (trimmed, blanks and repeats dropped) and switches to it',
    setup: [vote('ann', '5')],
    operation: { type: 'setCustomDeck', values: [' 1 ', '2', '2', '', ' 4'] },
  },
  {
    tool: 'poker',
    description: 'a deck needs at least two values',
    operation: { type: 'setCustomDeck', values: ['1', ' 1 '] },
    error: 'INVALID_DECK',
  },
  {
    tool: 'poker',
    description: 'starts the timer at the operation time',
    operation: { type: 'startTimer' },
  },
  {
    tool: 'poker',
    description: 'pauses the timer started an hour before',
    setup: [{ type: 'startTimer' }],
    operation: { type: 'pauseTimer' },
  },
  {
    tool: 'poker',
    description: 'resets the timer',
    setup: [{ type: 'startTimer' }],
    operation: { type: 'resetTimer' },
  },
  {
    tool: 'poker',
    description: 'records the final estimate of an issue, trimmed, decidedAt from the context',
    operation: { type: 'recordResult', issueId: ' issue-7 ', title: ' Login ', estimate: ' 5 ' },
  },
  {
    tool: 'poker',
    description: 'refuses a blank issue id',
    operation: { type: 'recordResult', issueId: ' ', title: 'X', estimate: '5' },
    error: 'NO_ISSUE_SELECTED',
  },
  {
    tool: 'poker',
    description: 'refuses a blank estimate',
    operation: { type: 'recordResult', issueId: 'issue-7', title: 'Login', estimate: ' ' },
    error: 'INVALID_CARD',
  },
  {
    tool: 'poker',
    description: 'the generic patch: a setting by path',
    operation: {
      type: 'patch',
      changes: [{ op: 'set', path: ['settings', 'showStatistics'], from: true, to: false }],
    },
  },
];

const RANDOMIZER_FIXTURES: VectorFixture[] = [
  {
    tool: 'randomizer',
    description: 'starts a pick with a seed: runId from the context',
    operation: { type: 'start', seed: 42 },
  },
  {
    tool: 'randomizer',
    description: 'no option left in no-repeat mode',
    setup: [
      { type: 'editOptions', text: 'Ann' },
      { type: 'start', seed: 1 },
      { type: 'complete', runId: 's2' },
    ],
    operation: { type: 'start', seed: 2 },
    error: 'NO_AVAILABLE_OPTIONS',
  },
  {
    tool: 'randomizer',
    description: 'completes the run: the last step is selected and used',
    setup: [{ type: 'start', seed: 42 }],
    operation: { type: 'complete', runId: 's1' },
  },
  {
    tool: 'randomizer',
    description: 'sets the options from the text (trimmed, blanks dropped)',
    operation: { type: 'editOptions', text: ' Ann \n\nBen\nCleo ' },
  },
  {
    tool: 'randomizer',
    description: 'with from, a teammate addition meanwhile is merged in',
    setup: [{ type: 'editOptions', text: 'Option 1\nOption 2\nOption 3\nDana' }],
    operation: {
      type: 'editOptions',
      text: 'Ann\nOption 2\nOption 3',
      from: ['Option 1', 'Option 2', 'Option 3'],
    },
  },
  {
    tool: 'randomizer',
    description: 'both renamed the same option differently',
    setup: [{ type: 'editOptions', text: 'Xavier\nOption 2\nOption 3' }],
    operation: {
      type: 'editOptions',
      text: 'Yvonne\nOption 2\nOption 3',
      from: ['Option 1', 'Option 2', 'Option 3'],
    },
    error: 'EDIT_CONFLICT',
  },
  {
    tool: 'randomizer',
    description: 'switching to allow clears the used options',
    setup: [
      { type: 'start', seed: 42 },
      { type: 'complete', runId: 's1' },
    ],
    operation: { type: 'setMode', mode: 'allow' },
  },
  {
    tool: 'randomizer',
    description: 'makes every option available again',
    setup: [
      { type: 'start', seed: 42 },
      { type: 'complete', runId: 's1' },
    ],
    operation: { type: 'resetUsed' },
  },
  {
    tool: 'randomizer',
    description: 'the generic patch: the options by path',
    operation: {
      type: 'patch',
      changes: [
        {
          op: 'set',
          path: ['options'],
          from: ['Option 1', 'Option 2', 'Option 3'],
          to: ['Ann', 'Ben'],
        },
      ],
    },
  },
];

/** Every vector's inputs, by tool in the registry's order. */
export const VECTOR_FIXTURES: readonly VectorFixture[] = [
  ...TRACKER_FIXTURES.filter((fixture) => fixture.tool === 'kanban'),
  ...TRACKER_FIXTURES.filter((fixture) => fixture.tool === 'ticket-system'),
  ...BULLETIN_FIXTURES,
  ...DIAGRAM_FIXTURES,
  ...POKER_FIXTURES,
  ...RANDOMIZER_FIXTURES,
];
