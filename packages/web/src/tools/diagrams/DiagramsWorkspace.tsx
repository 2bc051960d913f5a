/**
 * The loaded Diagrams screen (spec §2 /tools/diagrams, §4 Diagrams): the diagram select, Refresh
 * (reload from the server), New, Rename and Delete with their dialogs, export as SVG or PNG, the
 * embedded editor behind its loading overlay, and the status bar (last saved, unsaved changes,
 * number of diagrams). Every change is a named diagram operation; the whole collection is saved
 * after each (spec §7 Notes). A failed save of a drawing shows the stored drawing again.
 *
 * Concurrent drawings (spec §3 Diagram version, §4 version conflict; no live updates here): each
 * save sends `baseVersion`, the diagram's version when the editor got its drawing. A save that
 * meets a drawing another member saved since is refused (DIAGRAM_CHANGED); the member chooses
 * in DrawingConflictDialog — keep both, overwrite, or reload theirs — while the editor keeps
 * showing their drawing. A rename sends the name the dialog opened with (`from`) and shows a
 * rename someone made meanwhile beside the field.
 *
 * Unsaved changes: the editor reports every change (autosave events) without it being stored;
 * the status bar warns about them until the user saves in the editor. Switching to another
 * diagram (select, New) or leaving the page saves them first, so they are not lost; Refresh
 * drops them.
 */
import { Plus, RefreshCw, TriangleAlert } from 'lucide-react';
import { isEditConflict } from '@cipherspace/tools';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';

import { Spinner } from '../../components/Spinner.tsx';
import { StatusMessage } from '../../components/StatusMessage.tsx';
import {
  canDeleteDiagram,
  findDiagram,
  resolveCurrentDiagram,
  type Diagram,
  type DiagramCollection,
  type DiagramOperation,
} from '@cipherspace/tools/diagrams';
import { useLanguage } from '../../lib/i18n.ts';
import { useFlashMessage } from '../../lib/use-flash-message.ts';
import { m } from '../../paraglide/messages.js';
import type { FlashMessage } from '../../lib/use-flash-message.ts';
import type { PerformResult } from '@cipherspace/sync';
import { DeleteConfirmDialog, useDeleteConfirmation } from '../content/DeleteConfirmDialog.tsx';
import type { SaveOutcome } from '../content/EditConflictPanel.tsx';
import { performMessage } from '../content/tool-messages.ts';
import { diagramCopyName, isDiagramChanged } from './diagram-conflicts.ts';
import { DiagramNameDialog } from './DiagramNameDialog.tsx';
import {
  describeDiagramError,
  diagramActionText,
  diagramCountText,
  savedAge,
  savedAgeText,
  type DiagramAction,
} from './diagrams-messages.ts';
import { downloadBlob } from '../../lib/download.ts';
import { DrawingConflictDialog, type DrawingConflictChoice } from './DrawingConflictDialog.tsx';
import { dataUriToBlob, exportFileName, type ExportFormat } from './editor-protocol.ts';
import type { DiagramEditorSource } from './editor-url.ts';
import { useDiagramEditor } from './use-diagram-editor.ts';

/** How often the status bar's "Last saved: N minutes ago" is brought up to date. */
export const SAVED_AGE_REFRESH_MS = 15_000;

/** The open name dialog and the diagram it is about (as it was when the dialog opened). */
type OpenDialog = { kind: 'create' } | { kind: 'rename'; diagram: Diagram } | null;

/** A drawing of diagram `diagramId` as the editor had it. */
interface Drawing {
  diagramId: string;
  xml: string;
}

/**
 * A drawing changed in the editor but not saved yet, with the diagram version the editor's
 * drawing was based on when it was reported (undefined: not known; saved without a base).
 */
interface Draft extends Drawing {
  baseVersion: number | undefined;
}

/** How {@link DiagramsWorkspace}'s saves report a failure that is not handled otherwise. */
interface RunOptions {
  /** Errors the caller handles itself: no message for them. */
  handled?: (error: unknown) => boolean;
  /** Where the message goes (default: the workspace's status message). */
  report?: (kind: FlashMessage['kind'], text: string) => void;
}

