/**
 * The session's results: every final estimate saved in this session (issue, final estimate) as
 * a table, and 'Copy results', which puts the same table as tab-separated text on the clipboard
 * (pastes as a table into spreadsheets and most editors).
 */
import { useId } from 'react';

import { pokerResultRows, resultsTsv, type PokerContent } from '@cipherspace/tools/poker';
import type { FlashMessage } from '../../lib/use-flash-message.ts';
import { m } from '../../paraglide/messages.js';

export interface SessionResultsProps {
  content: PokerContent;
  /** Shows how copying went. */
  onMessage: (kind: FlashMessage['kind'], text: string) => void;
}

/** Writes `text` to the clipboard; false when there is no clipboard or it refuses. */
async function copyText(text: string): Promise<boolean> {
  if (!('clipboard' in navigator)) return false;
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** See the module comment. */
export function SessionResults({ content, onMessage }: SessionResultsProps) {
  const headingId = useId();
  const rows = pokerResultRows(content);

  async function copy() {
    const header: [string, string] = [
      m.poker_session_results_issue(),
      m.poker_session_results_estimate(),
    ];
    const copied = await copyText(resultsTsv(rows, header));
    if (copied) onMessage('success', m.poker_session_results_copied());
    else onMessage('error', m.poker_session_results_copy_failed());
  }

  return (
    <section className="poker-panel poker-session-results" aria-labelledby={headingId}>
      <div className="poker-panel-header">
        <h2 id={headingId}>{m.poker_session_results_heading()}</h2>
        <button
          type="button"
          className="button"
          disabled={rows.length === 0}
          onClick={() => void copy()}
        >
          {m.poker_session_results_copy()}
        </button>
      </div>
      {rows.length === 0 ? (
        <p className="field-hint">{m.poker_session_results_empty()}</p>
      ) : (
        <table className="poker-session-table" aria-labelledby={headingId}>
          <thead>
            <tr>
              <th scope="col">{m.poker_session_results_issue()}</th>
              <th scope="col">{m.poker_session_results_estimate()}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              <tr key={`${index}-${row.issue}`}>
                <td>{row.issue}</td>
                <td>{row.estimate}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
