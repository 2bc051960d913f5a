/**
 * The empty state every screen shares: a decorative lucide icon, an optional short title, one
 * sentence and, when the screen has one, the action that fills the space (a button, passed in by
 * the caller with its own accessible name). Styled by `.empty-state` in styles.css; `className`
 * adds the caller's placement (e.g. the dashed drop area of an empty Kanban column).
 */
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

export function EmptyState({
  icon: Icon,
  title,
  text,
  action,
  className,
}: {
  /** A lucide icon component; rendered aria-hidden, the text carries the meaning. */
  icon: LucideIcon;
  /** A short bold line above the sentence (optional). */
  title?: ReactNode;
  /** The one sentence saying what is missing and how to add it. */
  text: ReactNode;
  /** The action that fills the empty space, if the screen offers one here. */
  action?: ReactNode;
  className?: string;
}) {
  return (
    <div className={className ? `empty-state ${className}` : 'empty-state'}>
      <Icon className="empty-state-icon" aria-hidden="true" />
      {title ? <p className="empty-state-title">{title}</p> : null}
      <p className="empty-state-text">{text}</p>
      {action}
    </div>
  );
}
