/**
 * The Issue Management screen, route /tools/ticket (spec §2 "/tools/ticket (Issue
 * Management)"): the header with Add Phase, the search and filter bar (spec §3 Issue filter),
 * the statistics view (spec §3 Statistics), the phases as accordion sections and the details
 * side panel with comments. Content comes from the shared sync engine (spec §4 Tool content,
 * content id 'ticket-system'); every change is a named tracker operation run through
 * `useTrackerPerform`, which shows the spec §8 messages. The rules live in @cipherspace/tools/tracker.
 */
import { DndContext, DragOverlay } from '@dnd-kit/core';
import { Plus, Settings } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';

import { editBetween, isEmptyEdit } from '@cipherspace/tools';
import { ConfirmDialog } from '../../components/Modal.tsx';
import { StatusMessage } from '../../components/StatusMessage.tsx';
import {
  allowedFilter,
  canAddPhase,
  canDeletePhase,
  computeStatistics,
  filterIssues,
  findIssue,
  findPhase,
  isEmptyFilter,
  isPhaseFull,
  ISSUE_TYPES,
  sortByOrder,
  activeIssueCount,
  type Issue,
  type TicketContent,
  ticketTool,
} from '@cipherspace/tools/tracker';
import { useLanguage } from '../../lib/i18n.ts';
import { useSession } from '../../lib/session.ts';
import { useFlashMessage } from '../../lib/use-flash-message.ts';
import { m } from '../../paraglide/messages.js';
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
import { PhaseFormModal } from '../tracker/PhaseFormModal.tsx';
import { useSpaceMembers } from '../tracker/AssigneePicker.tsx';
import { useCompactView } from '../tracker/CardDensityToggle.tsx';
import { useToday } from '../tracker/due-reminders.tsx';
import { usePhasePlanning } from '../tracker/use-phase-planning.ts';
import { TrackerHeaderTools } from '../tracker/TrackerHeaderTools.tsx';
import { IssueLinksProvider } from '../tracker/IssueDetailsContext.tsx';
import {
  useFilterChoices,
  useIssueDetails,
  useIssueFormToReopen,
  useRequestedIssue,
} from '../tracker/use-tracker-page.ts';
import { TicketSettingsDialog } from './TicketSettingsDialog.tsx';
import { useTrackerEdit, useTrackerPerform } from '../tracker/use-tracker-perform.ts';
import type { SaveOutcome } from '../content/EditConflictPanel.tsx';
import { IssueDetailsPanel } from './IssueDetailsPanel.tsx';
import { PhaseSection } from './PhaseSection.tsx';
import { StatisticsPanel } from './StatisticsPanel.tsx';
import { TicketHistoryPreview } from './ticket-history-preview.tsx';
import { useIssueMoves } from './use-issue-moves.ts';
import { containerCollisions } from '../tracker/dnd-collisions.ts';
import { groupByPhase, knownPeople } from './ticket-view.ts';
import {
  activeIssuesInOrder,
  EMPTY_FILTER_STATE,
  toIssueFilter,
  type FilterState,
} from '../tracker/tracker-filter.ts';
import { TrackerFilterBar } from '../tracker/TrackerFilterBar.tsx';
import './ticket.css';

/** Which issue form is open: adding to a phase, or editing an issue. */
/** The open issue form; `basedOn` is the content version it was opened on (spec §8 conflict). */
type IssueFormTarget =
  | { mode: 'add'; phaseId: string; basedOn: number }
  | { mode: 'edit'; issueId: string; basedOn: number };

/** Where keyboard focus goes after the next render. */
type FocusTarget = { kind: 'panel' } | { kind: 'issue'; issueId: string } | null;

const STATISTICS_ID = 'ticket-statistics';
const MOVE_HINT_ID = 'ticket-move-hint';

/** The issues of a phase without a filter match: one array, so its section need not re-render. */
const NO_ISSUES: readonly Issue[] = [];

function issueFormInitial(issue: Issue): Partial<IssueFormValues> {
  const planned = { tags: issue.tags, dueDate: issue.dueDate ?? null };
  return {
    title: issue.title,
    description: issue.description,
    type: issue.type,
    priority: issue.priority,
    estimation: issue.estimation,
    assignedPerson: issue.assignedPerson,
    ...planned,
  };
}

