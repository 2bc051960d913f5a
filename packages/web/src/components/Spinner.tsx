import { m } from '../paraglide/messages.js';

/** A busy indicator with an accessible label. */
export function Spinner({ label }: { label?: string }) {
  return (
    <div className="spinner" role="status" aria-live="polite">
      <span className="spinner-circle" aria-hidden="true" />
      <span className="visually-hidden">{label ?? m.common_loading()}</span>
    </div>
  );
}
