/**
 * Small decorative icons of the Pinboard (note type, priority, edit, delete, link), drawn as
 * inline SVG so they look the same without an emoji font. Always `aria-hidden`: the text or
 * button name beside them is what assistive technology gets.
 */
import type { ReactNode } from 'react';

import type { PostPriority, PostType } from '@cipherspace/tools/bulletin';

const ICON_PROPS = {
  width: 16,
  height: 16,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
  focusable: false,
} as const;

function Icon({ children }: { children: ReactNode }) {
  return <svg {...ICON_PROPS}>{children}</svg>;
}

/** A pencil (edit a note). */
export function EditIcon() {
  return (
    <Icon>
      <path d="M12 20h9" />
      <path d="M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4Z" />
    </Icon>
  );
}

/** A waste bin (delete a note). */
export function DeleteIcon() {
  return (
    <Icon>
      <path d="M3 6h18" />
      <path d="M8 6V4h8v2" />
      <path d="M19 6l-1 14H6L5 6" />
      <path d="M10 11v6M14 11v6" />
    </Icon>
  );
}

/** Two chain links (a link). */
export function LinkIcon() {
  return (
    <Icon>
      <path d="M10 13a5 5 0 0 0 7.5.5l3-3a5 5 0 0 0-7-7l-1.7 1.7" />
      <path d="M14 11a5 5 0 0 0-7.5-.5l-3 3a5 5 0 0 0 7 7l1.7-1.7" />
    </Icon>
  );
}

const TYPE_PATHS: Record<Exclude<PostType, 'Link'>, ReactNode> = {
  Note: (
    <>
      <path d="M14 3H6a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V9z" />
      <path d="M14 3v6h6M8 13h8M8 17h5" />
    </>
  ),
  Announcement: (
    <>
      <path d="M3 11v2a1 1 0 0 0 1 1h2l5 4V6L6 10H4a1 1 0 0 0-1 1z" />
      <path d="M15.5 8.5a5 5 0 0 1 0 7M18.5 5.5a9 9 0 0 1 0 13" />
    </>
  ),
  Tip: (
    <>
      <path d="M9 18h6M10 21h4" />
      <path d="M12 3a6 6 0 0 0-4 10.5c.7.7 1 1.5 1 2.5h6c0-1 .3-1.8 1-2.5A6 6 0 0 0 12 3z" />
    </>
  ),
  Resource: (
    <>
      <path d="M4 19.5A2.5 2.5 0 0 1 6.5 17H20V3H6.5A2.5 2.5 0 0 0 4 5.5z" />
      <path d="M4 19.5A2.5 2.5 0 0 0 6.5 22H20v-5" />
    </>
  ),
};

/** The icon of a note type (spec §2 "type icon"). */
export function PostTypeIcon({ type }: { type: PostType }) {
  return type === 'Link' ? <LinkIcon /> : <Icon>{TYPE_PATHS[type]}</Icon>;
}

const PRIORITY_PATHS: Record<PostPriority, ReactNode> = {
  Low: <path d="M12 5v14M6 13l6 6 6-6" />,
  Medium: <path d="M5 9h14M5 15h14" />,
  High: <path d="M12 19V5M6 11l6-6 6 6" />,
  Urgent: (
    <>
      <path d="M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z" />
      <path d="M12 9v4M12 17h.01" />
    </>
  ),
};

/** The icon of a note priority (spec §2 "priority icon"): arrow down, equal, arrow up, warning. */
export function PostPriorityIcon({ priority }: { priority: PostPriority }) {
  return <Icon>{PRIORITY_PATHS[priority]}</Icon>;
}
