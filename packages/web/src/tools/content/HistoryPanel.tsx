/**
 * The history panel of a tool, loaded when a member first opens History (its code — the activity
 * texts of every tool and the history's rebuilding — is not part of opening a tool, for a fast
 * first render). See ./ToolHistory.tsx.
 */
import {
  groupByDay,
  type Timeline,
  type TimelineVersion,
  type UnreadableVersion,
} from '@cipherspace/sync/history';
import { History } from 'lucide-react';
import { useCallback, useEffect, useState, type ReactNode } from 'react';

import { EmptyState } from '../../components/EmptyState.tsx';
import { formatDate } from '../../lib/date-format.ts';
import { useLanguage } from '../../lib/i18n.ts';
import { m } from '../../paraglide/messages.js';
import { activityText } from './activity-text.ts';
import { contentProblemText } from './content-problem-text.ts';
import type { HistoryTool } from './ToolHistory.tsx';
import { loadErrorMessage } from './tool-messages.ts';

interface Loaded<C> {
  versions: TimelineVersion<C>[];
  /** Versions this browser cannot open: listed as such, never previewed or restored. */
  unreadable: UnreadableVersion[];
  olderBefore: number | null;
  current: number;
}

type Entry<C> = { readable: TimelineVersion<C> } | { unreadable: UnreadableVersion };

const infoOf = <C,>(entry: Entry<C>) => ('readable' in entry ? entry.readable : entry.unreadable);
const versionOf = <C,>(entry: Entry<C>) => infoOf(entry).version;

/** Every kept version of `tool`, its preview and Restore (the History dialog's content). */
export default function HistoryPanel<C>({
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
      unreadable: [...(previous?.unreadable ?? []), ...page.unreadable],
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
  if (loaded.versions.length === 0 && loaded.unreadable.length === 0)
    return <EmptyState className="history-empty" icon={History} text={m.history_empty()} />;

  const shown = loaded.versions.find((version) => version.version === selected) ?? null;
  const dayOf = (group: { day: string; versions: readonly { modifiedAt: string }[] }) =>
    formatDate(group.versions[0]?.modifiedAt ?? group.day, language, 'fullDate');
  // Newest first, the versions that did not open in their place among the others.
  const entries: Entry<C>[] = [
    ...loaded.versions.map((readable) => ({ readable })),
    ...loaded.unreadable.map((unreadable) => ({ unreadable })),
  ].sort((a, b) => versionOf(b) - versionOf(a));

  return (
    <div className="history-panel">
      <nav className="history-list" aria-label={m.history_list_label()}>
        {groupByDay(
          entries.map((entry) => ({ ...entry, modifiedAt: infoOf(entry).modifiedAt })),
        ).map((group) => (
          <section key={group.day} aria-label={dayOf(group)}>
            <h3 className="history-day">{dayOf(group)}</h3>
            <ul>
              {group.versions.map((entry) => {
                if ('unreadable' in entry) {
                  const version = entry.unreadable;
                  return (
                    <li key={version.version}>
                      <div className="history-entry history-entry-unreadable" role="note">
                        <span className="history-entry-meta">
                          {m.history_entry_meta({
                            version: String(version.version),
                            time: formatDate(version.modifiedAt, language, 'time'),
                            name: version.modifiedBy,
                          })}
                        </span>
                        <span className="history-entry-text">
                          {m.history_unreadable({
                            version: String(version.version),
                            name: version.modifiedBy,
                          })}
                        </span>
                        <span className="history-entry-text">
                          {version.problem
                            ? m.history_unreadable_problem({
                                problem: contentProblemText(version.problem),
                              })
                            : m.history_unreadable_detail()}
                        </span>
                      </div>
                    </li>
                  );
                }
                const version = entry.readable;
                return (
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
                          time: formatDate(version.modifiedAt, language, 'time'),
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
                );
              })}
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
