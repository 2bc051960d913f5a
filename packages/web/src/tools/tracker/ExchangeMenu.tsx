/**
 * The "Import / Export" menu of the Kanban and Issue Management headers (spec §3 Shared
 * phase/issue tool content): Export CSV and Export JSON download the board as this browser has
 * decrypted it; Import from Trello (JSON), Jira (CSV) or Cipherspace (JSON) reads a file here,
 * shows a preview ({@link ImportDialog}) and saves the whole import as one change — live for every
 * member, undoable, and encrypted before it leaves the browser like every other change.
 */
import {
  applyImportPlan,
  ImportFormatError,
  previewImport,
  type ImportErrorCode,
  type ImportPlan,
  type TrackerContent,
  type TrackerContext,
  type TrackerOperation,
} from '@cipherspace/tools/tracker';
import { ChevronDown } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';

import type { FlashMessage } from '../../lib/use-flash-message.ts';
import { downloadBlob } from '../../lib/download.ts';
import { m } from '../../paraglide/messages.js';
import { performMessage } from '../content/tool-messages.ts';
import type { ToolContent } from '../content/use-tool-content.ts';
import { ImportDialog, importResultText, type TrackerNoun } from './ImportDialog.tsx';
import type { ImportSource } from './exchange-io.ts';
import { describeTrackerError } from './tracker-messages.ts';
import './exchange.css';

// The parsers and writers, with the CSV library, load on the first export or import.
const loadIo = () => import('./exchange-io.ts');

const ACCEPT: Record<ImportSource, string> = {
  trello: '.json,application/json',
  jira: '.csv,text/csv',
  cipherspace: '.json,application/json',
};

const FORMAT_ERROR: Record<ImportErrorCode, () => string> = {
  NOT_TRELLO_BOARD: () => m.exchange_error_not_trello(),
  NOT_JIRA_CSV: () => m.exchange_error_not_jira(),
  NOT_CIPHERSPACE_JSON: () => m.exchange_error_not_cipherspace(),
};

/**
 * `<board title>-<YYYY-MM-DD>.<extension>` for an export made on `date` (local calendar day):
 * characters a file name may not hold become '-', a blank title 'board'.
 */
export function exportFileName(title: string, extension: 'csv' | 'json', date: Date): string {
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  const safe = title.replace(/[\u0000-\u001f\\/:*?"<>|]+/g, '-').trim() || 'board';
  const day = [
    date.getFullYear(),
    String(date.getMonth() + 1).padStart(2, '0'),
    String(date.getDate()).padStart(2, '0'),
  ].join('-');
  return `${safe}-${day}.${extension}`;
}

function download(text: string, type: string, fileName: string): void {
  downloadBlob(new Blob([text], { type }), fileName);
}

/** The text of a chosen file (UTF-8), read in this browser. */
export function readFileText(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsText(file);
  });
}

