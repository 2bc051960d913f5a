/**
 * Runs `task` once the browser is idle, at the latest after `timeoutMs` (ms), or after
 * `fallbackDelayMs` (ms, default 0) where `requestIdleCallback` is missing (Safari, jsdom).
 * Returns the function that cancels it if it has not run yet. Never throws.
 */
export function whenIdle(task: () => void, timeoutMs: number, fallbackDelayMs = 0): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(() => task(), { timeout: timeoutMs });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(task, fallbackDelayMs);
  return () => clearTimeout(handle);
}
