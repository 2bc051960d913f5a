/**
 * draw.io's embed-mode message protocol (spec §7 Notes: events init, save (xml), export,
 * configure, exit; actions load (xml), configure), as pure functions: the frame's URL and
 * sandbox, the check that a window message really comes from our editor frame, parsing its
 * events and building our actions, and turning an exported data URI into a file.
 *
 * The bundled editor runs in a sandbox without `allow-same-origin`, so its messages come from the
 * opaque origin `'null'`, and a message to it can only be addressed to `'*'`. That is safe because
 * the app's CSP (`frame-src 'self'`) lets the frame show nothing but our own server's documents,
 * each again at an opaque origin; and only messages whose `source` is our frame's window are ever
 * read.
 *
 * With `proto=json` every message in both directions is a JSON string. The editor posts
 * `configure` (because of `configure=1`) and waits for our `configure` action, then posts
 * `init` and waits for `load`; afterwards it posts `autosave` on every change (we ask for it in
 * `load`), `save` when the user saves, `export` in answer to our `export` action and `exit` when
 * the user leaves.
 */
import type { Language } from '../../lib/i18n.ts';
import type { DiagramEditorSource } from './editor-url.ts';

/** spec §9 Timings: the loading overlay hides at the latest 10 s after the editor frame appears. */
export const DIAGRAM_LOADING_TIMEOUT_MS = 10_000;

/** The formats a user can download (draw.io's "xml" variants keep the drawing inside the file). */
export type ExportFormat = 'xmlsvg' | 'xmlpng';

/** An event the editor sends us, discriminated by `event`. */
export type EditorEvent =
  | { event: 'configure' }
  | { event: 'init' }
  | { event: 'load' }
  | { event: 'autosave'; xml: string }
  | { event: 'save'; xml: string; exit: boolean }
  | { event: 'export'; format: string; data: string }
  | { event: 'exit'; modified: boolean };

/** An action we send the editor, discriminated by `action`. */
export type EditorAction =
  | {
      action: 'load';
      xml: string;
      autosave: 1;
      modified: 'unsavedChanges';
      noExitBtn: 1;
      saveAndExit: '0';
    }
  | { action: 'configure'; config: Record<string, unknown> }
  | { action: 'export'; format: ExportFormat; spinKey: 'export' };

/** The origin of every document in a sandbox without `allow-same-origin`, as messages carry it. */
export const OPAQUE_ORIGIN = 'null';

/**
 * The bundled editor's sandbox: scripts, and downloads of what the user exports from draw.io's
 * own menu. Never `allow-same-origin` (it would give the frame our origin: storage, cookies, the
 * space key), nor popups, forms or top navigation (ways out with the drawing).
 */
export const BUNDLED_EDITOR_SANDBOX = 'allow-scripts allow-downloads';

/**
 * The origin the editor's messages come from: {@link OPAQUE_ORIGIN} for the bundled editor,
 * else the external editor's origin (scheme, host, port), e.g. 'https://embed.diagrams.net'.
 */
export function editorOrigin(editor: DiagramEditorSource): string {
  return editor.kind === 'bundled' ? OPAQUE_ORIGIN : new URL(editor.url).origin;
}

/**
 * The `targetOrigin` of our messages to the editor: the external editor's origin, so a drawing
 * never reaches whatever else the frame might show; `'*'` for the bundled editor, the only way to
 * address an opaque origin (see the module comment for why that is safe).
 */
export function editorTargetOrigin(editor: DiagramEditorSource): string {
  return editor.kind === 'bundled' ? '*' : new URL(editor.url).origin;
}

/**
 * The `sandbox` of the editor frame: {@link BUNDLED_EDITOR_SANDBOX} for the bundled editor;
 * undefined (no sandbox) for an external one, which keeps its own origin and storage.
 */
export function editorSandbox(editor: DiagramEditorSource): string | undefined {
  return editor.kind === 'bundled' ? BUNDLED_EDITOR_SANDBOX : undefined;
}

/**
 * draw.io 14's URL parameters that keep the bundled editor inside its sandbox and off the
 * network: `mode=device` (it would otherwise look for its last storage mode in
 * `document.cookie`, which throws at an opaque origin and stops it from starting — and why
 * `offline=1`, which skips that parameter, cannot be used), `stealth=1` (no online features, no
 * logging), `pwa=0` (no service worker), `math=0` (no MathJax, which it would otherwise load at start).
 */
const BUNDLED_PARAMS: readonly [string, string][] = [
  ['mode', 'device'],
  ['stealth', '1'],
  ['pwa', '0'],
  ['math', '0'],
];

