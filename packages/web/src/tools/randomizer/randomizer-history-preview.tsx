/**
 * A version of the Daily Randomizer as the history shows it: the options as the board's tiles — the
 * picked one highlighted, 'used' badges in no-repeat mode — the repetition mode, and the run state:
 * the result once a draw had landed, or that a draw was still running (whose result is not given
 * away: the board showed none yet). A still picture: the board's live animation is not played.
 * Read-only: nothing in it acts, and the history panel renders it inside an `inert` container.
 */
import { randomizerDisplay, type RandomizerContent } from '@cipherspace/tools/randomizer';
import { ListPlus } from 'lucide-react';
import { useId } from 'react';

import { EmptyState } from '../../components/EmptyState.tsx';
import { m } from '../../paraglide/messages.js';
import './randomizer.css';

/** Takes one version's content; renders its options and run state. */
export function RandomizerHistoryPreview({ content }: { content: RandomizerContent }) {
  const headingId = useId();
  // No playback of our own: a running draw shows no result, a finished one its pick.
  const display = randomizerDisplay(content, null);
  const selectedOption =
    display.selectedIndex === null ? null : (content.options[display.selectedIndex] ?? null);
  const modeText =
    content.repetitionMode === 'no-repeat'
      ? m.randomizer_mode_no_repeat()
      : m.randomizer_mode_allow();
  return (
    <section className="randomizer-options" aria-labelledby={headingId}>
      <h2 id={headingId} className="randomizer-heading">
        {m.randomizer_options_label()}
      </h2>
      {content.options.length === 0 ? (
        <EmptyState
          className="randomizer-empty"
          icon={ListPlus}
          text={m.randomizer_options_empty()}
        />
      ) : (
        <ul className="randomizer-grid" aria-labelledby={headingId}>
          {content.options.map((option, index) => {
            const selected = display.selectedIndex === index;
            const used = display.usedIndices.includes(index);
            return (
              <li
                // Options may repeat, so the position is part of the key.
                key={`${index}:${option}`}
                className={['randomizer-tile', selected ? 'is-selected' : '', used ? 'is-used' : '']
                  .filter(Boolean)
                  .join(' ')}
                data-highlight={selected ? 'selected' : undefined}
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
      {selectedOption === null ? null : (
        <p className="randomizer-result">{m.randomizer_result({ option: selectedOption })}</p>
      )}
      {display.waiting ? (
        <p className="field-hint randomizer-waiting">{m.history_preview_randomizer_drawing()}</p>
      ) : null}
      <dl className="randomizer-history-facts">
        <dt>{m.randomizer_mode_label()}</dt>
        <dd>{modeText}</dd>
      </dl>
    </section>
  );
}