/** A version from the history, as the page showed its phases then (the panel makes it inert). */
const renderPreview = (content: TicketContent) => <TicketHistoryPreview content={content} />;

/** The /tools/ticket screen (default export for the router's lazy import). */
export default function TicketPage() {
  const tool = useToolContent(ticketTool);
  const presence = useToolPresence('ticket-system');
  const session = useSession();
  const language = useLanguage();
  const [message, showMessage] = useFlashMessage();
  const run = useTrackerPerform(tool, showMessage);
  const runEdit = useTrackerEdit(tool, showMessage);

  const [addingPhase, setAddingPhase] = useState(false);
  const [issueForm, setIssueForm] = useState<IssueFormTarget | null>(null);
  const [pendingPhaseDelete, setPendingPhaseDelete] = useState<string | null>(null);
  const [deletingPhase, setDeletingPhase] = useState<string | null>(null);
  const [selectedIssueId, setSelectedIssueId] = useState<string | null>(null);
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(() => new Set());
  const [filterState, setFilterState] = useState<FilterState>(EMPTY_FILTER_STATE);
  const [showStatistics, setShowStatistics] = useState(false);
  const [editingSettings, setEditingSettings] = useState(false);
  // Focus moves after the render that shows its target: a request counter triggers the effect.
  const focusTarget = useRef<FocusTarget>(null);
  const [focusRequest, setFocusRequest] = useState(0);
  const panelHeadingRef = useRef<HTMLHeadingElement>(null);
  const moveFocus = useCallback((target: FocusTarget) => {
    focusTarget.current = target;
    setFocusRequest((count) => count + 1);
  }, []);

  useEffect(() => {
    const target = focusTarget.current;
    focusTarget.current = null;
    if (target?.kind === 'panel') panelHeadingRef.current?.focus();
    else if (target?.kind === 'issue')
      document
        .querySelector<HTMLElement>(`[data-issue-id="${CSS.escape(target.issueId)}"]`)
        ?.focus();
  }, [focusRequest]);

  const { state } = tool;
  const content = state.status === 'loaded' ? state.content : null;
  // Back after a sign-out that closed the issue dialog: it opens again with its draft.
  useIssueFormToReopen('issue', content, (form) =>
    setIssueForm(
      form.mode === 'add'
        ? { mode: 'add', phaseId: form.phaseId, basedOn: state.version }
        : { mode: 'edit', issueId: form.issue.id, basedOn: state.version },
    ),
  );
  const username = session?.user.username ?? '';

  const {
    details: selected,
    members,
    unread,
    discussion,
  } = useIssueDetails(content, selectedIssueId, run, username, language, runEdit);
  const issueLinks = useMemo(() => ({ unread }), [unread]);
  const editing =
    content && issueForm?.mode === 'edit' ? findIssue(content, issueForm.issueId) : null;
  const phaseToDelete =
    content && pendingPhaseDelete ? findPhase(content, pendingPhaseDelete) : null;

  // The selection as of the latest render, for callbacks that resume after a save.
  const selectedRef = useRef(selectedIssueId);
  useEffect(() => {
    selectedRef.current = selectedIssueId;
  }, [selectedIssueId]);

  // The version the phases' add-issue buttons open the form on, for their stable callback.
  const versionRef = useRef(state.version);
  useEffect(() => {
    versionRef.current = state.version;
  }, [state.version]);

  // Stable callbacks: the memoised phase sections and issue items skip re-rendering for them.
  const selectIssue = useCallback(
    (issueId: string) => {
      setSelectedIssueId(issueId);
      moveFocus({ kind: 'panel' });
    },
    [moveFocus],
  );
  // `?issue=<id>` (the quick search): that issue is selected once the board is there.
  const selectRequested = useCallback((issue: Issue) => selectIssue(issue.id), [selectIssue]);
  useRequestedIssue('issue', content, selectRequested);
  const addIssueTo = useCallback(
    (phaseId: string) => setIssueForm({ mode: 'add', phaseId, basedOn: versionRef.current }),
    [],
  );

  const {
    dnd: moveDnd,
    movesFor,
    active: draggedIssue,
    movedId: movedIssueId,
    news: moveNews,
    rootRef: phasesRef,
  } = useIssueMoves({
    content,
    move: (operation) => void run(operation, 'moveIssue'),
    refused: () => showMessage('error', m.tracker_error_phase_full()),
  });
  // The phase showing the issue moved from the keyboard, which keeps it rendered for the focus.
  const movedPhaseId =
    content && movedIssueId !== null ? (findIssue(content, movedIssueId)?.phase.id ?? null) : null;
  const phaseChoices = useMemo(
    () =>
      content
        ? sortByOrder(content.phases).map((phase) => ({
            id: phase.id,
            name: phase.name,
            full: isPhaseFull(phase),
          }))
        : [],
    [content],
  );

  const closePanel = () => {
    if (selectedIssueId !== null) moveFocus({ kind: 'issue', issueId: selectedIssueId });
    setSelectedIssueId(null);
  };

  const toggle = useCallback(
    (phaseId: string) =>
      setCollapsed((current) => {
        const next = new Set(current);
        if (!next.delete(phaseId)) next.add(phaseId);
        return next;
      }),
    [],
  );

  const today = useToday();
  const [compact, setCompact] = useCompactView(
    'ticket-system',
    content?.settings.cardCompactView ?? false,
  );
  const {
    editing: editingPhase,
    editPhase,
    closePhaseEdit,
    submitPhaseEdit,
    archiveIssue,
    archiveDone,
  } = usePhasePlanning(tool, showMessage, 'issue');

  const { assignees, tags } = useFilterChoices(content, language);
  // What the board shows, computed once per board and filter rather than on every render (a
  // keystroke in a form, a selection, a save indicator).
  const view = useMemo(() => {
    if (!content) return null;
    const phases = sortByOrder(content.phases);
    const filter = allowedFilter(toIssueFilter(filterState, today), content.settings);
    const withArchived = filter.includeArchived === true;
    const filtered = withArchived || !isEmptyFilter(filter);
    const matches = filtered ? groupByPhase(filterIssues(content, filter)) : null;
    // Archived issues count only while the filter shows them; otherwise the bar offers to show
    // those that match.
    const total = phases.reduce(
      (sum, phase) => sum + (withArchived ? phase.issues.length : activeIssueCount(phase)),
      0,
    );
    const shown = matches
      ? [...matches.values()].reduce((sum, list) => sum + list.length, 0)
      : total;
    const archivedMatches =
      filtered && !withArchived
        ? filterIssues(content, { ...filter, archivedOnly: true }).length
        : 0;
    return { phases, filtered, matches, total, shown, archivedMatches };
  }, [content, filterState, today]);
  const statistics = useMemo(
    () => (content && showStatistics ? computeStatistics(content) : null),
    [content, showStatistics],
  );
  const issueFormOpen = issueForm !== null && content !== null;
  const people = useMemo(
    () => (content && issueFormOpen ? knownPeople(content, username || null, language) : []),
    [content, issueFormOpen, username, language],
  );
  // The space's members (the people the board knows while they cannot be loaded).
  const assignable = useSpaceMembers(people);
  const showPriority = content?.settings.showPriority ?? true;
  const showAssignedPerson = content?.settings.showAssignedPerson ?? true;
  const showEstimation = content?.settings.showEstimation ?? true;
  const showComments = content?.settings.showComments ?? true;
  const showTicketNumbers = content?.settings.showTicketNumbers ?? true;
  const showTags = content?.settings.showTags ?? true;
  const tagColors = content?.tagColors;
  const flags = useMemo(
    () => ({
      showPriority,
      showAssignedPerson,
      showEstimation,
      showComments,
      showTicketNumbers,
      showTags,
      tagColors,
      compact,
      today,
    }),
    [
      showPriority,
      showAssignedPerson,
      showEstimation,
      showComments,
      showTicketNumbers,
      showTags,
      tagColors,
      compact,
      today,
    ],
  );
  const submitIssue = async (
    values: IssueFormValues,
    base: IssueFormValues,
  ): Promise<SaveOutcome> => {
    if (!issueForm) return false;
    if (issueForm.mode === 'add')
      return run(
        {
          type: 'addIssue',
          phaseId: issueForm.phaseId,
          issue: issueInputOf(values),
          createdBy: username,
        },
        'createIssue',
        issueForm.basedOn,
      );
    // An edit sends only the fields the member changed, each with the value it started from.
    const edit = editBetween(base, values);
    if (isEmptyEdit(edit)) return true;
    return runEdit(
      { type: 'updateIssue', issueId: issueForm.issueId, ...edit },
      'updateIssue',
      issueForm.basedOn,
    );
  };

  const deleteIssue = async (issueId: string): Promise<boolean> => {
    const deleted = await run({ type: 'deleteIssue', issueId }, 'deleteIssue');
    // Unless another issue was opened while saving, focus lands on 'Select an issue'.
    if (deleted && selectedRef.current === issueId) {
      setSelectedIssueId(null);
      moveFocus({ kind: 'panel' });
    }
    return deleted;
  };

  const confirmPhaseDelete = async () => {
    const phaseId = pendingPhaseDelete;
    if (!phaseId) return;
    setDeletingPhase(phaseId);
    await run({ type: 'deletePhase', phaseId }, 'deletePhase');
    // The phase vanishes at once (optimistic), so another confirmation may be open by now.
    setDeletingPhase((current) => (current === phaseId ? null : current));
    setPendingPhaseDelete((current) => (current === phaseId ? null : current));
  };

  let board = null;
  if (content && view) {
    const { settings } = content;
    const { phases, filtered, matches, total, shown, archivedMatches } = view;
    const deletable = canDeletePhase(content);

    board = (
      <>
        <TrackerFilterBar
          state={filterState}
          noun="issue"
          enableSearch={settings.enableSearch}
          enableFiltering={settings.enableFiltering}
          issueTypes={settings.availableIssueTypes}
          assignees={assignees}
          tags={tags}
          shown={shown}
          total={total}
          archivedMatches={archivedMatches}
          onChange={setFilterState}
        />
        {statistics ? (
          <StatisticsPanel
            id={STATISTICS_ID}
            statistics={statistics}
            phases={content.phases}
            issueTypes={ISSUE_TYPES}
          />
        ) : null}
        <div className="ticket-layout">
          <DndContext collisionDetection={containerCollisions} {...moveDnd}>
            <IssueLinksProvider value={issueLinks}>
              <div
                ref={phasesRef}
                className="ticket-phases"
                role="region"
                aria-label={m.ticket_phases_label()}
                aria-describedby={MOVE_HINT_ID}
              >
                <p id={MOVE_HINT_ID} className="visually-hidden">
                  {m.ticket_move_hint()}
                </p>
                {phases.map((phase) => (
                  <PhaseSection
                    key={phase.id}
                    phase={phase}
                    issues={
                      matches ? (matches.get(phase.id) ?? NO_ISSUES) : activeIssuesInOrder(phase)
                    }
                    filtered={filtered}
                    expanded={!collapsed.has(phase.id)}
                    selectedIssueId={selected?.phase.id === phase.id ? selected.issue.id : null}
                    movedIssueId={movedPhaseId === phase.id ? movedIssueId : null}
                    flags={flags}
                    canDelete={deletable}
                    onToggle={toggle}
                    onAddIssue={addIssueTo}
                    onDelete={setPendingPhaseDelete}
                    onSelectIssue={selectIssue}
                    onEdit={editPhase}
                    onArchiveIssue={archiveIssue}
                    onArchiveDone={archiveDone}
                    moves={movesFor(phase.id)}
                  />
                ))}
                <div className="visually-hidden" role="status">
                  {moveNews}
                </div>
              </div>
            </IssueLinksProvider>
            <DragOverlay dropAnimation={null}>
              {draggedIssue ? (
                <div className="ticket-issue-overlay" aria-hidden="true">
                  {draggedIssue.title}
                </div>
              ) : null}
            </DragOverlay>
          </DndContext>
          <IssueDetailsPanel
            issue={selected?.issue ?? null}
            phaseName={selected?.phase.name ?? null}
            phaseId={selected?.phase.id ?? null}
            phases={phaseChoices}
            onMoveToPhase={(issueId, toPhaseId) =>
              void run({ type: 'moveIssue', issueId, toPhaseId }, 'moveIssue')
            }
            focusRef={panelHeadingRef}
            showTicketNumber={showTicketNumbers}
            onEdit={(issueId) => setIssueForm({ mode: 'edit', issueId, basedOn: state.version })}
            onDelete={deleteIssue}
            onArchive={archiveIssue}
            onClose={closePanel}
            me={username}
            members={members}
            {...discussion}
          />
        </div>
      </>
    );
  }

  return (
    <div className="tool-page ticket-page">
      <ToolHeader title={content?.title ?? m.tools_ticket_name()} presence={presence}>
        <ToolHistory tool={tool} show={showMessage} renderPreview={renderPreview} />
        <TrackerHeaderTools
          tool={tool}
          content={content}
          toolName="ticket-system"
          noun="issue"
          username={username}
          language={language}
          tags={tags}
          compact={compact}
          onCompactChange={setCompact}
          show={showMessage}
        />
        <span className="ticket-saving" role="status">
          {state.saving ? m.tool_saving() : null}
        </span>
        <button
          type="button"
          className="button"
          disabled={!content}
          onClick={() => setEditingSettings(true)}
        >
          <Settings aria-hidden="true" />
          {m.ticket_settings_button()}
        </button>
        <button
          type="button"
          className="button"
          aria-expanded={showStatistics}
          aria-controls={showStatistics ? STATISTICS_ID : undefined}
          disabled={!content}
          onClick={() => setShowStatistics((shown) => !shown)}
        >
          {showStatistics ? m.ticket_hide_statistics() : m.ticket_show_statistics()}
        </button>
        <button
          type="button"
          className="button button-primary"
          disabled={!content || !canAddPhase(content)}
          onClick={() => setAddingPhase(true)}
        >
          <Plus aria-hidden="true" />
          {m.ticket_add_phase()}
        </button>
      </ToolHeader>
      <StatusMessage kind={message?.kind ?? 'info'}>{message?.text}</StatusMessage>
      <ToolContentState tool={tool} fieldLabel={issueFieldLabel} formatValue={formatIssueValue} />
      {board}

      <PhaseFormModal
        key={editingPhase?.phase.id ?? 'closed'}
        open={editingPhase !== null}
        editing={editingPhase?.phase}
        title={m.tracker_edit_phase_title()}
        submitLabel={m.tracker_issue_form_save()}
        withDescription
        onEdit={submitPhaseEdit}
        onClose={closePhaseEdit}
      />
      <PhaseFormModal
        open={addingPhase}
        title={m.ticket_add_phase()}
        submitLabel={m.ticket_add_phase_submit()}
        withDescription
        onSubmit={(values) => run({ type: 'addPhase', ...values }, 'addPhase')}
        onClose={() => setAddingPhase(false)}
      />
      {content ? (
        <TicketSettingsDialog
          open={editingSettings}
          settings={content.settings}
          onSave={async (operation) => {
            const saved = await runEdit(operation, 'updateSettings');
            if (saved === true) showMessage('success', m.ticket_settings_saved());
            return saved;
          }}
          onClose={() => setEditingSettings(false)}
        />
      ) : null}
      <IssueFormModal
        open={issueFormOpen}
        noun="issue"
        subject={
          issueForm === null ? '' : issueForm.mode === 'add' ? issueForm.phaseId : issueForm.issueId
        }
        mode={issueForm?.mode ?? 'add'}
        initial={editing ? issueFormInitial(editing.issue) : undefined}
        issueTypes={content?.settings.availableIssueTypes ?? ISSUE_TYPES}
        defaultType={content?.settings.defaultIssueType ?? 'Task'}
        teamMembers={assignable}
        tagSuggestions={tags}
        tagColors={content?.tagColors}
        onSubmit={submitIssue}
        onClose={() => setIssueForm(null)}
      />
      <ConfirmDialog
        open={phaseToDelete !== null}
        onOpenChange={(open) => {
          if (!open && deletingPhase !== pendingPhaseDelete) setPendingPhaseDelete(null);
        }}
        title={m.ticket_phase_delete_title()}
        description={m.ticket_phase_delete_text({ phase: phaseToDelete?.name ?? '' })}
        confirmLabel={m.common_delete()}
        danger
        busy={deletingPhase !== null && deletingPhase === pendingPhaseDelete}
        onConfirm={() => void confirmPhaseDelete()}
      />
    </div>
  );
}
