/**
 * The embedded draw.io editor of the Diagrams screen (spec §2 /tools/diagrams, §4 Diagrams, §7
 * Notes, §9 loading timeout) as a React hook: the frame's address, the loading overlay (hidden on
 * the editor's `init`, by Continue Anyway, or at the latest after 10 s), the window-message
 * handshake (configure → init → load), keeping the editor on the current diagram's stored
 * drawing, and export.
 *
 * Only messages from the editor's origin (the opaque 'null' of the bundled editor's sandbox, or
 * the external editor's) **and** our own frame are looked at (isEditorMessage). The editor is
 * loaded with a diagram's drawing whenever the screen shows another diagram or another stored
 * drawing than the editor last had — which is also how a failed save is reverted in the editor
 * (the stored drawing is still the old one). The bundled editor's request for its own files is
 * answered too (./editor-files.ts: what lets it start offline).
 */
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type RefObject,
} from 'react';

import { EDITOR_FILES_EVENT, fetchEditorFiles, parseEditorFilesRequest } from './editor-files.ts';
import {
  configureAction,
  DIAGRAM_LOADING_TIMEOUT_MS,
  editorFrameUrl,
  editorOrigin,
  editorSandbox,
  editorTargetOrigin,
  exportAction,
  isEditorMessage,
  loadAction,
  parseEditorEvent,
  serializeAction,
  type EditorAction,
  type ExportFormat,
} from './editor-protocol.ts';
import type { Language } from '../../lib/i18n.ts';
import type { DiagramEditorSource } from './editor-url.ts';

/** How long an export may take before the screen gives up waiting (the editor never answered). */
export const EXPORT_TIMEOUT_MS = 30_000;

/** The diagram the editor should show: its id and stored drawing. */
export interface EditorDiagram {
  id: string;
  xml: string;
}

export interface DiagramEditorOptions {
  /** The editor: the bundled draw.io, or the external one of DIAGRAM_EDITOR_URL (editor-url.ts). */
  editor: DiagramEditorSource;
  /** The editor's interface language. */
  language: Language;
  /** The current diagram, or null when there is none. */
  diagram: EditorDiagram | null;
  /** The user saved `xml` for diagram `diagramId` in the editor (see onDraft for which one). */
  onSave: (diagramId: string, xml: string) => void;
  /**
   * The drawing of `diagramId` changed in the editor and is not saved yet. `diagramId` is the
   * diagram the editor held when it reported the change — not necessarily the current one, when
   * the report crossed a switch to another diagram.
   */
  onDraft: (diagramId: string, xml: string) => void;
  /** The user left the editor; unsaved changes are dropped (the stored drawing is shown again). */
  onExit: () => void;
  /** An export finished: the file, or null when the editor sent something unusable / nothing. */
  onExport: (result: { format: ExportFormat; data: string } | null) => void;
}

export interface DiagramEditor {
  /** Attach to the `<iframe>`. */
  frameRef: RefObject<HTMLIFrameElement | null>;
  /** The frame's `src` (fixed for the life of the screen). */
  frameSrc: string;
  /** The frame's `sandbox` (the bundled editor's opaque origin), or undefined for none. */
  frameSandbox: string | undefined;
  /** The origin the editor's messages come from ('null' for the bundled editor). */
  origin: string;
  /** true once the editor said `init` (it then accepts drawings and exports). */
  ready: boolean;
  /** true while the loading overlay covers the (hidden) frame. */
  overlayVisible: boolean;
  /** Continue Anyway: hides the overlay now. */
  continueAnyway: () => void;
  /** Shows the stored drawing again, dropping unsaved changes (Refresh). */
  reloadDiagram: () => void;
  /** Asks the editor for the current drawing as `format`; false when the editor is not ready. */
  requestExport: (format: ExportFormat) => boolean;
  /** The format being exported, or null. */
  exporting: ExportFormat | null;
}

