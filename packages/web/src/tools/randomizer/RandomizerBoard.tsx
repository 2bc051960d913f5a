/**
 * The Daily Randomizer's working area (spec §2 /tools/randomizer): on the left the options grid
 * (tiles; the animation's current highlight; the selected highlight once it lands; 'used' badges
 * in no-repeat mode; an empty state), on the right the options textarea (one per line; saved on
 * blur or Ctrl+Enter only when changed, with a saving indicator), the repetition mode toggle, the
 * Start button ('Randomizing…' while busy), Reset used with used/total, and the quick-fill
 * buttons. It plays the shared animation of the content it is given (see
 * ./use-randomizer-playback.ts) and reports user actions through callbacks; the screen turns
 * them into randomizer operations.
 *
 * Editing the options is an edit that says what it started from (spec §4 version conflict): the
 * options and version when the member began typing go with the save, so a teammate's change
 * meanwhile is merged; when both changed the same options the editor stays open with the
 * member's text and the conflict panel lets them keep their list or take the stored one.
 */
import { ListPlus } from 'lucide-react';
import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';

import {
  availableIndices,
  optionsTextChanged,
  optionsToText,
  parseOptionsText,
  randomizerDisplay,
  REPETITION_MODES,
  type RandomizerContent,
  type RepetitionMode,
} from '@cipherspace/tools/randomizer';
import { EmptyState } from '../../components/EmptyState.tsx';
import { useContentChoice } from '../../lib/use-content-choice.ts';
import { m } from '../../paraglide/messages.js';
import {
  chosenValues,
  EditConflictPanel,
  isConflictOutcome,
  type ConflictChoices,
  type EditConflict,
  type SaveOutcome,
} from '../content/EditConflictPanel.tsx';
import { usePrefersReducedMotion, useRandomizerPlayback } from './use-randomizer-playback.ts';
import './randomizer.css';

/** One quick-fill button: its label and what it does when pressed. */
export interface QuickFill {
  key: string;
  label: string;
  onFill: () => Promise<unknown>;
}

/**
 * Where an edit of the options started: the options (`from`) and the content version
 * (`basedOn`) when the member began typing, or the stored ones a conflict showed.
 */
export interface OptionsEditStart {
  from: readonly string[];
  basedOn: number;
}

export interface RandomizerBoardProps {
  content: RandomizerContent;
  /** The server version `content` is based on (ContentState.version). */
  version: number;
  /**
   * true while a change of this tab is being saved: the content may be an optimistic change, so
   * a run in it is played only once saved (the starter plays the steps everyone else gets).
   */
  saving: boolean;
  /** Overrides the system setting (prefers-reduced-motion). */
  reducedMotion?: boolean;
  /**
   * Saves the options text (one option per line) as an edit of `start.from`: true when saved,
   * false when not (a message was shown), an {@link EditConflict} when a teammate changed the
   * same options meanwhile.
   */
  onSaveOptions: (text: string, start: OptionsEditStart) => Promise<SaveOutcome>;
  onSetMode: (mode: RepetitionMode) => Promise<unknown>;
  onStart: () => Promise<unknown>;
  onResetUsed: () => Promise<unknown>;
  /** This tab has shown the whole run `runId` (the member who started it completes it). */
  onRunFinished: (runId: string) => void;
  /** The run `runId` should have ended a while ago (its starter left): anyone may complete it. */
  onRunOverdue: (runId: string) => void;
  /** The quick-fill buttons: team members, then one per backlog phase. */
  quickFills: readonly QuickFill[];
  /** A note under the quick-fill buttons (phases loading, backlog unavailable). */
  quickFillNote?: string | null;
}

const MODE_TEXT: Record<RepetitionMode, () => string> = {
  'no-repeat': m.randomizer_mode_no_repeat,
  allow: m.randomizer_mode_allow,
};

/** The options of a conflict panel, one per line. */
function formatOptions(_field: string, value: unknown): string {
  return Array.isArray(value) ? optionsToText(value.map(String)) : '';
}

