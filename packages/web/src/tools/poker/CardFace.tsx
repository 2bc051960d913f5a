/**
 * What a poker card shows on its face (spec §3 Scrum Poker cards): the coffee-cup icon for the
 * break card ('tea-cup'), '?' for 'question', else the card's value. Decorative — the card's
 * button or the vote's text carries its name.
 */
import { Coffee } from 'lucide-react';

export function CardFace({ value }: { value: string }) {
  if (value === 'tea-cup') return <Coffee className="poker-card-icon" aria-hidden="true" />;
  return value === 'question' ? '?' : value;
}