/**
 * The address of the editor frame: the editor's URL (with any path and query it has) plus the
 * embed parameters — embed mode with the JSON protocol and a spinner, the configure handshake,
 * no Exit and no Save-and-Exit button — and the interface language `lang`; for the bundled
 * editor also {@link BUNDLED_PARAMS}.
 */
export function editorFrameUrl(editor: DiagramEditorSource, language: Language): string {
  const url = new URL(editor.url);
  const params: [string, string][] = [
    ['embed', '1'],
    ['proto', 'json'],
    ['spin', '1'],
    ['configure', '1'],
    ['noExitBtn', '1'],
    ['saveAndExit', '0'],
    ['lang', language],
    ...(editor.kind === 'bundled' ? BUNDLED_PARAMS : []),
  ];
  for (const [name, value] of params) url.searchParams.set(name, value);
  return url.href;
}

/**
 * Whether a window message comes from our editor: its `origin` is exactly `expectedOrigin` (the
 * configured editor's, or 'null' for the bundled one) **and** its `source` is our iframe's window
 * `frame`. Anything else — the page itself, another frame or popup, a navigated-away frame — is
 * not the editor.
 */
export function isEditorMessage(
  event: { origin: string; source: unknown },
  expectedOrigin: string,
  frame: Window | null | undefined,
): boolean {
  return (
    frame !== null &&
    frame !== undefined &&
    event.source === frame &&
    event.origin === expectedOrigin
  );
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The editor event in `data` (the JSON string of a message), or null when it is not JSON, not
 * one of the events above, or lacks the fields we use (`xml` of save/autosave, `format` and
 * `data` of export). `save.exit` and `exit.modified` default to false.
 */
export function parseEditorEvent(data: unknown): EditorEvent | null {
  if (typeof data !== 'string') return null;
  let message: unknown;
  try {
    message = JSON.parse(data);
  } catch {
    return null;
  }
  if (!isRecord(message)) return null;
  switch (message.event) {
    case 'configure':
    case 'init':
    case 'load':
      return { event: message.event };
    case 'autosave':
      return typeof message.xml === 'string' ? { event: 'autosave', xml: message.xml } : null;
    case 'save':
      return typeof message.xml === 'string'
        ? { event: 'save', xml: message.xml, exit: message.exit === true }
        : null;
    case 'export':
      return typeof message.format === 'string' && typeof message.data === 'string'
        ? { event: 'export', format: message.format, data: message.data }
        : null;
    case 'exit':
      return { event: 'exit', modified: message.modified === true };
    default:
      return null;
  }
}

/**
 * The `load` action for `xml`: with autosave events on (so we learn of unsaved changes), the
 * editor's own "unsaved changes" status, and no Exit / Save-and-Exit buttons (the editor stays
 * embedded).
 */
export function loadAction(xml: string): EditorAction {
  return {
    action: 'load',
    xml,
    autosave: 1,
    modified: 'unsavedChanges',
    noExitBtn: 1,
    saveAndExit: '0',
  };
}

/** The `configure` answer: drawings come back as plain, uncompressed XML. */
export function configureAction(): EditorAction {
  return { action: 'configure', config: { compressXml: false } };
}

/** The `export` action for `format`, with the editor's export spinner. */
export function exportAction(format: ExportFormat): EditorAction {
  return { action: 'export', format, spinKey: 'export' };
}

/** The message text of `action` as the editor expects it (`proto=json`). */
export function serializeAction(action: EditorAction): string {
  return JSON.stringify(action);
}

/**
 * The file in a `data:` URI (`data:[type][;base64],payload`), or null when `uri` is not one or
 * its base64 is broken. Without a type the file is `text/plain`.
 */
export function dataUriToBlob(uri: string): Blob | null {
  const match = /^data:([^,]*),(.*)$/s.exec(uri);
  if (!match) return null;
  const [, meta = '', payload = ''] = match;
  const parts = meta.split(';');
  const base64 = parts.includes('base64');
  const type = parts[0] !== undefined && parts[0] !== '' ? parts[0] : 'text/plain';
  try {
    if (!base64) return new Blob([decodeURIComponent(payload)], { type });
    const binary = atob(payload);
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return new Blob([bytes], { type });
  } catch {
    return null;
  }
}

/**
 * The download name for diagram `name` in `format`: the name with characters that file systems
 * refuse (`\ / : * ? " < > |` and control characters) replaced by '_', trimmed, 'diagram' when
 * nothing is left, plus '.svg' or '.png'.
 */
export function exportFileName(name: string, format: ExportFormat): string {
  // eslint-disable-next-line no-control-regex
  const safe = name.replace(/[\\/:*?"<>|\u0000-\u001f]/g, '_').trim();
  return `${safe === '' ? 'diagram' : safe}.${format === 'xmlsvg' ? 'svg' : 'png'}`;
}
