/**
 * Card density of the tracker boards (spec §3 Kanban settings `cardCompactView`): each member
 * chooses between full and compact cards for a tool in their browser; the board's setting is the
 * default until they choose.
 */
import { Rows3, StretchHorizontal } from 'lucide-react';
import { useCallback, useState } from 'react';

import { useSession } from '../../lib/session.ts';
import { compactViewStorageKey } from '../../lib/storage.ts';
import { m } from '../../paraglide/messages.js';

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * Up to two initials of a name, upper-cased, for compact cards: 'Ann Lee' → 'AL', 'bob' → 'B',
 * 'jean-luc' → 'JL'; '' for a blank name. A letter made of several code points stays whole.
 */
export function initialsOf(name: string): string {
  const words = name
    .trim()
    .split(/[\s._-]+/u)
    .filter((word) => word !== '');
  return words
    .slice(0, 2)
    .map((word) => graphemes.segment(word)[Symbol.iterator]().next().value?.segment ?? '')
    .join('')
    .toUpperCase();
}

/** The member's stored choice: true compact, false full, null none made. */
export function readCompactChoice(key: string): boolean | null {
  const stored = localStorage.getItem(key);
  return stored === 'on' ? true : stored === 'off' ? false : null;
}

/**
 * Whether cards show compact for the signed-in member in `toolName`: their choice stored in
 * localStorage (`compactViewStorageKey`), else `boardDefault` (`settings.cardCompactView`).
 * Returns `[compact, choose]`; `choose(value)` stores the choice.
 */
export function useCompactView(
  toolName: 'kanban' | 'ticket-system',
  boardDefault: boolean,
): [boolean, (compact: boolean) => void] {
  const session = useSession();
  const key = compactViewStorageKey(session?.space.name ?? '', toolName);
  const [choice, setChoice] = useState(() => ({ key, value: readCompactChoice(key) }));
  // Another space or member signed in: read their choice.
  const current = choice.key === key ? choice.value : readCompactChoice(key);
  if (choice.key !== key) setChoice({ key, value: current });
  const choose = useCallback(
    (compact: boolean) => {
      localStorage.setItem(key, compact ? 'on' : 'off');
      setChoice({ key, value: compact });
    },
    [key],
  );
  return [current ?? boardDefault, choose];
}

/** The header button that switches between compact and full cards (pressed: compact). */
export function CardDensityToggle({
  compact,
  noun,
  onChange,
}: {
  compact: boolean;
  noun: 'card' | 'issue';
  onChange: (compact: boolean) => void;
}) {
  const hint = noun === 'card' ? m.tracker_compact_hint_card() : m.tracker_compact_hint_issue();
  return (
    <button
      type="button"
      className="button"
      aria-pressed={compact}
      title={hint}
      onClick={() => onChange(!compact)}
    >
      {compact ? <Rows3 aria-hidden="true" /> : <StretchHorizontal aria-hidden="true" />}
      {m.tracker_compact_view()}
    </button>
  );
}
