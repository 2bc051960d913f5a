/**
 * The activity log in the reader's language (spec §3 Activity log entry, §1 Interface languages):
 * {@link activityText} words one entry of any tool as one sentence — "Ann moved 'Login bug' from
 * To Do to In Progress", "Ben hat die Spalte „Testing“ mit 4 Karten gelöscht" — from its
 * `action`, `params` and values (messages `activity_*`), never from its English `details`.
 * Kanban speaks of columns and cards, Issue Management of phases and issues (spec §2).
 */
import type { ActivityLogEntry, ToolName } from '@cipherspace/tools';
import type { BulletinOperationType } from '@cipherspace/tools/bulletin';
import type { DiagramOperationType } from '@cipherspace/tools/diagrams';
import type { PokerOperationType } from '@cipherspace/tools/poker';
import type { RandomizerOperationType } from '@cipherspace/tools/randomizer';
import type { TrackerOperationType } from '@cipherspace/tools/tracker';

import type { Language } from '../../lib/i18n.ts';
import { m } from '../../paraglide/messages.js';

interface Options {
  locale: Language;
}

/** One action's sentence: `user` is the display name (or 'Someone'). */
type Words = (entry: ActivityLogEntry, user: string, options: Options) => string;

// A param as text ('' when the entry lacks it).
function param(entry: ActivityLogEntry, key: string): string {
  const value = entry.params[key];
  return value === undefined ? '' : String(value);
}

function count(entry: ActivityLogEntry): number {
  const value = entry.params.count;
  return typeof value === 'number' ? value : Number(value ?? 0);
}

// A field of an entry's old or new value when that value is an object, else undefined.
function field(value: ActivityLogEntry['oldValue'], key: string): unknown {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Readonly<Record<string, unknown>>)[key]
    : undefined;
}

function renamed(entry: ActivityLogEntry, key: 'name' | 'title'): boolean {
  const oldKey = key === 'name' ? 'oldName' : 'oldTitle';
  return oldKey in entry.params && param(entry, oldKey) !== param(entry, key);
}

// A move that left the card in its column (a reorder within it).
function sameColumn(entry: ActivityLogEntry): boolean {
  const from = field(entry.oldValue, 'phaseId');
  return from !== undefined && from === field(entry.newValue, 'phaseId');
}

const KANBAN: Readonly<Record<TrackerOperationType, Words>> = {
  addPhase: (e, user, o) => m.activity_kanban_column_added({ user, name: param(e, 'name') }, o),
  updatePhase: (e, user, o) =>
    renamed(e, 'name')
      ? m.activity_kanban_column_renamed(
          { user, name: param(e, 'name'), oldName: param(e, 'oldName') },
          o,
        )
      : m.activity_kanban_column_updated({ user, name: param(e, 'name') }, o),
  deletePhase: (e, user, o) =>
    count(e) === 1
      ? m.activity_kanban_column_deleted_one({ user, name: param(e, 'name') }, o)
      : m.activity_kanban_column_deleted_other(
          { user, name: param(e, 'name'), count: count(e) },
          o,
        ),
  movePhase: (e, user, o) => kanbanColumnMoved(e, user, o),
  movePhaseTo: (e, user, o) => kanbanColumnMoved(e, user, o),
  addIssue: (e, user, o) =>
    m.activity_kanban_card_added({ user, title: param(e, 'title'), column: param(e, 'phase') }, o),
  updateIssue: (e, user, o) =>
    renamed(e, 'title')
      ? m.activity_kanban_card_renamed(
          { user, title: param(e, 'title'), oldTitle: param(e, 'oldTitle') },
          o,
        )
      : m.activity_kanban_card_updated({ user, title: param(e, 'title') }, o),
  deleteIssue: (e, user, o) =>
    m.activity_kanban_card_deleted(
      { user, title: param(e, 'title'), column: param(e, 'phase') },
      o,
    ),
  moveIssue: (e, user, o) =>
    sameColumn(e)
      ? m.activity_kanban_card_reordered(
          { user, title: param(e, 'title'), column: param(e, 'to') },
          o,
        )
      : m.activity_kanban_card_moved(
          { user, title: param(e, 'title'), from: param(e, 'from'), to: param(e, 'to') },
          o,
        ),
  addComment: (e, user, o) =>
    m.activity_kanban_comment_added({ user, title: param(e, 'title') }, o),
  deleteComment: (e, user, o) =>
    m.activity_kanban_comment_deleted({ user, title: param(e, 'title') }, o),
  addTeamMember: (e, user, o) => m.activity_team_member_added({ user, name: param(e, 'name') }, o),
  updateSettings: (_e, user, o) => m.activity_settings_changed({ user }, o),
};

