/**
 * The Kanban screen, route /tools/kanban (spec §2; §3 shared phase/issue content and kanban
 * settings; §4 Issue/card moves, Tool content; §5 Issue form; §8 Tracker logic, Kanban/ticket
 * errors). Loads the board through the shared sync engine, shows it live, and turns every
 * user action into a named tracker operation: addColumn, deleteColumn, moveColumn, addCard,
 * updateCard, deleteCard, moveCard. Modals keep their own input, so a remote update of the board
 * never resets what the user is typing.
 */
import { Plus } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';

import { editBetween, isEmptyEdit } from '@cipherspace/tools';
import { StatusMessage } from '../../components/StatusMessage.tsx';
import {
  canAddPhase,
  canDeletePhase,
  findIssue,
  type Issue,
  type KanbanContent,
  kanbanTool,
  type Phase,
} from '@cipherspace/tools/tracker';
import { useLanguage } from '../../lib/i18n.ts';
import { useSession } from '../../lib/session.ts';
import { useFlashMessage } from '../../lib/use-flash-message.ts';
import { m } from '../../paraglide/messages.js';
import { DeleteConfirmDialog, useDeleteConfirmation } from '../content/DeleteConfirmDialog.tsx';
import type { SaveOutcome } from '../content/EditConflictPanel.tsx';
import { ToolContentState } from '../content/ToolContentState.tsx';
import { ToolHeader } from '../content/ToolHeader.tsx';
import { ToolHistory } from '../content/ToolHistory.tsx';
import { useToolContent } from '../content/use-tool-content.ts';
import { useToolPresence } from '../content/use-tool-presence.ts';
import {
  IssueFormModal,
  formatIssueValue,
  issueFieldLabel,
  issueInputOf,
  type IssueFormValues,
} from '../tracker/IssueFormModal.tsx';
import { PhaseFormModal, type PhaseFormValues } from '../tracker/PhaseFormModal.tsx';
import { useSpaceMembers } from '../tracker/AssigneePicker.tsx';
import { useCompactView } from '../tracker/CardDensityToggle.tsx';
import { useToday } from '../tracker/due-reminders.tsx';
import { usePhasePlanning } from '../tracker/use-phase-planning.ts';
import {
  EMPTY_FILTER_STATE,
  isFilterStateEmpty,
  toIssueFilter,
  type FilterState,
} from '../tracker/tracker-filter.ts';
import { TrackerFilterBar } from '../tracker/TrackerFilterBar.tsx';
import { TrackerHeaderTools } from '../tracker/TrackerHeaderTools.tsx';
import { IssueLinksProvider } from '../tracker/IssueDetailsContext.tsx';
import { IssueDetailsDrawer } from '../tracker/IssueDetailsDrawer.tsx';
import {
  useFilterChoices,
  useIssueDetails,
  useIssueFormToReopen,
  useRequestedIssue,
} from '../tracker/use-tracker-page.ts';
import { useTrackerEdit, useTrackerPerform } from '../tracker/use-tracker-perform.ts';
import { searchBoard } from './kanban-board.ts';
import { KanbanBoard } from './KanbanBoard.tsx';
import './kanban.css';

/**
 * The open card form: adding to a column, or editing a card (its values when opened); `basedOn`
 * is the board version it was opened on, so a card or column deleted meanwhile is reported as a
 * version conflict (spec §8).
 */
type CardForm =
  | { mode: 'add'; phaseId: string; basedOn: number }
  | { mode: 'edit'; issue: Issue; basedOn: number }
  | null;

/** The column or card a delete confirmation is open for and the board version it was opened on. */
type PendingDelete =
  | { kind: 'column'; phase: Phase; basedOn: number }
  | { kind: 'card'; issue: Issue; basedOn: number };

