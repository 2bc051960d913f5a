/**
 * The keyboard's one-step moves of a card or issue (spec §4 Issue/card moves): Alt with an arrow
 * key, on Kanban's move handle and on Issue Management's issue items alike.
 */
import type { MoveStep } from '@cipherspace/tools/tracker';

const STEPS: Readonly<Record<string, MoveStep>> = {
  ArrowUp: 'up',
  ArrowDown: 'down',
  ArrowLeft: 'left',
  ArrowRight: 'right',
};

/** The shortcuts as `aria-keyshortcuts` names them. */
export const STEP_SHORTCUTS = 'Alt+ArrowUp Alt+ArrowDown Alt+ArrowLeft Alt+ArrowRight';

/** The step a key event asks for (Alt with an arrow key, no other modifier), or null. */
export function stepOfKey(event: {
  key: string;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
}): MoveStep | null {
  if (!event.altKey || event.ctrlKey || event.metaKey) return null;
  return STEPS[event.key] ?? null;
}