function kanbanColumnMoved(entry: ActivityLogEntry, user: string, options: Options): string {
  return m.activity_kanban_column_moved(
    { user, name: param(entry, 'name'), from: param(entry, 'from'), to: param(entry, 'to') },
    options,
  );
}

const TICKET: Readonly<Record<TrackerOperationType, Words>> = {
  addPhase: (e, user, o) => m.activity_ticket_phase_added({ user, name: param(e, 'name') }, o),
  updatePhase: (e, user, o) =>
    renamed(e, 'name')
      ? m.activity_ticket_phase_renamed(
          { user, name: param(e, 'name'), oldName: param(e, 'oldName') },
          o,
        )
      : m.activity_ticket_phase_updated({ user, name: param(e, 'name') }, o),
  deletePhase: (e, user, o) =>
    count(e) === 1
      ? m.activity_ticket_phase_deleted_one({ user, name: param(e, 'name') }, o)
      : m.activity_ticket_phase_deleted_other({ user, name: param(e, 'name'), count: count(e) }, o),
  movePhase: (e, user, o) => ticketPhaseMoved(e, user, o),
  movePhaseTo: (e, user, o) => ticketPhaseMoved(e, user, o),
  addIssue: (e, user, o) =>
    m.activity_ticket_issue_added({ user, title: param(e, 'title'), phase: param(e, 'phase') }, o),
  updateIssue: (e, user, o) =>
    renamed(e, 'title')
      ? m.activity_ticket_issue_renamed(
          { user, title: param(e, 'title'), oldTitle: param(e, 'oldTitle') },
          o,
        )
      : m.activity_ticket_issue_updated({ user, title: param(e, 'title') }, o),
  deleteIssue: (e, user, o) =>
    m.activity_ticket_issue_deleted(
      { user, title: param(e, 'title'), phase: param(e, 'phase') },
      o,
    ),
  moveIssue: (e, user, o) =>
    sameColumn(e)
      ? m.activity_ticket_issue_reordered(
          { user, title: param(e, 'title'), phase: param(e, 'to') },
          o,
        )
      : m.activity_ticket_issue_moved(
          { user, title: param(e, 'title'), from: param(e, 'from'), to: param(e, 'to') },
          o,
        ),
  addComment: (e, user, o) =>
    m.activity_ticket_comment_added({ user, title: param(e, 'title') }, o),
  deleteComment: (e, user, o) =>
    m.activity_ticket_comment_deleted({ user, title: param(e, 'title') }, o),
  addTeamMember: (e, user, o) => m.activity_team_member_added({ user, name: param(e, 'name') }, o),
  updateSettings: (_e, user, o) => m.activity_settings_changed({ user }, o),
};

function ticketPhaseMoved(entry: ActivityLogEntry, user: string, options: Options): string {
  return m.activity_ticket_phase_moved(
    { user, name: param(entry, 'name'), from: param(entry, 'from'), to: param(entry, 'to') },
    options,
  );
}

const BULLETIN: Readonly<Record<BulletinOperationType, Words>> = {
  addPost: (e, user, o) => m.activity_bulletin_note_added({ user, title: param(e, 'title') }, o),
  updatePost: (e, user, o) =>
    renamed(e, 'title')
      ? m.activity_bulletin_note_renamed(
          { user, title: param(e, 'title'), oldTitle: param(e, 'oldTitle') },
          o,
        )
      : m.activity_bulletin_note_updated({ user, title: param(e, 'title') }, o),
  deletePost: (e, user, o) =>
    m.activity_bulletin_note_deleted({ user, title: param(e, 'title') }, o),
  movePost: (e, user, o) => m.activity_bulletin_note_moved({ user, title: param(e, 'title') }, o),
};