export interface DiagramsWorkspaceProps {
  collection: DiagramCollection;
  /** true while any change of this tab is being saved. */
  saving: boolean;
  perform: (operation: DiagramOperation) => Promise<PerformResult<DiagramCollection>>;
  /** Loads the collection from the server again. */
  reload: () => void;
  username: string;
  /** The bundled draw.io or the external editor of DIAGRAM_EDITOR_URL (editor-url.ts). */
  editor: DiagramEditorSource;
  newDiagramId?: () => string;
}

const randomId = () => crypto.randomUUID();

export function DiagramsWorkspace({
  collection,
  saving,
  perform,
  reload,
  username,
  editor,
  newDiagramId = randomId,
}: DiagramsWorkspaceProps) {
  const language = useLanguage();
  const selectId = useId();
  const [message, showMessage] = useFlashMessage();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const current = resolveCurrentDiagram(collection, selectedId) ?? null;
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  // Drawings being saved, and drawings another member's newer save refused (oldest first): the
  // editor keeps showing them instead of the stored drawing until the member has chosen.
  const [inFlight, setInFlight] = useState<Drawing | null>(null);
  const [conflicts, setConflicts] = useState<readonly Drawing[]>([]);
  const [resolving, setResolving] = useState(false);
  const [conflictError, setConflictError] = useState<string | null>(null);
  // The version of each diagram whose stored drawing the editor last had: a save's baseVersion.
  const bases = useRef(new Map<string, number>());
  const [lastSavedAt, setLastSavedAt] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const exportName = useRef('');

  /** Saves `operation`; unless saved or `handled`, the §8 message has been shown. */
  const run = useCallback(
    async (
      operation: DiagramOperation,
      action: DiagramAction,
      options: RunOptions = {},
    ): Promise<PerformResult<DiagramCollection>> => {
      const result = await perform(operation);
      if (result.status === 'saved') {
        const time = Date.now();
        setLastSavedAt(time);
        setNow(time);
        return result;
      }
      if (options.handled?.(result.error)) return result;
      const text = performMessage(result, diagramActionText(action), describeDiagramError);
      if (text) (options.report ?? showMessage)(text.kind, text.text);
      return result;
    },
    [perform, showMessage],
  );

  // The diagram asked about is kept as it was when the confirmation opened.
  const deletion = useDeleteConfirmation(async (diagram: Diagram) => {
    const result = await run(
      { type: 'deleteDiagram', diagramId: diagram.id, modifiedBy: username },
      'delete',
    );
    if (result.status === 'saved') {
      setDraft((pending) => (pending?.diagramId === diagram.id ? null : pending));
      setSelectedId(null);
    }
  });

  /** Waits for the member's choice on `drawing` (replacing an open one of the same diagram). */
  const holdConflict = useCallback((drawing: Drawing) => {
    setConflicts((open) => [
      ...open.filter((item) => item.diagramId !== drawing.diagramId),
      drawing,
    ]);
  }, []);

  const saveDrawing = useCallback(
    async (diagramId: string, xml: string, baseVersion: number | undefined) => {
      setDraft((pending) => (pending?.diagramId === diagramId ? null : pending));
      const held: Drawing = { diagramId, xml };
      setInFlight(held);
      const result = await run(
        {
          type: 'updateDiagramXml',
          diagramId,
          diagramXml: xml,
          modifiedBy: username,
          ...(baseVersion === undefined ? {} : { baseVersion }),
        },
        'save',
        { handled: isDiagramChanged },
      );
      if (result.status === 'saved') {
        // The editor holds the drawing it saved: the next save is based on its saved version.
        const saved = result.content.diagrams.find((diagram) => diagram.id === diagramId);
        if (saved) bases.current.set(diagramId, saved.version);
      } else if (isDiagramChanged(result.error)) holdConflict(held);
      setInFlight((now) => (now === held ? null : now));
    },
    [run, username, holdConflict],
  );

  const pinned =
    current === null
      ? undefined
      : (conflicts.find((item) => item.diagramId === current.id) ??
        (inFlight?.diagramId === current.id ? inFlight : undefined));

  const {
    frameRef,
    frameSrc,
    frameSandbox,
    ready,
    overlayVisible,
    continueAnyway,
    reloadDiagram,
    requestExport,
    exporting,
  } = useDiagramEditor({
    editor,
    language,
    diagram: current ? { id: current.id, xml: pinned?.xml ?? current.diagramXml } : null,
    onSave: (diagramId, xml) => void saveDrawing(diagramId, xml, bases.current.get(diagramId)),
    onDraft: (diagramId, xml) => {
      const baseVersion = bases.current.get(diagramId);
      // A change that reached us after switching away belongs to the diagram before: keep it.
      if (diagramId === current?.id) setDraft({ diagramId, xml, baseVersion });
      else void saveDrawing(diagramId, xml, baseVersion);
    },
    onExit: () => setDraft(null),
    onExport: (result) => {
      const file = result === null ? null : dataUriToBlob(result.data);
      if (result === null || file === null) {
        showMessage('error', m.diagrams_export_failed());
        return;
      }
      downloadBlob(file, exportFileName(exportName.current, result.format));
    },
  });

  // The editor holds the stored drawing of the current diagram (it is loaded whenever it
  // differs), so that diagram's version is the base of its next save — except while a drawing of
  // the member's is held instead (being saved, or waiting for their choice).
  const currentId = current?.id;
  const currentVersion = current?.version;
  const pinnedId = pinned?.diagramId;
  useEffect(() => {
    if (currentId === undefined || currentVersion === undefined || pinnedId === currentId) return;
    bases.current.set(currentId, currentVersion);
  }, [currentId, currentVersion, pinnedId]);

  // Leaving the page (navigating away; a language switch re-mounts it) must not lose a drawing:
  // what the editor reported but the user did not save yet is saved on the way out — and when
  // another member saved that diagram meanwhile, as a copy (nobody is left to ask).
  const leaving = useRef({ draft, perform, username, collection, newDiagramId });
  useEffect(() => {
    leaving.current = { draft, perform, username, collection, newDiagramId };
  });
  useEffect(
    () => () => {
      const { draft: left, perform: save, username: author, ...rest } = leaving.current;
      if (left === null) return;
      const name = findDiagram(rest.collection, left.diagramId)?.name ?? '';
      void save({
        type: 'updateDiagramXml',
        diagramId: left.diagramId,
        diagramXml: left.xml,
        modifiedBy: author,
        ...(left.baseVersion === undefined ? {} : { baseVersion: left.baseVersion }),
      }).then((result) => {
        if (result.status === 'saved' || !isDiagramChanged(result.error)) return;
        void save({
          type: 'createDiagram',
          diagramId: rest.newDiagramId(),
          name: diagramCopyName(name, author),
          diagramXml: left.xml,
          modifiedBy: author,
        });
      });
    },
    [],
  );

  useEffect(() => {
    if (lastSavedAt === null) return;
    const timer = window.setInterval(() => setNow(Date.now()), SAVED_AGE_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [lastSavedAt]);

  /** Before the editor shows another diagram: store what the user drew but did not save. */
  function keepDraft() {
    if (draft !== null) void saveDrawing(draft.diagramId, draft.xml, draft.baseVersion);
  }

  function select(diagramId: string) {
    if (diagramId === current?.id) return;
    keepDraft();
    setSelectedId(diagramId);
  }

  // `?diagram=<id>` (the quick search): that diagram is shown, as if chosen in the select.
  const [searchParams, setSearchParams] = useSearchParams();
  const wantedDiagram = searchParams.get('diagram');
  useEffect(() => {
    if (wantedDiagram === null) return;
    const frame = requestAnimationFrame(() => {
      setSearchParams(
        (params) => {
          params.delete('diagram');
          return params;
        },
        { replace: true },
      );
      if (collection.diagrams.some((diagram) => diagram.id === wantedDiagram))
        select(wantedDiagram);
    });
    return () => cancelAnimationFrame(frame);
  });

  function refresh() {
    setDraft(null);
    reloadDiagram();
    reload();
  }

  async function create(name: string): Promise<boolean> {
    const diagramId = newDiagramId();
    keepDraft();
    const result = await run(
      { type: 'createDiagram', diagramId, name, modifiedBy: username },
      'create',
    );
    if (result.status === 'saved') setSelectedId(diagramId);
    return result.status === 'saved';
  }

  /** Renames from `from` (the name the dialog takes to be stored); a rival rename is returned. */
  async function rename(diagram: Diagram, name: string, from: string): Promise<SaveOutcome> {
    const result = await run(
      { type: 'renameDiagram', diagramId: diagram.id, name, modifiedBy: username, from },
      'rename',
      { handled: isEditConflict },
    );
    if (result.status === 'saved') return true;
    if (!isEditConflict(result.error)) return false;
    const by = result.status === 'conflict' ? (result.by ?? null) : null;
    return { conflicts: result.error.conflicts, by };
  }

  const openConflict = conflicts[0] ?? null;
  const conflicted = openConflict ? findDiagram(collection, openConflict.diagramId) : undefined;
  const copyName = diagramCopyName(conflicted?.name ?? '', username);

  /** Settles the oldest held conflict as the member chose (DrawingConflictDialog). */
  async function resolveConflict(choice: DrawingConflictChoice) {
    if (openConflict === null || resolving) return;
    const drop = () =>
      setConflicts((open) => open.filter((item) => item.diagramId !== openConflict.diagramId));
    setConflictError(null);
    if (choice === 'reload') {
      // The editor is given the stored drawing once nothing is held for it.
      drop();
      setDraft((pending) => (pending?.diagramId === openConflict.diagramId ? null : pending));
      setSelectedId(openConflict.diagramId);
      return;
    }
    const copyId = newDiagramId();
    const operation: DiagramOperation =
      choice === 'overwrite'
        ? {
            type: 'updateDiagramXml',
            diagramId: openConflict.diagramId,
            diagramXml: openConflict.xml,
            modifiedBy: username,
            ...(conflicted ? { baseVersion: conflicted.version } : {}),
          }
        : {
            type: 'createDiagram',
            diagramId: copyId,
            name: copyName,
            diagramXml: openConflict.xml,
            modifiedBy: username,
          };
    setResolving(true);
    const result = await run(operation, choice === 'overwrite' ? 'save' : 'create', {
      handled: isDiagramChanged,
      report: (_kind, text) => setConflictError(text),
    });
    setResolving(false);
    if (result.status !== 'saved') {
      // Saved over again meanwhile: the dialog stays, now about the newest drawing.
      if (isDiagramChanged(result.error)) setConflictError(m.diagrams_error_changed());
      return;
    }
    drop();
    if (choice === 'keepBoth') {
      setSelectedId(copyId);
      showMessage('success', m.diagrams_conflict_kept_both({ name: copyName }));
    }
  }

  function startExport(format: ExportFormat) {
    if (current === null) return;
    exportName.current = current.name;
    requestExport(format);
  }

  const deletable = current !== null && canDeleteDiagram(collection);
  // spec §4: a change being saved counts as unsaved until the server has it.
  const unsaved = draft !== null || saving || conflicts.length > 0;
  const exportDisabled = current === null || !ready || exporting !== null;
  const lastDiagramHintId = `${selectId}-last`;

  return (
    <div className="diagrams-workspace">
      <div className="diagrams-toolbar">
        <div className="diagrams-select">
          <label htmlFor={selectId}>{m.diagrams_select_label()}</label>
          <select
            id={selectId}
            value={current?.id ?? ''}
            disabled={current === null}
            onChange={(event) => select(event.target.value)}
          >
            {current === null ? <option value="">{m.diagrams_select_empty()}</option> : null}
            {collection.diagrams.map((diagram) => (
              <option key={diagram.id} value={diagram.id}>
                {diagram.name}
              </option>
            ))}
          </select>
        </div>
        <div className="diagrams-actions">
          <button
            type="button"
            className="button"
            title={m.diagrams_refresh_label()}
            onClick={refresh}
          >
            <RefreshCw aria-hidden="true" />
            {m.diagrams_refresh()}
          </button>
          <button
            type="button"
            className="button button-primary"
            onClick={() => setDialog({ kind: 'create' })}
          >
            <Plus aria-hidden="true" />
            {m.diagrams_new()}
          </button>
          <button
            type="button"
            className="button"
            disabled={current === null}
            onClick={() => current && setDialog({ kind: 'rename', diagram: current })}
          >
            {m.diagrams_rename()}
          </button>
          <button
            type="button"
            className="button"
            disabled={!deletable}
            aria-describedby={current !== null && !deletable ? lastDiagramHintId : undefined}
            onClick={() => current && deletion.ask(current)}
          >
            {m.diagrams_delete()}
          </button>
          <button
            type="button"
            className="button"
            disabled={exportDisabled}
            onClick={() => startExport('xmlsvg')}
          >
            {exporting === 'xmlsvg' ? m.diagrams_exporting() : m.diagrams_export_svg()}
          </button>
          <button
            type="button"
            className="button"
            disabled={exportDisabled}
            onClick={() => startExport('xmlpng')}
          >
            {exporting === 'xmlpng' ? m.diagrams_exporting() : m.diagrams_export_png()}
          </button>
        </div>
        {current !== null && !deletable ? (
          <p id={lastDiagramHintId} className="field-hint diagrams-hint">
            {m.diagrams_delete_last_hint()}
          </p>
        ) : null}
      </div>

      <StatusMessage kind={message?.kind ?? 'info'}>{message?.text}</StatusMessage>

      <div className="diagrams-editor">
        <iframe
          ref={frameRef}
          className={overlayVisible ? 'diagrams-frame diagrams-frame-hidden' : 'diagrams-frame'}
          title={m.diagrams_editor_title()}
          src={frameSrc}
          // The bundled editor runs at an opaque origin: never our storage, cookies or key.
          sandbox={frameSandbox}
          aria-hidden={overlayVisible ? true : undefined}
          referrerPolicy="no-referrer"
        />
        {overlayVisible ? (
          <div className="diagrams-overlay">
            <Spinner label={m.diagrams_loading_editor()} />
            <p className="diagrams-overlay-text" aria-hidden="true">
              {m.diagrams_loading_editor()}
            </p>
            {editor.kind === 'external' ? (
              <p className="field-hint">
                {m.diagrams_loading_hint({ host: new URL(editor.url).host })}
              </p>
            ) : null}
            <button type="button" className="button" onClick={continueAnyway}>
              {m.diagrams_continue_anyway()}
            </button>
          </div>
        ) : null}
      </div>

      <div className="diagrams-status" role="group" aria-label={m.diagrams_status_label()}>
        <div className="diagrams-status-saved" aria-live="polite">
          {lastSavedAt !== null ? (
            <span>{m.diagrams_last_saved({ time: savedAgeText(savedAge(lastSavedAt, now)) })}</span>
          ) : null}
          {unsaved ? (
            <span className="diagrams-unsaved">
              <TriangleAlert size={16} aria-hidden="true" /> {m.diagrams_unsaved_changes()}
            </span>
          ) : null}
        </div>
        <span className="diagrams-count">{diagramCountText(collection.diagrams.length)}</span>
      </div>

      <DiagramNameDialog
        open={dialog?.kind === 'create'}
        title={m.diagrams_create_title()}
        label={m.diagrams_create_label()}
        placeholder={m.diagrams_create_placeholder()}
        submitLabel={m.diagrams_create_submit()}
        busyLabel={m.diagrams_creating()}
        initialName=""
        onSubmit={create}
        onClose={() => setDialog(null)}
      />
      <DiagramNameDialog
        // A fresh form for every diagram renamed, starting from its name.
        key={dialog?.kind === 'rename' ? dialog.diagram.id : 'rename'}
        open={dialog?.kind === 'rename'}
        title={m.diagrams_rename_title()}
        label={m.diagrams_rename_label()}
        submitLabel={m.diagrams_rename_submit()}
        busyLabel={m.diagrams_renaming()}
        initialName={dialog?.kind === 'rename' ? dialog.diagram.name : ''}
        onSubmit={(name, from) =>
          dialog?.kind === 'rename' ? rename(dialog.diagram, name, from) : Promise.resolve(false)
        }
        onClose={() => setDialog(null)}
      />
      <DrawingConflictDialog
        open={openConflict !== null}
        name={conflicted?.name ?? ''}
        by={conflicted?.modifiedBy ?? ''}
        copyName={copyName}
        busy={resolving}
        error={conflictError}
        onChoose={(choice) => void resolveConflict(choice)}
      />
      <DeleteConfirmDialog
        confirmation={deletion}
        title={() => m.diagrams_delete_title()}
        text={(diagram) => (
          <>
            <p>{m.diagrams_delete_text({ name: diagram.name })}</p>
            <p>{m.diagrams_delete_irreversible()}</p>
          </>
        )}
      />
    </div>
  );
}
