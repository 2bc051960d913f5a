/**
 * Small inline icons of the Issue Management screen (person, comment, bin). Decorative: each is
 * hidden from screen readers, so the text beside it or the button's label carries the meaning.
 * Inline SVG rather than emoji, so they look the same on every system.
 */
const ICON_PROPS = {
  width: 14,
  height: 14,
  viewBox: '0 0 16 16',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.5,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
  focusable: false,
  className: 'ticket-icon',
} as const;

/** A person (assignee). */
export function PersonIcon() {
  return (
    <svg {...ICON_PROPS}>
      <circle cx="8" cy="5" r="3" />
      <path d="M2.5 14.5c.6-3 2.8-4.5 5.5-4.5s4.9 1.5 5.5 4.5" />
    </svg>
  );
}

/** A speech bubble (comments). */
export function CommentIcon() {
  return (
    <svg {...ICON_PROPS}>
      <path d="M2 3.5A1.5 1.5 0 0 1 3.5 2h9A1.5 1.5 0 0 1 14 3.5v6a1.5 1.5 0 0 1-1.5 1.5H7l-3.5 3v-3h0A1.5 1.5 0 0 1 2 9.5z" />
    </svg>
  );
}

/** A bin (delete). */
export function TrashIcon() {
  return (
    <svg {...ICON_PROPS}>
      <path d="M2.5 4h11M6.5 4V2.5h3V4M4 4l.7 9.5h6.6L12 4M6.8 6.5v4.5M9.2 6.5v4.5" />
    </svg>
  );
}