export function RandomizerBoard({
  content,
  version,
  saving,
  reducedMotion,
  onSaveOptions,
  onSetMode,
  onStart,
  onResetUsed,
  onRunFinished,
  onRunOverdue,
  quickFills,
  quickFillNote = null,
}: RandomizerBoardProps) {
  const systemReducedMotion = usePrefersReducedMotion();
  const playback = useRandomizerPlayback(content, {
    ready: !saving,
    reducedMotion: reducedMotion ?? systemReducedMotion,
    onFinished: onRunFinished,
    onOverdue: onRunOverdue,
  });
  const display = randomizerDisplay(content, playback);
  const ids = useId();

  // The text being typed; null while it shows the saved options.
  const [draft, setDraft] = useState<string | null>(null);
  // Where the draft started: set with its first keystroke (until then it follows the content).
  const [editStart, setEditStart] = useState<OptionsEditStart | null>(null);
  // A save that met a teammate's change of the same options, and the version it showed.
  const [conflict, setConflict] = useState<{
    shown: EditConflict;
    basedOn: number;
    seq: number;
  } | null>(null);
  const conflictSeq = useRef(0);
  const draftRef = useRef(draft);
  const versionRef = useRef(version);
  useLayoutEffect(() => {
    draftRef.current = draft;
    versionRef.current = version;
  }, [draft, version]);
  const [savingOptions, setSavingOptions] = useState(false);
  const [pending, setPending] = useState<'start' | 'mode' | 'reset' | 'fill' | null>(null);

  const savedText = optionsToText(content.options);
  const busy = display.busy || pending !== null;
  const canStart = availableIndices(content).length > 0;
  const usedCount = display.usedIndices.length;

  function closeEditor() {
    setDraft(null);
    setEditStart(null);
    setConflict(null);
  }

  function onEditorChange(text: string) {
    if (draft === null) setEditStart({ from: content.options, basedOn: version });
    setDraft(text);
  }

  /** Saves `text` as an edit of `start`; shows a conflict, closes the editor once saved. */
  async function save(text: string, start: OptionsEditStart) {
    setSavingOptions(true);
    const outcome = await onSaveOptions(text, start);
    setSavingOptions(false);
    if (isConflictOutcome(outcome)) {
      conflictSeq.current += 1;
      setConflict({ shown: outcome, basedOn: versionRef.current, seq: conflictSeq.current });
      return;
    }
    setConflict(null);
    if (!outcome) return; // the text stays for another try
    // Anything typed while saving stays, as an edit of what was just saved.
    if (draftRef.current === text) closeEditor();
    else setEditStart({ from: parseOptionsText(text), basedOn: start.basedOn });
  }

  async function saveDraft() {
    const text = draft;
    // While a conflict is shown the member chooses in its panel.
    if (text === null || savingOptions || conflict !== null) return;
    // A draw is running: keep the text; it is saved on the next blur or Ctrl+Enter.
    if (display.busy) return;
    if (!optionsTextChanged(text, savedText)) {
      closeEditor();
      return;
    }
    await save(text, editStart ?? { from: content.options, basedOn: version });
  }

  /** The member's choice in the conflict panel: keep their list (saved over theirs) or take theirs. */
  async function resolveConflict(choices: ConflictChoices) {
    if (conflict === null) return;
    const theirs = conflict.shown.conflicts.find((item) => item.field === 'options')?.theirs;
    const theirsOptions = Array.isArray(theirs) ? theirs.map(String) : content.options;
    const start = { from: theirsOptions, basedOn: conflict.basedOn };
    if ((choices.options ?? 'mine') === 'theirs') {
      setConflict(null);
      // Their list is what is stored: nothing left to edit.
      if (!optionsTextChanged(optionsToText(theirsOptions), savedText)) closeEditor();
      else {
        setDraft(optionsToText(theirsOptions));
        setEditStart(start);
      }
      return;
    }
    const chosen = chosenValues(conflict.shown.conflicts, choices).options;
    const text = Array.isArray(chosen) ? optionsToText(chosen.map(String)) : (draft ?? '');
    setDraft(text);
    setEditStart(start);
    await save(text, start);
  }

  function onEditorKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void saveDraft();
    }
  }

  async function act(kind: NonNullable<typeof pending>, action: () => Promise<unknown>) {
    setPending(kind);
    try {
      await action();
    } finally {
      setPending(null);
    }
  }

  const [repetitionMode, chooseMode] = useContentChoice(content.repetitionMode, (mode) =>
    act('mode', () => onSetMode(mode)),
  );

  const selectedOption =
    display.selectedIndex === null ? null : (content.options[display.selectedIndex] ?? null);
  const startHintId = `${ids}-start-hint`;
  const editorHintId = `${ids}-editor-hint`;

  return (
    <div className="randomizer-layout" aria-busy={display.busy}>
      <section className="randomizer-options" aria-labelledby={`${ids}-options`}>
        <h2 id={`${ids}-options`} className="randomizer-heading">
          {m.randomizer_options_label()}
        </h2>
        {content.options.length === 0 ? (
          <EmptyState
            className="randomizer-empty"
            icon={ListPlus}
            text={m.randomizer_options_empty()}
          />
        ) : (
          <ul className="randomizer-grid" aria-labelledby={`${ids}-options`}>
            {content.options.map((option, index) => {
              const current = display.currentIndex === index;
              const selected = display.selectedIndex === index;
              const used = display.usedIndices.includes(index);
              return (
                <li
                  // Options may repeat, so the position is part of the key.
                  key={`${index}:${option}`}
                  className={[
                    'randomizer-tile',
                    current ? 'is-current' : '',
                    selected ? 'is-selected' : '',
                    used ? 'is-used' : '',
                  ]
                    .filter(Boolean)
                    .join(' ')}
                  data-highlight={current ? 'current' : selected ? 'selected' : undefined}
                  aria-current={selected ? 'true' : undefined}
                >
                  <span className="randomizer-tile-text">{option}</span>
                  {used ? (
                    <span className="badge randomizer-used-badge">{m.randomizer_used_badge()}</span>
                  ) : null}
                  {selected ? (
                    <span className="visually-hidden"> {m.randomizer_selected_marker()}</span>
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
        {/* Announces the result once it lands; the steps themselves are not announced. */}
        <p
          className="randomizer-result"
          role="status"
          aria-live="polite"
          aria-atomic="true"
          data-testid="randomizer-result"
        >
          {selectedOption === null ? '' : m.randomizer_result({ option: selectedOption })}
        </p>
        {display.waiting && !saving ? (
          <p className="field-hint randomizer-waiting">{m.randomizer_waiting()}</p>
        ) : null}
      </section>

      <section className="randomizer-controls" aria-label={m.randomizer_controls_label()}>
        <div className="field">
          <label htmlFor={`${ids}-editor`}>{m.randomizer_editor_label()}</label>
          <textarea
            id={`${ids}-editor`}
            className="randomizer-editor"
            rows={8}
            value={draft ?? savedText}
            readOnly={display.busy || conflict !== null}
            aria-describedby={editorHintId}
            onChange={(event) => onEditorChange(event.target.value)}
            onBlur={() => void saveDraft()}
            onKeyDown={onEditorKeyDown}
          />
          <p id={editorHintId} className="field-hint randomizer-editor-hint">
            {display.busy ? m.randomizer_editor_busy_hint() : m.randomizer_editor_hint()}
          </p>
          {savingOptions ? (
            <p className="randomizer-saving" role="status">
              {m.tool_saving()}
            </p>
          ) : null}
          {conflict ? (
            <EditConflictPanel
              // A new conflict starts with no choice made.
              key={conflict.seq}
              conflict={conflict.shown}
              fieldLabel={() => m.randomizer_options_label()}
              formatValue={formatOptions}
              busy={savingOptions}
              onResolve={(choices) => void resolveConflict(choices)}
            />
          ) : null}
        </div>

        <fieldset className="randomizer-modes" disabled={busy}>
          <legend>{m.randomizer_mode_label()}</legend>
          {REPETITION_MODES.map((mode) => (
            <label key={mode} className="randomizer-mode">
              <input
                type="radio"
                name={`${ids}-mode`}
                value={mode}
                checked={repetitionMode === mode}
                onChange={() => chooseMode(mode)}
              />
              {MODE_TEXT[mode]()}
            </label>
          ))}
        </fieldset>

        <div className="randomizer-actions">
          <button
            type="button"
            className="button button-primary randomizer-start"
            disabled={busy || !canStart}
            aria-describedby={!canStart ? startHintId : undefined}
            onClick={() => void act('start', onStart)}
          >
            {display.busy || pending === 'start'
              ? m.randomizer_randomizing()
              : m.randomizer_start()}
          </button>
          {content.repetitionMode === 'no-repeat' && usedCount > 0 ? (
            <button
              type="button"
              className="button"
              disabled={busy}
              onClick={() => void act('reset', onResetUsed)}
            >
              {m.randomizer_reset_used({
                used: String(usedCount),
                total: String(content.options.length),
              })}
            </button>
          ) : null}
        </div>
        {!canStart && content.options.length > 0 ? (
          <p id={startHintId} className="field-hint">
            {m.randomizer_error_no_available()}. {m.randomizer_reset_hint()}
          </p>
        ) : null}

        <section className="randomizer-quick-fill" aria-labelledby={`${ids}-quick-fill`}>
          <h2 id={`${ids}-quick-fill`} className="randomizer-heading">
            {m.randomizer_quick_fill_label()}
          </h2>
          <div className="randomizer-quick-fill-buttons">
            {quickFills.map((fill) => (
              <button
                key={fill.key}
                type="button"
                className="button"
                disabled={busy}
                onClick={() => void act('fill', fill.onFill)}
              >
                {fill.label}
              </button>
            ))}
          </div>
          {quickFillNote ? <p className="field-hint">{quickFillNote}</p> : null}
        </section>
      </section>
    </div>
  );
}