/** See the module comment. */
export function useDiagramEditor(options: DiagramEditorOptions): DiagramEditor {
  const { editor, language, diagram } = options;
  const frameRef = useRef<HTMLIFrameElement | null>(null);
  // The editor keeps its address (and so its state) while the screen lives.
  const [frameSrc] = useState(() => editorFrameUrl(editor, language));
  const origin = useMemo(() => editorOrigin(editor), [editor]);
  const targetOrigin = useMemo(() => editorTargetOrigin(editor), [editor]);
  const frameSandbox = editorSandbox(editor);
  const bundledUrl = editor.kind === 'bundled' ? editor.url : null;
  const [overlayVisible, setOverlayVisible] = useState(true);
  // Counts the editor's `init` messages: each one needs a fresh `load`.
  const [initCount, setInitCount] = useState(0);
  const [reloadCount, setReloadCount] = useState(0);
  const [exporting, setExporting] = useState<ExportFormat | null>(null);
  const pendingExport = useRef<ExportFormat | null>(null);
  // What the editor shows as stored: the last drawing loaded into it or saved from it.
  const shown = useRef<EditorDiagram | null>(null);
  // Which diagram the editor's events are about: the one whose `load` it acknowledged (its own
  // `load` event), and the one it was asked to load since. Messages arrive in order, so an
  // autosave or save sent before the acknowledgement still belongs to the diagram before.
  const holding = useRef<string | null>(null);
  const loading = useRef<string | null>(null);

  const latest = useRef({ diagram, options });
  useLayoutEffect(() => {
    latest.current = { diagram, options };
  });

  const post = useCallback(
    (action: EditorAction) => {
      // The target origin keeps the drawing from reaching whatever else the frame might show
      // (for the bundled editor the CSP's frame-src does: see editorTargetOrigin).
      frameRef.current?.contentWindow?.postMessage(serializeAction(action), targetOrigin);
    },
    [targetOrigin],
  );

  // spec §9: the overlay hides after 10 s at the latest, whatever the editor does.
  useEffect(() => {
    const timer = window.setTimeout(() => setOverlayVisible(false), DIAGRAM_LOADING_TIMEOUT_MS);
    return () => window.clearTimeout(timer);
  }, []);

  useEffect(() => {
    if (exporting === null) return;
    const timer = window.setTimeout(() => {
      pendingExport.current = null;
      setExporting(null);
      latest.current.options.onExport(null);
    }, EXPORT_TIMEOUT_MS);
    return () => window.clearTimeout(timer);
  }, [exporting]);

  useEffect(() => {
    function onMessage(event: MessageEvent) {
      const frame = frameRef.current?.contentWindow;
      if (!isEditorMessage(event, origin, frame)) return;
      const requested = bundledUrl === null ? null : parseEditorFilesRequest(event.data);
      if (requested !== null && bundledUrl !== null) {
        // The bundled editor's loader asks for its files (./editor-files.ts): public files of
        // draw.io, so '*' (an opaque origin cannot be named) gives nothing away.
        void fetchEditorFiles(bundledUrl, requested).then((files) =>
          frame?.postMessage({ event: EDITOR_FILES_EVENT, files }, '*'),
        );
        return;
      }
      const message = parseEditorEvent(event.data);
      if (message === null) return;
      const current = latest.current;
      switch (message.event) {
        case 'configure':
          post(configureAction());
          return;
        case 'init':
          shown.current = null;
          holding.current = null;
          loading.current = null;
          setOverlayVisible(false);
          setInitCount((count) => count + 1);
          return;
        case 'load':
          holding.current = loading.current ?? holding.current;
          loading.current = null;
          return;
        case 'autosave': {
          // An editor that never acknowledges loads is taken to hold what it was last given.
          const diagramId = holding.current ?? loading.current;
          if (diagramId === null) return;
          // The editor may report the drawing it was just given; that is not a change.
          const before = shown.current;
          if (before !== null && before.id === diagramId && before.xml === message.xml) return;
          current.options.onDraft(diagramId, message.xml);
          return;
        }
        case 'save': {
          const diagramId = holding.current ?? loading.current;
          if (diagramId === null) return;
          if (diagramId === current.diagram?.id)
            shown.current = { id: diagramId, xml: message.xml };
          current.options.onSave(diagramId, message.xml);
          return;
        }
        case 'export': {
          // Only the answer to our own request is a download.
          const format = pendingExport.current;
          if (format === null) return;
          pendingExport.current = null;
          setExporting(null);
          current.options.onExport({ format, data: message.data });
          return;
        }
        case 'exit':
          current.options.onExit();
          shown.current = null;
          setReloadCount((count) => count + 1);
          return;
      }
    }
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [origin, post, bundledUrl]);

  // Keep the editor on the current diagram's stored drawing.
  const diagramId = diagram?.id ?? null;
  const diagramXml = diagram?.xml ?? null;
  useEffect(() => {
    if (initCount === 0 || diagramId === null || diagramXml === null) return;
    const before = shown.current;
    if (before !== null && before.id === diagramId && before.xml === diagramXml) return;
    shown.current = { id: diagramId, xml: diagramXml };
    loading.current = diagramId;
    post(loadAction(diagramXml));
  }, [initCount, reloadCount, diagramId, diagramXml, post]);

  const continueAnyway = useCallback(() => setOverlayVisible(false), []);
  const reloadDiagram = useCallback(() => {
    shown.current = null;
    setReloadCount((count) => count + 1);
  }, []);
  const ready = initCount > 0;
  const requestExport = useCallback(
    (format: ExportFormat) => {
      if (!ready) return false;
      pendingExport.current = format;
      setExporting(format);
      post(exportAction(format));
      return true;
    },
    [post, ready],
  );

  return {
    frameRef,
    frameSrc,
    frameSandbox,
    origin,
    ready,
    overlayVisible,
    continueAnyway,
    reloadDiagram,
    requestExport,
    exporting,
  };
}
