/**
 * 'Your Estimation' of Scrum Poker (spec §2 /tools/scrum-poker; §3 cards; §4 scale switch and
 * cards disabled while loading or processing): the scale toggle (Fibonacci, T-Shirt Sizes) and
 * the card grid of the current scale with the two specials. Picking a card votes; picking the
 * selected card again takes the vote back.
 */
import { useId } from 'react';

import { POKER_SCALES, cardsOf, type PokerScale } from '@cipherspace/tools/poker';
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
}

/** See the module comment. */
export function EstimationCards({
  scale,
  myVote,
  disabled,
  onChangeScale,
  onVote,
  onClearVote,
}: EstimationCardsProps) {
  const headingId = useId();
  const hintId = useId();
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
                if (option !== scale) onChangeScale(option);
              }}
            >
              {scaleText(option)}
            </button>
          ))}
        </div>
      </div>
      <p id={hintId} className="field-hint">
        {m.poker_cards_hint()}
      </p>
      <div
        className={`poker-card-grid poker-card-grid-${scale}`}
        role="group"
        aria-label={scaleText(scale)}
        aria-describedby={hintId}
      >
        {cardsOf(scale).map((card) => {
          const selected = card.value === myVote;
          const name = cardName(card.value);
          return (
            <button
              key={card.value}
              type="button"
              className={`poker-card poker-card-${card.kind}${selected ? ' is-selected' : ''}`}
              aria-pressed={selected}
              aria-label={voteText(card.value)}
              disabled={disabled}
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
