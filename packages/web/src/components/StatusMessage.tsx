/**
 * A status or error message in a live region (screen readers announce it). Kinds: info,
 * success, warning, error. Nothing renders when `children` is empty.
 */
import type { ReactNode } from 'react';

export type StatusKind = 'info' | 'success' | 'warning' | 'error';

export function StatusMessage({
  kind,
  children,
  testId,
}: {
  kind: StatusKind;
  children?: ReactNode;
  testId?: string;
}) {
  if (children === undefined || children === null || children === '' || children === false)
    return null;
  return (
    <div
      className={`status status-${kind}`}
      role={kind === 'error' ? 'alert' : 'status'}
      aria-live={kind === 'error' ? 'assertive' : 'polite'}
      data-testid={testId}
    >
      {children}
    </div>
  );
}