function randomId(): string {
  const api = globalThis.crypto as Partial<Crypto>;
  if (typeof api.randomUUID === 'function') return api.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Ids and times of what an import creates: fresh ids, the time of the import. */
function importContext(): TrackerContext {
  const now = new Date().toISOString();
  return { now: () => now, newId: randomId };
}

/** What the menu needs of the page's tool content (useToolContent). */
export type ExchangeTool<C extends TrackerContent> = Pick<
  ToolContent<C, TrackerOperation>,
  'state' | 'current' | 'replace'
>;

export interface ExchangeMenuProps<C extends TrackerContent> {
  tool: ExchangeTool<C>;
  /** Kanban: 'card' (cards, columns); Issue Management: 'issue' (issues, phases). */
  noun: TrackerNoun;
  /** The signed-in member's name: the creator of imported issues that name none. */
  by: string;
  /** Shows a message in the page's status area. */
  show: (kind: FlashMessage['kind'], text: string) => void;
}

/** An entry of the menu: an export or the source of an import. */
type MenuItem = 'export-csv' | 'export-json' | ImportSource;

const MENU_ITEMS: readonly [MenuItem, () => string][] = [
  ['export-csv', () => m.exchange_export_csv()],
  ['export-json', () => m.exchange_export_json()],
  ['trello', () => m.exchange_import_trello()],
  ['jira', () => m.exchange_import_jira()],
  ['cipherspace', () => m.exchange_import_cipherspace()],
];

/** A chosen file waiting in the preview dialog. */
interface PendingImport {
  fileName: string;
  plan: ImportPlan;
}

/** The header's Import / Export menu of a tracker page. */
export function ExchangeMenu<C extends TrackerContent>({
  tool,
  noun,
  by,
  show,
}: ExchangeMenuProps<C>) {
  const [open, setOpen] = useState(false);
  const [reading, setReading] = useState(false);
  const [pending, setPending] = useState<PendingImport | null>(null);
  const [importing, setImporting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const inputs = useRef<Partial<Record<ImportSource, HTMLInputElement | null>>>({});
  const content = tool.state.status === 'loaded' ? tool.state.content : null;

  // A click anywhere else closes the menu.
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  // The first item has the focus when the menu opens.
  useEffect(() => {
    if (open) menu.current?.querySelector<HTMLButtonElement>('[role="menuitem"]')?.focus();
  }, [open]);

  function onMenuKey(event: KeyboardEvent<HTMLDivElement>) {
    const items = [
      ...(menu.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]') ?? []),
    ];
    const at = items.findIndex((item) => item === document.activeElement);
    const focus = (index: number) => items[(index + items.length) % items.length]?.focus();
    if (event.key === 'Escape') {
      event.preventDefault();
      setOpen(false);
      button.current?.focus();
    } else if (event.key === 'ArrowDown') {
      event.preventDefault();
      focus(at + 1);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      focus(at - 1);
    } else if (event.key === 'Home') {
      event.preventDefault();
      focus(0);
    } else if (event.key === 'End') {
      event.preventDefault();
      focus(items.length - 1);
    }
  }

  async function exportAs(extension: 'csv' | 'json') {
    setOpen(false);
    const io = await loadIo();
    const board = tool.current().content;
    if (!board) return;
    const fileName = exportFileName(board.title, extension, new Date());
    if (extension === 'csv') download(io.exportCsv(board), 'text/csv;charset=utf-8', fileName);
    else download(io.exportJson(board), 'application/json', fileName);
    show('success', m.exchange_exported({ file: fileName }));
  }

  function chooseFile(source: ImportSource) {
    setOpen(false);
    inputs.current[source]?.click();
  }

  async function readFile(source: ImportSource, file: File) {
    setReading(true);
    try {
      const [io, text] = await Promise.all([loadIo(), readFileText(file)]);
      const plan = io.planOfFile(source, text);
      setError(null);
      setPending({ fileName: file.name, plan });
    } catch (caught) {
      show(
        'error',
        caught instanceof ImportFormatError ? FORMAT_ERROR[caught.code]() : m.exchange_error_read(),
      );
    } finally {
      setReading(false);
    }
  }

  async function runImport() {
    const board = tool.current().content;
    if (!pending || !board) return;
    setImporting(true);
    setError(null);
    // Placed on the board as it is when the change is made: a teammate's change since the
    // preview opened, even one arriving while this import is queued, is kept.
    const preview = previewImport(board, pending.plan);
    const context = importContext();
    const result = await tool.replace((current) =>
      applyImportPlan(current, pending.plan, context, { by }),
    );
    setImporting(false);
    if (result.status !== 'saved') {
      const message = performMessage(result, m.exchange_action_import(), describeTrackerError);
      setError(message?.text ?? m.tool_action_failed({ action: m.exchange_action_import() }));
      return;
    }
    setPending(null);
    show(
      preview.skipped.length === 0 ? 'success' : 'warning',
      importResultText(noun, preview.issueCount, preview.targets.length, preview.skipped.length),
    );
  }

  function choose(item: MenuItem) {
    if (item === 'export-csv') void exportAs('csv');
    else if (item === 'export-json') void exportAs('json');
    else chooseFile(item);
  }

  const sources: [ImportSource, string][] = [
    ['trello', m.exchange_import_trello()],
    ['jira', m.exchange_import_jira()],
    ['cipherspace', m.exchange_import_cipherspace()],
  ];

  return (
    <div className="exchange-menu" ref={root}>
      <button
        ref={button}
        type="button"
        className="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        disabled={content === null || reading}
        onClick={() => setOpen((was) => !was)}
      >
        {m.exchange_menu()}
        <ChevronDown aria-hidden="true" />
      </button>
      {open ? (
        <div
          id={menuId}
          ref={menu}
          role="menu"
          aria-label={m.exchange_menu()}
          className="exchange-menu-list"
          onKeyDown={onMenuKey}
        >
          {MENU_ITEMS.map(([item, label]) => (
            <button
              key={item}
              type="button"
              role="menuitem"
              tabIndex={-1}
              className="exchange-menu-item"
              onClick={() => choose(item)}
            >
              {label()}
            </button>
          ))}
        </div>
      ) : null}
      {sources.map(([source, label]) => (
        <input
          key={source}
          ref={(element) => {
            inputs.current[source] = element;
          }}
          type="file"
          hidden
          accept={ACCEPT[source]}
          aria-label={label}
          data-testid={`exchange-file-${source}`}
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            // The same file may be chosen again after a cancel.
            event.currentTarget.value = '';
            if (file) void readFile(source, file);
          }}
        />
      ))}
      {reading ? (
        <span role="status" className="exchange-reading">
          {m.exchange_reading()}
        </span>
      ) : null}
      <ImportDialog
        open={pending !== null}
        fileName={pending?.fileName ?? ''}
        plan={pending?.plan ?? null}
        content={content}
        noun={noun}
        importing={importing}
        error={error}
        onImport={() => void runImport()}
        onCancel={() => {
          setPending(null);
          setError(null);
        }}
      />
    </div>
  );
}
