/**
 * A status or error message in a live region (screen readers announce it). Kinds: info,
 * success, warning, error.
 *
 * Screen readers announce changes inside a live region that already exists; a region inserted
 * together with its text is often not read (only `role="alert"` is announced reliably when it
 * appears). So the live region — the outer element — stays mounted while the message comes and
 * goes, and only its content changes: a `role="status"` (info, success, warning) or
 * `role="alert"` (error) element with the text, rendered while there is something to say.
 * For errors the outer element is not live itself, so the alert is not read twice.
 * While empty the region is invisible and takes no room in the layout (no box, no flex gap).
 */
import type { CSSProperties, ReactNode } from 'react';

export type StatusKind = 'info' | 'success' | 'warning' | 'error';

/** An empty live region: in the accessibility tree, but no box, no space, no gap. */
const EMPTY_REGION_STYLE: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  margin: -1,
  padding: 0,
  border: 0,
  overflow: 'hidden',
  clipPath: 'inset(50%)',
  whiteSpace: 'nowrap',
};

export function StatusMessage({
  kind,
  children,
  testId,
}: {
  kind: StatusKind;
  children?: ReactNode;
  testId?: string;
}) {
  const empty =
    children === undefined || children === null || children === '' || children === false;
  const isError = kind === 'error';
  return (
    <div
      className={empty ? undefined : `status status-${kind}`}
      style={empty ? EMPTY_REGION_STYLE : undefined}
      aria-live={isError ? undefined : 'polite'}
      aria-atomic={isError ? undefined : true}
      data-live-region={kind}
    >
      {empty ? null : (
        <div role={isError ? 'alert' : 'status'} data-testid={testId}>
          {children}
        </div>
      )}
    </div>
  );
}
