/**
 * An input over a value of a tool's content (a checkbox, a radio group) that shows the member's
 * choice at once. The content shows a change only once it is encrypted and logged — a task or
 * more after the click, so that a change shown is never lost — and a controlled input would
 * meanwhile snap back to the old value under the member's pointer.
 */
import { startTransition, useOptimistic } from 'react';

/**
 * `[shown, choose]` for the content's value `stored`: `choose(value)` shows `value` at once (in
 * the render of the input event) and calls `save(value)`; once that settles the content's value
 * shows again — the change, or the stored value when it failed. `save` must not reject (the
 * engine's `perform` reports failures as results).
 */
export function useContentChoice<T>(
  stored: T,
  save: (value: T) => Promise<unknown>,
): [T, (value: T) => void] {
  const [shown, show] = useOptimistic(stored);
  const choose = (value: T) => {
    startTransition(async () => {
      show(value);
      await save(value);
    });
  };
  return [shown, choose];
}
