/**
 * A status or error message that clears itself after {@link MESSAGE_AUTO_CLEAR_MS}
 * (spec §9 Timings: "status/error messages auto-clear after 5 s"). Screens render it with
 * `StatusMessage`, so it is announced in a live region while it is shown.
 */
import { useCallback, useEffect, useState } from 'react';

/** spec §9: status and error messages disappear after 5 s. */
export const MESSAGE_AUTO_CLEAR_MS = 5000;

export interface FlashMessage {
  kind: 'info' | 'success' | 'warning' | 'error';
  text: string;
}

/**
 * The current message (or null), a function to show one (restarting the 5 s timer, even for
 * the same text) and one to clear it now.
 */
export function useFlashMessage(
  durationMs: number = MESSAGE_AUTO_CLEAR_MS,
): [FlashMessage | null, (kind: FlashMessage['kind'], text: string) => void, () => void] {
  const [message, setMessage] = useState<FlashMessage | null>(null);

  useEffect(() => {
    if (!message) return;
    const timer = window.setTimeout(() => setMessage(null), durationMs);
    return () => window.clearTimeout(timer);
  }, [message, durationMs]);

  const show = useCallback((kind: FlashMessage['kind'], text: string) => {
    setMessage({ kind, text });
  }, []);
  const clear = useCallback(() => setMessage(null), []);
  return [message, show, clear];
}
