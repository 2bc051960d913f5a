/**
 * 'Your Estimation' of Scrum Poker (spec §2 /tools/scrum-poker; §3 cards; §4 scale switch and
 * cards disabled while loading or processing): the scale toggle (Fibonacci, T-Shirt Sizes) and
 * the card grid of the current scale with the two specials. Picking a card votes; picking the
 * selected card again takes the vote back. Besides the spec's two scales: powers of two, and a
 * custom deck typed as a list of values. A spectator sees the cards but cannot vote.
 */
import { useId, useState, type SyntheticEvent } from 'react';

import {
  POKER_SCALES,
  cardsOf,
  isValidCustomDeck,
  parseDeckText,
  type PokerScale,
} from '@cipherspace/tools/poker';
import { m } from '../../paraglide/messages.js';
import { CardFace } from './CardFace.tsx';
import { cardName, scaleText, voteText } from './poker-messages.ts';

export interface EstimationCardsProps {
  scale: PokerScale;
  /** The current user's vote value, or null. */
  myVote: string | null;
  /** While content loads or a change is being saved (spec §4). */
  disabled: boolean;
  onChangeScale: (scale: PokerScale) => void;
  onVote: (value: string) => void;
  onClearVote: () => void;
  /** The values of the custom deck (empty when none was set). */
  customDeck?: readonly string[];
  /** Sets the custom deck's values and switches to it. */
  onSetCustomDeck?: (values: string[]) => void;
  /** Whether the current user watches as a spectator (no voting). */
  spectator?: boolean;
}

/** The field to type the custom deck's values, 'Use deck' setting them. */
function CustomDeckForm({
  customDeck,
  disabled,
  onSetCustomDeck,
}: {
  customDeck: readonly string[];
  disabled: boolean;
  onSetCustomDeck: (values: string[]) => void;
}) {
  const inputId = useId();
  const hintId = useId();
  const [text, setText] = useState(customDeck.join(', '));
  const values = parseDeckText(text);
  const valid = isValidCustomDeck(values);

  function submit(event: SyntheticEvent) {
    event.preventDefault();
    if (valid) onSetCustomDeck(values);
  }

  return (
    <form className="poker-custom-deck" onSubmit={submit}>
      <div className="field">
        <label htmlFor={inputId}>{m.poker_custom_deck_label()}</label>
        <input
          id={inputId}
          value={text}
          placeholder="1, 2, 3, 5, 8"
          aria-describedby={hintId}
          aria-invalid={text.trim() !== '' && !valid}
          onChange={(event) => setText(event.target.value)}
        />
        <p id={hintId} className="field-hint">
          {m.poker_custom_deck_hint()}
        </p>
      </div>
      <button type="submit" className="button" disabled={disabled || !valid}>
        {m.poker_custom_deck_use()}
      </button>
    </form>
  );
}

/** See the module comment. */
export function EstimationCards({
  scale,
  myVote,
  disabled,
  onChangeScale,
  onVote,
  onClearVote,
  customDeck = [],
  onSetCustomDeck,
  spectator = false,
}: EstimationCardsProps) {
  const headingId = useId();
  const hintId = useId();
  // Choosing 'Custom' before any deck was set opens the field to type one.
  const [editingDeck, setEditingDeck] = useState(false);
  const showDeckForm = onSetCustomDeck !== undefined && (scale === 'custom' || editingDeck);
  return (
    <section className="poker-panel poker-cards" aria-labelledby={headingId}>
      <div className="poker-panel-header">
        <h2 id={headingId}>{m.poker_cards_heading()}</h2>
        <div className="poker-scale" role="group" aria-label={m.poker_scale_label()}>
          {POKER_SCALES.map((option) => (
            <button
              key={option}
              type="button"
              className={`button poker-scale-option${option === scale ? ' is-active' : ''}`}
              aria-pressed={option === scale}
              disabled={disabled}
              onClick={() => {
                if (option === 'custom' && customDeck.length < 2) setEditingDeck(true);
                else if (option !== scale) {
                  setEditingDeck(false);
                  onChangeScale(option);
                }
              }}
            >
              {scaleText(option)}
            </button>
          ))}
        </div>
      </div>
      {showDeckForm ? (
        <CustomDeckForm
          customDeck={customDeck}
          disabled={disabled}
          onSetCustomDeck={(values) => {
            setEditingDeck(false);
            onSetCustomDeck(values);
          }}
        />
      ) : null}
      <p id={hintId} className="field-hint">
        {spectator ? m.poker_spectator_cards_hint() : m.poker_cards_hint()}
      </p>
      <div
        className={`poker-card-grid poker-card-grid-${scale}`}
        role="group"
        aria-label={scaleText(scale)}
        aria-describedby={hintId}
      >
        {cardsOf(scale, customDeck).map((card) => {
          const selected = card.value === myVote;
          const name = cardName(card.value);
          return (
            <button
              key={card.value}
              type="button"
              className={`poker-card poker-card-${card.kind}${selected ? ' is-selected' : ''}`}
              aria-pressed={selected}
              aria-label={voteText(card.value)}
              disabled={disabled || spectator}
              onClick={() => (selected ? onClearVote() : onVote(card.value))}
            >
              <span className="poker-card-face" aria-hidden="true">
                <CardFace value={card.value} />
              </span>
              {name === null ? null : (
                <span className="poker-card-name" aria-hidden="true">
                  {name}
                </span>
              )}
            </button>
          );
        })}
      </div>
      <p className="poker-my-vote" role="status">
        {myVote === null ? m.poker_no_vote() : m.poker_your_vote({ value: voteText(myVote) })}
      </p>
    </section>
  );
}
