/**
 * The history controls of a tool header (issue 16 items 3–5): Undo, Redo and a History button
 * that opens the tool's history — every kept version, grouped by day, each with who saved it,
 * when, and one line per change in the reader's language ("Ann moved 'Login bug' from To Do to
 * In Progress"). Selecting a version previews the tool read-only as it was after that change;
 * **Restore this version** makes it current again as a new change (so the restore itself can be
 * undone) that every member sees live. Everything shown is decrypted in this browser.
 */
import { groupByDay, type Timeline, type TimelineVersion } from '@cipherspace/tools';
import { History } from 'lucide-react';
import { useCallback, useEffect, useState, type ReactNode } from 'react';

import { EmptyState } from '../../components/EmptyState.tsx';
import { Modal } from '../../components/Modal.tsx';
import { useLanguage } from '../../lib/i18n.ts';
import type { FlashMessage } from '../../lib/use-flash-message.ts';
import { m } from '../../paraglide/messages.js';
import { activityText } from './activity-text.ts';
import { loadErrorMessage } from './tool-messages.ts';
import { UndoRedo, type UndoableTool } from './UndoRedo.tsx';
import type { ToolContent } from './use-tool-content.ts';

/** What the history controls need of a tool's content. */
export type HistoryTool<C> = UndoableTool &
  Pick<ToolContent<C, never>, 'restore' | 'loadHistory'> & {
    state: { version: number };
  };

export interface ToolHistoryProps<C> {
  tool: HistoryTool<C>;
  /** Shows a message in the tool's status area. */
  show: (kind: FlashMessage['kind'], text: string) => void;
  /** The tool's own view of `content`, shown read-only (inert) as the preview of a version. */
  renderPreview: (content: C) => ReactNode;
}

/** Undo, Redo and History, for a tool header's actions. */
export function ToolHistory<C>({ tool, show, renderPreview }: ToolHistoryProps<C>) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <UndoRedo tool={tool} show={show} />
      <button
        type="button"
        className="button"
        disabled={tool.state.status !== 'loaded'}
        onClick={() => setOpen(true)}
      >
        {m.history_button()}
      </button>
      <Modal open={open} onOpenChange={setOpen} title={m.history_title()} size="wide">
        {open ? (
          <HistoryPanel
            tool={tool}
            renderPreview={renderPreview}
            onRestored={(version) => {
              setOpen(false);
              show('success', m.history_restored({ version: String(version) }));
            }}
          />
        ) : null}
        <div className="dialog-actions">
          <button type="button" className="button" onClick={() => setOpen(false)}>
            {m.common_close()}
          </button>
        </div>
      </Modal>
    </>
  );
}

interface Loaded<C> {
  versions: TimelineVersion<C>[];
  olderBefore: number | null;
  current: number;
}

function HistoryPanel<C>({
  tool,
  renderPreview,
  onRestored,
}: {
  tool: HistoryTool<C>;
  renderPreview: (content: C) => ReactNode;
  onRestored: (version: number) => void;
}) {
  const language = useLanguage();
  const { loadHistory, restore } = tool;
  const [loaded, setLoaded] = useState<Loaded<C> | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [selected, setSelected] = useState<number | null>(null);
  const [restoring, setRestoring] = useState(false);
  const [restoreError, setRestoreError] = useState<string | null>(null);

  const append = useCallback((page: Timeline<C>) => {
    setLoaded((previous) => ({
      versions: [...(previous?.versions ?? []), ...page.versions],
      olderBefore: page.olderBefore,
      current: previous?.current ?? page.currentVersion,
    }));
    setSelected((previous) => previous ?? page.versions[0]?.version ?? null);
  }, []);

  useEffect(() => {
    let active = true;
    loadHistory().then(
      (page) => active && append(page),
      (failure: unknown) => active && setError(failure),
    );
    return () => {
      active = false;
    };
  }, [loadHistory, append]);

  async function loadOlder(before: number) {
    setLoadingOlder(true);
    try {
      append(await loadHistory({ before }));
    } catch (failure) {
      setError(failure);
    } finally {
      setLoadingOlder(false);
    }
  }

  async function restoreSelected(version: TimelineVersion<C>) {
    setRestoring(true);
    setRestoreError(null);
    const result = await restore(version.content);
    setRestoring(false);
    if (result.status === 'saved') onRestored(version.version);
    else setRestoreError(m.history_restore_failed());
  }

  if (error !== null && loaded === null)
    return (
      <p role="alert" className="history-error">
        {m.history_load_failed()} {loadErrorMessage(error)}
      </p>
    );
  if (loaded === null)
    return (
      <p role="status" className="history-loading">
        {m.history_loading()}
      </p>
    );
  if (loaded.versions.length === 0)
    return <EmptyState className="history-empty" icon={History} text={m.history_empty()} />;

  const shown = loaded.versions.find((version) => version.version === selected) ?? null;
  const timeFormat = new Intl.DateTimeFormat(language, { timeStyle: 'short' });
  const dayFormat = new Intl.DateTimeFormat(language, { dateStyle: 'full' });

  return (
    <div className="history-panel">
      <nav className="history-list" aria-label={m.history_list_label()}>
        {groupByDay(loaded.versions).map((group) => (
          <section
            key={group.day}
            aria-label={dayFormat.format(new Date(group.versions[0]?.modifiedAt ?? group.day))}
          >
            <h3 className="history-day">
              {dayFormat.format(new Date(group.versions[0]?.modifiedAt ?? group.day))}
            </h3>
            <ul>
              {group.versions.map((version) => (
                <li key={version.version}>
                  <button
                    type="button"
                    className="history-entry"
                    aria-pressed={version.version === selected}
                    onClick={() => setSelected(version.version)}
                  >
                    <span className="history-entry-meta">
                      {m.history_entry_meta({
                        version: String(version.version),
                        time: timeFormat.format(new Date(version.modifiedAt)),
                        name: version.modifiedBy,
                      })}
                    </span>
                    {version.activity.length > 0 ? (
                      version.activity.map((entry) => (
                        <span key={entry.id} className="history-entry-text">
                          {activityText(entry, language)}
                        </span>
                      ))
                    ) : (
                      <span className="history-entry-text">
                        {version.kind === 'replacement'
                          ? m.history_replaced({ name: version.modifiedBy })
                          : m.history_no_change({ name: version.modifiedBy })}
                      </span>
                    )}
                  </button>
                </li>
              ))}
            </ul>
          </section>
        ))}
        {loaded.olderBefore !== null ? (
          <button
            type="button"
            className="button"
            disabled={loadingOlder}
            onClick={() => void loadOlder(loaded.olderBefore ?? 0)}
          >
            {loadingOlder ? m.history_loading() : m.history_load_older()}
          </button>
        ) : null}
      </nav>
      {shown ? (
        <section
          className="history-preview"
          aria-label={m.history_preview_label({ version: String(shown.version) })}
        >
          <div className="history-preview-header">
            <h3>{m.history_preview_label({ version: String(shown.version) })}</h3>
            {shown.version === loaded.current ? (
              <span className="history-current">{m.history_current()}</span>
            ) : (
              <button
                type="button"
                className="button button-primary"
                disabled={restoring}
                onClick={() => void restoreSelected(shown)}
              >
                {restoring ? m.history_restoring() : m.history_restore()}
              </button>
            )}
          </div>
          {restoreError ? <p role="alert">{restoreError}</p> : null}
          {/* A picture of the tool then, not the tool: nothing in it can be focused or changed. */}
          <div className="history-preview-content" inert>
            {renderPreview(shown.content)}
          </div>
        </section>
      ) : null}
    </div>
  );
}