/** Scrolls to the move handle of card `issueId` and focuses it; false when it is not rendered. */
function focusCardHandle(issueId: string): boolean {
  const handle = document.querySelector<HTMLElement>(
    `[data-issue-id="${CSS.escape(issueId)}"] .kanban-drag-handle`,
  );
  if (!handle) return false;
  handle.scrollIntoView({ block: 'center', inline: 'center' });
  handle.focus();
  return true;
}

/** What a read-only board does with a user's action: nothing. */
const ignore = () => undefined;

/** spec §2 /tools/kanban; the router lazy-loads this default export. */
export default function KanbanPage() {
  const tool = useToolContent(kanbanTool);
  const presence = useToolPresence('kanban');
  const session = useSession();
  const language = useLanguage();
  const [message, showMessage] = useFlashMessage();
  const perform = useTrackerPerform(tool, showMessage);
  const performEdit = useTrackerEdit(tool, showMessage);

  const content = tool.state.status === 'loaded' ? tool.state.content : null;
  const version = tool.state.version;

  const [columnFormOpen, setColumnFormOpen] = useState(false);
  const [cardForm, setCardForm] = useState<CardForm>(null);
  const deletion = useDeleteConfirmation((pending: PendingDelete) =>
    pending.kind === 'column'
      ? perform({ type: 'deletePhase', phaseId: pending.phase.id }, 'deleteColumn', pending.basedOn)
      : perform({ type: 'deleteIssue', issueId: pending.issue.id }, 'deleteCard', pending.basedOn),
  );
  const [filterState, setFilterState] = useState<FilterState>(EMPTY_FILTER_STATE);
  // Back after a sign-out that closed the card dialog: it opens again with its draft.
  useIssueFormToReopen('card', content, (form) => setCardForm({ ...form, basedOn: version }));
  const {
    editing: editingColumn,
    editPhase,
    closePhaseEdit,
    submitPhaseEdit,
    archiveIssue,
    archiveDone,
  } = usePhasePlanning(tool, showMessage, 'card');
  const today = useToday();
  const [compact, setCompact] = useCompactView(
    'kanban',
    content?.settings.cardCompactView ?? false,
  );
  const members = useSpaceMembers(content?.teamMembers ?? []);

  // The card whose details drawer is open (opened from the card's title or the quick search).
  const [detailsId, setDetailsId] = useState<string | null>(null);

  // `?card=<id>` (the quick search): the card's details drawer opens, as a click on its title
  // opens it. The card's move handle is focused first (scrolled into view), so closing the drawer
  // returns there; a card a filter or a long column's window leaves out is searched for by its
  // title first, and its drawer opens once the search shows it.
  const cardToOpen = useRef<string | null>(null);
  const openCard = useCallback((issue: Issue) => {
    if (focusCardHandle(issue.id)) {
      setDetailsId(issue.id);
      return;
    }
    cardToOpen.current = issue.id;
    const archived = issue.archived === true ? { archived: true } : {};
    setFilterState({ ...EMPTY_FILTER_STATE, text: issue.title, ...archived });
  }, []);
  useRequestedIssue('card', content, openCard);
  useEffect(() => {
    const searched = cardToOpen.current;
    cardToOpen.current = null;
    if (searched === null) return;
    focusCardHandle(searched);
    setDetailsId(searched);
  }, [filterState]);

  // The cards the search finds, once per board and filter (not per render).
  const { assignees, tags } = useFilterChoices(content, language);
  const search = useMemo(
    () =>
      content === null || isFilterStateEmpty(filterState)
        ? null
        : searchBoard(content, toIssueFilter(filterState, today)),
    [content, filterState, today],
  );

  const username = session?.user.username ?? '';
  const title = content?.title ?? m.kanban_page_title();
  const addAllowed = content !== null && canAddPhase(content);

  // The open card's details, as the board holds it.
  const {
    details,
    members: mentionMembers,
    unread,
    discussion,
  } = useIssueDetails(content, detailsId, perform, username, language, performEdit);
  const issueLinks = useMemo(() => ({ open: setDetailsId, unread }), [unread]);

  async function submitColumn(values: PhaseFormValues): Promise<boolean> {
    const saved = await perform(
      { type: 'addPhase', name: values.name, color: values.color },
      'addColumn',
    );
    // Someone else filled the board up meanwhile: the form can no longer succeed.
    const board = tool.current().content;
    if (!saved && board !== null && !canAddPhase(board)) setColumnFormOpen(false);
    return saved;
  }

  async function submitCard(values: IssueFormValues, base: IssueFormValues): Promise<SaveOutcome> {
    if (cardForm === null) return false;
    // An edit sends only the fields the member changed, each with the value it started from.
    const edit = editBetween(base, values);
    if (cardForm.mode === 'edit' && isEmptyEdit(edit)) return true;
    const saved =
      cardForm.mode === 'add'
        ? await perform(
            {
              type: 'addIssue',
              phaseId: cardForm.phaseId,
              issue: issueInputOf(values),
              createdBy: username,
            },
            'addCard',
            cardForm.basedOn,
          )
        : await performEdit(
            { type: 'updateIssue', issueId: cardForm.issue.id, ...edit },
            'updateCard',
            cardForm.basedOn,
          );
    if (typeof saved === 'object') return saved;
    // Nothing left to save the input into (deleted meanwhile): close, the message says why.
    const board = tool.current().content;
    const gone =
      board !== null &&
      (cardForm.mode === 'add'
        ? !board.phases.some((phase) => phase.id === cardForm.phaseId)
        : findIssue(board, cardForm.issue.id) === null);
    if (!saved && gone) setCardForm(null);
    return saved;
  }

  // A version from the history, as the board showed it then (read-only: the panel makes it inert).
  const renderPreview = (board: KanbanContent) => (
    <KanbanBoard
      content={board}
      language={language}
      onMoveColumn={ignore}
      onDeleteColumn={ignore}
      onAddCard={ignore}
      onEditCard={ignore}
      onDeleteCard={ignore}
      onMoveCard={ignore}
      onDropRefused={ignore}
    />
  );

  const phaseOf = (phaseId: string) =>
    content?.phases.find((phase) => phase.id === phaseId) ?? null;

  return (
    <section className="tool-page kanban-page">
      <ToolHeader title={title} presence={presence}>
        <ToolHistory tool={tool} show={showMessage} renderPreview={renderPreview} />
        <TrackerHeaderTools
          tool={tool}
          content={content}
          toolName="kanban"
          noun="card"
          username={username}
          language={language}
          tags={tags}
          compact={compact}
          onCompactChange={setCompact}
          show={showMessage}
        />
        {tool.state.saving ? (
          <span className="kanban-saving" role="status">
            {m.tool_saving()}
          </span>
        ) : null}
        <button
          type="button"
          className="button button-primary"
          disabled={!addAllowed}
          aria-describedby={content && !addAllowed ? 'kanban-max-columns' : undefined}
          onClick={() => setColumnFormOpen(true)}
        >
          <Plus aria-hidden="true" />
          {m.kanban_add_column()}
        </button>
      </ToolHeader>

      <StatusMessage kind={message?.kind ?? 'info'}>{message?.text}</StatusMessage>
      <ToolContentState tool={tool} fieldLabel={issueFieldLabel} formatValue={formatIssueValue} />

      {content ? (
        <>
          {!addAllowed || (content.settings.allowPhaseDelete && !canDeletePhase(content)) ? (
            <div className="kanban-limits">
              {!addAllowed ? (
                <p id="kanban-max-columns" className="field-hint">
                  {m.kanban_max_columns({ max: String(content.settings.maxPhases) })}
                </p>
              ) : null}
              {content.settings.allowPhaseDelete && !canDeletePhase(content) ? (
                <p className="field-hint">
                  {m.kanban_min_columns({ min: String(content.settings.minPhases) })}
                </p>
              ) : null}
            </div>
          ) : null}
          <TrackerFilterBar
            state={filterState}
            noun="card"
            issueTypes={content.settings.availableIssueTypes}
            assignees={assignees}
            tags={tags}
            shown={search?.shown ?? 0}
            total={search?.total ?? 0}
            archivedMatches={search?.archivedMatches ?? 0}
            onChange={setFilterState}
          />
          <IssueLinksProvider value={issueLinks}>
            <KanbanBoard
              content={content}
              search={search}
              language={language}
              onMoveColumn={(phaseId, direction) =>
                void perform({ type: 'movePhase', phaseId, direction }, 'moveColumn', version)
              }
              onDeleteColumn={(phaseId) => {
                const phase = phaseOf(phaseId);
                if (phase) deletion.ask({ kind: 'column', phase, basedOn: version });
              }}
              onAddCard={(phaseId) => setCardForm({ mode: 'add', phaseId, basedOn: version })}
              onEditCard={(issue) => setCardForm({ mode: 'edit', issue, basedOn: version })}
              onDeleteCard={(issue) => deletion.ask({ kind: 'card', issue, basedOn: version })}
              onMoveCard={(operation) => void perform(operation, 'moveCard', version)}
              onDropRefused={() => showMessage('error', m.tracker_error_phase_full())}
              onArchiveCard={(issue, archived) => archiveIssue(issue.id, archived)}
              onEditColumn={editPhase}
              onArchiveDone={archiveDone}
              compact={compact}
              today={today}
            />
          </IssueLinksProvider>
          <IssueDetailsDrawer
            issueId={detailsId}
            issue={details?.issue ?? null}
            phaseName={details?.phase.name ?? null}
            me={username}
            members={mentionMembers}
            onEdit={(issue) => setCardForm({ mode: 'edit', issue, basedOn: version })}
            onArchive={archiveIssue}
            onClose={() => setDetailsId(null)}
            {...discussion}
          />
          <PhaseFormModal
            key={editingColumn?.phase.id ?? 'closed'}
            open={editingColumn !== null}
            editing={editingColumn?.phase}
            title={m.tracker_edit_column_title()}
            submitLabel={m.tracker_issue_form_save()}
            withDescription={false}
            onEdit={submitPhaseEdit}
            onClose={closePhaseEdit}
          />

          <PhaseFormModal
            open={columnFormOpen}
            title={m.kanban_add_column()}
            submitLabel={m.kanban_add_column_submit()}
            withDescription={false}
            onSubmit={submitColumn}
            onClose={() => setColumnFormOpen(false)}
          />
          <IssueFormModal
            // A new form for every card opened, starting from that card's values.
            key={cardForm === null ? 'closed' : cardForm.mode === 'add' ? 'add' : cardForm.issue.id}
            open={cardForm !== null}
            noun="card"
            subject={
              cardForm === null
                ? ''
                : cardForm.mode === 'add'
                  ? cardForm.phaseId
                  : cardForm.issue.id
            }
            mode={cardForm?.mode ?? 'add'}
            initial={cardForm?.mode === 'edit' ? cardForm.issue : undefined}
            issueTypes={content.settings.availableIssueTypes}
            defaultType={content.settings.defaultIssueType}
            teamMembers={members}
            tagSuggestions={tags}
            tagColors={content.tagColors}
            onSubmit={submitCard}
            onClose={() => setCardForm(null)}
          />
          <DeleteConfirmDialog
            confirmation={deletion}
            title={(pending) =>
              pending.kind === 'column'
                ? m.kanban_delete_column_title()
                : m.kanban_delete_card_title()
            }
            text={(pending) =>
              pending.kind === 'column'
                ? m.kanban_delete_column_text({
                    name: pending.phase.name,
                    // The cards it holds now, not when the confirmation opened.
                    count: String((phaseOf(pending.phase.id) ?? pending.phase).issues.length),
                  })
                : m.kanban_delete_card_text({ title: pending.issue.title })
            }
          />
        </>
      ) : null}
    </section>
  );
}
