/**
 * The preview of an import into a Kanban or Issue Management board (spec §3 Shared phase/issue
 * tool content): which columns/phases get how many cards/issues — existing ones or new — and
 * what of the file is left out or changed and why, before anything changes; then Import or
 * Cancel. Everything shown was parsed in this browser.
 */
import {
  previewImport,
  type ImportPlan,
  type SkippedItem,
  type SkipReason,
  type TrackerContent,
} from '@cipherspace/tools/tracker';
import { useMemo } from 'react';

import { Modal } from '../../components/Modal.tsx';
import { m } from '../../paraglide/messages.js';
import './exchange.css';

/** How a tracker names its issues: Kanban 'card' (columns), Issue Management 'issue' (phases). */
export type TrackerNoun = 'card' | 'issue';

/** "8 cards" / "1 issue" in the reader's language. */
export function itemCountText(noun: TrackerNoun, count: number): string {
  const params = { count: String(count) };
  if (noun === 'card')
    return count === 1 ? m.exchange_count_cards_one(params) : m.exchange_count_cards_other(params);
  return count === 1 ? m.exchange_count_issues_one(params) : m.exchange_count_issues_other(params);
}

/** "3 columns" / "1 phase" in the reader's language. */
export function phaseCountText(noun: TrackerNoun, count: number): string {
  const params = { count: String(count) };
  if (noun === 'card')
    return count === 1
      ? m.exchange_count_columns_one(params)
      : m.exchange_count_columns_other(params);
  return count === 1 ? m.exchange_count_phases_one(params) : m.exchange_count_phases_other(params);
}

/** "2 items skipped" in the reader's language. */
function skippedCountText(count: number): string {
  const params = { count: String(count) };
  return count === 1
    ? m.exchange_count_skipped_one(params)
    : m.exchange_count_skipped_other(params);
}

/**
 * The message after an import: "Imported 8 cards into 3 columns", with "; 2 items skipped" when
 * something was reported. `phases`: how many columns/phases got cards or were created.
 */
export function importResultText(
  noun: TrackerNoun,
  items: number,
  phases: number,
  skipped: number,
): string {
  const counts = { items: itemCountText(noun, items), phases: phaseCountText(noun, phases) };
  return skipped === 0
    ? m.exchange_result(counts)
    : m.exchange_result_skipped({ ...counts, skipped: skippedCountText(skipped) });
}

const REASON_TEXT: Record<SkipReason, (noun: TrackerNoun) => string> = {
  LIST_CLOSED: () => m.exchange_reason_list_closed(),
  LIST_MISSING: () => m.exchange_reason_list_missing(),
  TITLE_MISSING: () => m.exchange_reason_title_missing(),
  EXTRA_MEMBERS: () => m.exchange_reason_extra_members(),
  ESTIMATION_TOO_LONG: () => m.exchange_reason_estimation_too_long(),
  UNKNOWN_TYPE: () => m.exchange_reason_unknown_type(),
  UNKNOWN_PRIORITY: () => m.exchange_reason_unknown_priority(),
  INVALID_DATE: () => m.exchange_reason_invalid_date(),
  LABEL_EMPTY: () => m.exchange_reason_label_empty(),
  MAX_PHASES: (noun) =>
    noun === 'card' ? m.exchange_reason_max_phases_kanban() : m.exchange_reason_max_phases_ticket(),
  PHASE_FULL: (noun) =>
    noun === 'card' ? m.exchange_reason_phase_full_kanban() : m.exchange_reason_phase_full_ticket(),
};

/** One reported item as a line: what, why, and the source's own value ("Sub-task"). */
export function skippedText(noun: TrackerNoun, skipped: SkippedItem): string {
  const reason = REASON_TEXT[skipped.reason](noun);
  const detail = skipped.detail ? ` (${skipped.detail})` : '';
  return `${skipped.item || '—'}: ${reason}${detail}`;
}

export interface ImportDialogProps {
  open: boolean;
  /** The chosen file's name, for the title. */
  fileName: string;
  /** What the file became; null while none is chosen. */
  plan: ImportPlan | null;
  /** The board as shown now: where the preview places the plan. */
  content: TrackerContent | null;
  noun: TrackerNoun;
  /** The import is being saved: the buttons wait, a status says so. */
  importing: boolean;
  /** Why the last attempt was not saved, shown in the dialog. */
  error: string | null;
  onImport: () => void;
  onCancel: () => void;
}

/** The preview dialog of an import: counts per column/phase, the report, Import / Cancel. */
export function ImportDialog(props: ImportDialogProps) {
  const { plan, content, noun } = props;
  const preview = useMemo(
    () => (plan && content ? previewImport(content, plan) : null),
    [plan, content],
  );
  const empty = preview !== null && preview.issueCount === 0 && preview.newPhaseCount === 0;
  return (
    <Modal
      open={props.open}
      onOpenChange={(open) => {
        if (!open && !props.importing) props.onCancel();
      }}
      title={m.exchange_dialog_title({ file: props.fileName })}
      size="wide"
    >
      {preview ? (
        <div className="exchange-preview" aria-busy={props.importing}>
          <p className="exchange-summary">
            {empty
              ? m.exchange_nothing_to_import()
              : m.exchange_preview_summary({
                  items: itemCountText(noun, preview.issueCount),
                  phases: phaseCountText(noun, preview.targets.length),
                })}
          </p>
          {preview.targets.length > 0 ? (
            <table className="exchange-targets">
              <thead>
                <tr>
                  <th scope="col">
                    {noun === 'card' ? m.exchange_heading_column() : m.exchange_heading_phase()}
                  </th>
                  <th scope="col">
                    {noun === 'card' ? m.exchange_heading_cards() : m.exchange_heading_issues()}
                  </th>
                  <th scope="col">{m.exchange_heading_target()}</th>
                </tr>
              </thead>
              <tbody>
                {preview.targets.map((target) => (
                  <tr key={target.phaseId ?? `new:${target.name}`}>
                    <th scope="row">{target.name}</th>
                    <td>{target.issues.length}</td>
                    <td>
                      {target.phaseId === null ? (
                        <span className="exchange-new">{m.exchange_target_new()}</span>
                      ) : (
                        m.exchange_target_existing()
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : null}
          <section className="exchange-skipped" aria-labelledby="exchange-skipped-title">
            <h3 id="exchange-skipped-title">
              {m.exchange_skipped_title()} ({preview.skipped.length})
            </h3>
            {preview.skipped.length === 0 ? (
              <p className="field-hint">{m.exchange_nothing_skipped()}</p>
            ) : (
              <ul>
                {preview.skipped.map((item, index) => (
                  <li key={index}>{skippedText(noun, item)}</li>
                ))}
              </ul>
            )}
          </section>
        </div>
      ) : null}
      {props.importing ? (
        <p role="status" className="exchange-progress">
          <progress aria-label={m.exchange_importing()} />
          {m.exchange_importing()}
        </p>
      ) : null}
      {props.error ? <p role="alert">{props.error}</p> : null}
      <div className="dialog-actions">
        <button
          type="button"
          className="button"
          disabled={props.importing}
          onClick={props.onCancel}
        >
          {m.common_cancel()}
        </button>
        <button
          type="button"
          className="button button-primary"
          disabled={props.importing || preview === null || empty}
          onClick={props.onImport}
        >
          {props.importing ? m.exchange_importing() : m.exchange_import_button()}
        </button>
      </div>
    </Modal>
  );
}
