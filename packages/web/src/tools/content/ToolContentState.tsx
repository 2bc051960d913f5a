/**
 * What a tool shows until its content is loaded (spec §4 Tool content: loading, error with retry;
 * §8 Tool entry): a spinner while loading, the error with a Retry button (stored content that is
 * not the tool's names its first failing field and offers History), and the entry problems
 * with their redirect to the login screen (no session: after 1 s; no space key: after 2 s). Once
 * the content is loaded, only the changes made offline that could not be applied (never dropped
 * silently), with the §8 conflict message, until the member dismisses them.
 */
import { UnreadableContentError } from '@cipherspace/sync';
import type { ContentProblem } from '@cipherspace/tools';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';

import { Spinner } from '../../components/Spinner.tsx';
import { StatusMessage } from '../../components/StatusMessage.tsx';
import { m } from '../../paraglide/messages.js';
import { formatDate } from '../../lib/date-format.ts';
import { currentLanguage } from '../../lib/i18n.ts';
import { contentProblemText } from './content-problem-text.ts';
import { EditConflictPanel } from './EditConflictPanel.tsx';
import { requestHistory } from './history-request.ts';
import { loadErrorMessage, unappliedLabel } from './tool-messages.ts';
import type { ToolContent } from './use-tool-content.ts';

/** spec §8: 'Please log in to access this tool' redirects after 1 s. */
export const LOGIN_REQUIRED_REDIRECT_MS = 1000;
/** spec §8: 'Unable to access encrypted content…' redirects after 2 s. */
export const NO_KEY_REDIRECT_MS = 2000;

export function ToolContentState({
  tool,
  fieldLabel = (field) => field,
  formatValue,
}: {
  tool: Pick<ToolContent<unknown, unknown>, 'state' | 'entry' | 'reload'> &
    Partial<
      Pick<
        ToolContent<unknown, unknown>,
        | 'dismissUnapplied'
        | 'unappliedConflict'
        | 'resolveUnapplied'
        | 'restoreShown'
        | 'loadHistory'
      >
    >;
  /** The tool's label of an edited field, for an offline edit a teammate's change met. */
  fieldLabel?: (field: string) => string;
  /** How the tool shows a field's value (default: as text). */
  formatValue?: (field: string, value: unknown) => string;
}) {
  const navigate = useNavigate();
  const { entry, state } = tool;
  const [restoring, setRestoring] = useState(false);
  const [restoreFailed, setRestoreFailed] = useState(false);

  // Which field of the stored version is not the tool's: logged once per load, as field names and
  // positions only (content is secret plaintext).
  const unreadableError =
    state.status === 'error' && state.loadError instanceof UnreadableContentError
      ? state.loadError
      : null;
  const problem: ContentProblem | null =
    unreadableError?.problem ?? state.unreadable?.problem ?? null;
  const problemVersion = unreadableError?.version ?? state.unreadable?.version ?? null;
  useEffect(() => {
    if (problem === null || problemVersion === null) return;
    console.warn(
      `Stored content version ${String(problemVersion)} does not open: first failing field at ` +
        problem.logPath,
    );
  }, [problem, problemVersion]);

  useEffect(() => {
    if (entry === null) return;
    const delay = entry === 'no-session' ? LOGIN_REQUIRED_REDIRECT_MS : NO_KEY_REDIRECT_MS;
    const timer = window.setTimeout(() => void navigate('/space/login'), delay);
    return () => window.clearTimeout(timer);
  }, [entry, navigate]);

  if (entry === 'no-session')
    return <StatusMessage kind="error">{m.tool_login_required()}</StatusMessage>;
  if (entry === 'no-space-key')
    return <StatusMessage kind="error">{m.tool_no_space_key()}</StatusMessage>;
  if (state.status === 'loading') return <Spinner label={m.tool_loading()} />;
  if (state.status === 'error') {
    const { loadHistory } = tool;
    const offerHistory = unreadableError !== null && loadHistory !== undefined;
    return (
      <div className="stack tool-load-error">
        <StatusMessage kind="error">{loadErrorMessage(state.loadError)}</StatusMessage>
        {offerHistory ? <p>{m.tool_content_unreadable_history()}</p> : null}
        <div className="row">
          {offerHistory ? (
            <button
              type="button"
              className="button button-primary"
              onClick={() => requestHistory(loadHistory)}
            >
              {m.tool_open_history()}
            </button>
          ) : null}
          <button
            type="button"
            className={offerHistory ? 'button' : 'button button-primary'}
            onClick={tool.reload}
          >
            {m.common_retry()}
          </button>
        </div>
      </div>
    );
  }
  if (state.unreadable) {
    // One bad save shows the newest version that opens, names the bad one, and offers
    // to make the shown one current again.
    const { unreadable } = state;
    const { restoreShown, loadHistory } = tool;
    const shown = String(unreadable.shownVersion);
    return (
      <div className="stack tool-unreadable">
        <StatusMessage kind="warning">
          {m.tool_unreadable_version({
            version: String(unreadable.version),
            name: unreadable.by ?? '?',
            shown,
          })}
          {unreadable.problem
            ? ` ${m.tool_unreadable_problem({ problem: contentProblemText(unreadable.problem) })}`
            : null}
        </StatusMessage>
        {restoreFailed ? (
          <StatusMessage kind="error">{m.history_restore_failed()}</StatusMessage>
        ) : null}
        {restoreShown || loadHistory ? (
          <div className="row">
            {restoreShown ? (
              <button
                type="button"
                className="button button-primary"
                disabled={restoring}
                onClick={() => {
                  setRestoring(true);
                  setRestoreFailed(false);
                  void restoreShown().then((result) => {
                    setRestoring(false);
                    setRestoreFailed(result.status !== 'saved');
                  });
                }}
              >
                {restoring ? m.history_restoring() : m.tool_restore_version({ version: shown })}
              </button>
            ) : null}
            {loadHistory ? (
              <button type="button" className="button" onClick={() => requestHistory(loadHistory)}>
                {m.tool_open_history()}
              </button>
            ) : null}
          </div>
        ) : null}
      </div>
    );
  }
  if (state.unapplied.length > 0) {
    const language = currentLanguage();
    return (
      <div className="stack tool-unapplied">
        <StatusMessage kind="warning">
          {`${m.tool_conflict()} ${m.tool_latest_loaded()} ${m.tool_unapplied_heading()}`}
        </StatusMessage>
        <ul>
          {state.unapplied.map((entry) => {
            const label = unappliedLabel(entry.operation, state.content);
            // An edit whose fields a teammate changed meanwhile waits for the member's choice.
            const conflicts = tool.unappliedConflict?.(entry.id) ?? null;
            const resolve = tool.resolveUnapplied;
            return (
              <li key={entry.id}>
                {label === null || entry.operation === null
                  ? m.tool_unapplied_unreadable()
                  : m.tool_unapplied_change({
                      change: label,
                      time: formatDate(entry.operation.at, language, 'shortDateTime'),
                    })}
                {conflicts && resolve ? (
                  <EditConflictPanel
                    conflict={{ conflicts, by: entry.by ?? null }}
                    fieldLabel={fieldLabel}
                    {...(formatValue ? { formatValue } : {})}
                    onResolve={(choices) => void resolve(entry.id, choices)}
                  />
                ) : null}
              </li>
            );
          })}
        </ul>
        {tool.dismissUnapplied ? (
          <div>
            <button type="button" className="button" onClick={tool.dismissUnapplied}>
              {m.common_close()}
            </button>
          </div>
        ) : null}
      </div>
    );
  }
  return null;
}
