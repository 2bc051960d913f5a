/**
 * The loaded Diagrams screen (spec §2 /tools/diagrams, §4 Diagrams): the diagram select, Refresh
 * (reload from the server), New, Rename and Delete with their dialogs, export as SVG or PNG, the
 * embedded editor behind its loading overlay, and the status bar (last saved, unsaved changes,
 * number of diagrams). Every change is a named diagram operation; the whole collection is saved
 * after each (spec §7 Notes). A failed save of a drawing shows the stored drawing again.
 *
 * Unsaved changes: the editor reports every change (autosave events) without it being stored;
 * the status bar warns about them until the user saves in the editor. Switching to another
 * diagram (select, New) or leaving the page saves them first, so they are not lost; Refresh
 * drops them.
 */
import { Plus, RefreshCw, TriangleAlert } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';

import { ConfirmDialog } from '../../components/Modal.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { StatusMessage } from '../../components/StatusMessage.tsx';
import {
  canDeleteDiagram,
  resolveCurrentDiagram,
  type Diagram,
  type DiagramCollection,
  type DiagramOperation,
} from '@cipherspace/tools/diagrams';
import { useLanguage } from '../../lib/i18n.ts';
import { useFlashMessage } from '../../lib/use-flash-message.ts';
import { m } from '../../paraglide/messages.js';
import type { PerformResult } from '../content/content-lifecycle.ts';
import { performMessage } from '../content/tool-messages.ts';
import { DiagramNameDialog } from './DiagramNameDialog.tsx';
import {
  describeDiagramError,
  diagramActionText,
  diagramCountText,
  savedAge,
  savedAgeText,
  type DiagramAction,
} from './diagrams-messages.ts';
import { downloadBlob } from './download.ts';
import { dataUriToBlob, exportFileName, type ExportFormat } from './editor-protocol.ts';
import type { DiagramEditorSource } from './editor-url.ts';
import { useDiagramEditor } from './use-diagram-editor.ts';

/** How often the status bar's "Last saved: N minutes ago" is brought up to date. */
export const SAVED_AGE_REFRESH_MS = 15_000;

/** The open dialog and the diagram it is about (as it was when the dialog opened). */
type OpenDialog =
  | { kind: 'create' }
  | { kind: 'rename'; diagram: Diagram }
  | { kind: 'delete'; diagram: Diagram }
  | null;

/** A drawing changed in the editor but not saved yet. */
interface Draft {
  diagramId: string;
  xml: string;
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
  const [deleting, setDeleting] = useState(false);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [lastSavedAt, setLastSavedAt] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const exportName = useRef('');

  /** Saves `operation`; true when saved, otherwise the §8 message has been shown. */
  const run = useCallback(
    async (operation: DiagramOperation, action: DiagramAction): Promise<boolean> => {
      const result = await perform(operation);
      if (result.status === 'saved') {
        const time = Date.now();
        setLastSavedAt(time);
        setNow(time);
        return true;
      }
      const text = performMessage(result, diagramActionText(action), describeDiagramError);
      if (text) showMessage(text.kind, text.text);
      return false;
    },
    [perform, showMessage],
  );

  const saveDrawing = useCallback(
    async (diagramId: string, xml: string) => {
      setDraft((pending) => (pending?.diagramId === diagramId ? null : pending));
      await run(
        { type: 'updateDiagramXml', diagramId, diagramXml: xml, modifiedBy: username },
        'save',
      );
    },
    [run, username],
  );

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
    diagram: current ? { id: current.id, xml: current.diagramXml } : null,
    onSave: (diagramId, xml) => void saveDrawing(diagramId, xml),
    onDraft: (diagramId, xml) => {
      // A change that reached us after switching away belongs to the diagram before: keep it.
      if (diagramId === current?.id) setDraft({ diagramId, xml });
      else void saveDrawing(diagramId, xml);
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

  // Leaving the page (navigating away; a language switch re-mounts it) must not lose a drawing:
  // what the editor reported but the user did not save yet is saved on the way out.
  const leaving = useRef({ draft, perform, username });
  useEffect(() => {
    leaving.current = { draft, perform, username };
  });
  useEffect(
    () => () => {
      const { draft: left, perform: save, username: author } = leaving.current;
      if (left === null) return;
      void save({
        type: 'updateDiagramXml',
        diagramId: left.diagramId,
        diagramXml: left.xml,
        modifiedBy: author,
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
    if (draft !== null) void saveDrawing(draft.diagramId, draft.xml);
  }

  function select(diagramId: string) {
    if (diagramId === current?.id) return;
    keepDraft();
    setSelectedId(diagramId);
  }

  function refresh() {
    setDraft(null);
    reloadDiagram();
    reload();
  }

  async function create(name: string): Promise<boolean> {
    const diagramId = newDiagramId();
    keepDraft();
    const saved = await run(
      { type: 'createDiagram', diagramId, name, modifiedBy: username },
      'create',
    );
    if (saved) setSelectedId(diagramId);
    return saved;
  }

  async function rename(diagram: Diagram, name: string): Promise<boolean> {
    return run(
      { type: 'renameDiagram', diagramId: diagram.id, name, modifiedBy: username },
      'rename',
    );
  }

  async function confirmDelete(diagram: Diagram) {
    setDeleting(true);
    const saved = await run(
      { type: 'deleteDiagram', diagramId: diagram.id, modifiedBy: username },
      'delete',
    );
    if (saved) {
      setDraft((pending) => (pending?.diagramId === diagram.id ? null : pending));
      setSelectedId(null);
    }
    setDeleting(false);
    setDialog(null);
  }

  function startExport(format: ExportFormat) {
    if (current === null) return;
    exportName.current = current.name;
    requestExport(format);
  }

  const deletable = current !== null && canDeleteDiagram(collection);
  // spec §4: a change being saved counts as unsaved until the server has it.
  const unsaved = draft !== null || saving;
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
            onClick={() => current && setDialog({ kind: 'delete', diagram: current })}
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
        onSubmit={(name) =>
          dialog?.kind === 'rename' ? rename(dialog.diagram, name) : Promise.resolve(false)
        }
        onClose={() => setDialog(null)}
      />
      <ConfirmDialog
        open={dialog?.kind === 'delete'}
        onOpenChange={(open) => {
          if (!open && !deleting) setDialog(null);
        }}
        title={m.diagrams_delete_title()}
        description={
          dialog?.kind === 'delete' ? (
            <>
              <p>{m.diagrams_delete_text({ name: dialog.diagram.name })}</p>
              <p>{m.diagrams_delete_irreversible()}</p>
            </>
          ) : null
        }
        confirmLabel={m.common_delete()}
        danger
        busy={deleting}
        onConfirm={() => {
          if (dialog?.kind === 'delete') void confirmDelete(dialog.diagram);
        }}
      />
    </div>
  );
}
