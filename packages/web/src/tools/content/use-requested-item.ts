/**
 * An item a link asks a tool's page to open, as the quick search links to it
 * (`/tools/bulletin?note=<id>`, features/quick-search): once the page's content is on screen,
 * `open(id)` runs after the next frame is laid out and the parameter leaves the address, so a
 * reload or Back does not open it again.
 */
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';

/**
 * Calls `open` with the value of the query parameter `param` once `ready` is true (the
 * content is shown), then removes the parameter (replacing the history entry).
 */
export function useRequestedItem(param: string, ready: boolean, open: (id: string) => void): void {
  const [searchParams, setSearchParams] = useSearchParams();
  const wanted = searchParams.get(param);
  useEffect(() => {
    if (wanted === null || !ready) return;
    const frame = requestAnimationFrame(() => {
      setSearchParams(
        (params) => {
          params.delete(param);
          return params;
        },
        { replace: true },
      );
      open(wanted);
    });
    return () => cancelAnimationFrame(frame);
  }, [wanted, ready, param, open, setSearchParams]);
}