const POKER: Readonly<Record<PokerOperationType, Words>> = {
  // The card itself stays out of the sentence: votes are hidden until revealed (spec §4).
  submitVote: (e, user, o) =>
    e.oldValue === null
      ? m.activity_poker_vote_submitted({ user }, o)
      : m.activity_poker_vote_changed({ user }, o),
  clearVote: (_e, user, o) => m.activity_poker_vote_cleared({ user }, o),
  reveal: (_e, user, o) => m.activity_poker_revealed({ user }, o),
  hide: (_e, user, o) => m.activity_poker_hidden({ user }, o),
  reset: (_e, user, o) => m.activity_poker_reset({ user }, o),
  changeScale: (e, user, o) =>
    m.activity_poker_scale_changed(
      {
        user,
        scale:
          param(e, 'scale') === 'tshirt'
            ? m.poker_scale_tshirt({}, o)
            : m.poker_scale_fibonacci({}, o),
      },
      o,
    ),
  selectIssue: (e, user, o) =>
    e.newValue === null
      ? m.activity_poker_issue_cleared({ user }, o)
      : m.activity_poker_issue_selected({ user }, o),
  setTopic: (e, user, o) =>
    e.newValue === null
      ? m.activity_poker_topic_cleared({ user }, o)
      : m.activity_poker_topic_set({ user, topic: param(e, 'topic') }, o),
};

const RANDOMIZER: Readonly<Record<RandomizerOperationType, Words>> = {
  start: (_e, user, o) => m.activity_randomizer_started({ user }, o),
  complete: (e, user, o) =>
    m.activity_randomizer_completed({ user, option: param(e, 'option') }, o),
  editOptions: (e, user, o) => m.activity_randomizer_options_edited({ user, count: count(e) }, o),
  setMode: (e, user, o) =>
    param(e, 'mode') === 'allow'
      ? m.activity_randomizer_repeat_allowed({ user }, o)
      : m.activity_randomizer_repeat_forbidden({ user }, o),
  resetUsed: (_e, user, o) => m.activity_randomizer_used_reset({ user }, o),
};

const DIAGRAMS: Readonly<Record<DiagramOperationType, Words>> = {
  createDiagram: (e, user, o) => m.activity_diagrams_created({ user, name: param(e, 'name') }, o),
  renameDiagram: (e, user, o) =>
    m.activity_diagrams_renamed({ user, name: param(e, 'name'), oldName: param(e, 'oldName') }, o),
  deleteDiagram: (e, user, o) => m.activity_diagrams_deleted({ user, name: param(e, 'name') }, o),
  updateDiagramXml: (e, user, o) => m.activity_diagrams_edited({ user, name: param(e, 'name') }, o),
};

// Every tool of the registry, each with every one of its operations (checked by the types).
const WORDS: Readonly<Record<ToolName, Readonly<Record<string, Words>>>> = {
  kanban: KANBAN,
  'ticket-system': TICKET,
  bulletin: BULLETIN,
  diagrams: DIAGRAMS,
  poker: POKER,
  randomizer: RANDOMIZER,
};

/**
 * One sentence for `entry`, an activity log entry (spec §3; from `activityOf` of
 * `@cipherspace/tools` or a tool's own entry function), in `language`: the user's display name
 * ('Someone' / 'Jemand' when blank), what they did in the words of the entry's tool (`tool`:
 * columns and cards on Kanban, phases and issues in Issue Management), and the names and counts
 * its `params` carry. An undo or restore ('patch') says how many changes it reverted; an action
 * or tool this version does not know (a newer client's) says only that the user made a change.
 * Pure; throws nothing.
 */
export function activityText(entry: ActivityLogEntry, language: Language): string {
  const options: Options = { locale: language };
  const user = entry.userDisplayName.trim() || m.activity_someone({}, options);
  // 'patch': an undo or restore, the generic operation every tool has.
  if (entry.action === 'patch')
    return count(entry) === 1
      ? m.activity_patch_one({ user }, options)
      : m.activity_patch_other({ user, count: count(entry) }, options);
  const table = Object.hasOwn(WORDS, entry.tool) ? WORDS[entry.tool] : undefined;
  const words = table && Object.hasOwn(table, entry.action) ? table[entry.action] : undefined;
  return words ? words(entry, user, options) : m.activity_unknown({ user }, options);
}
