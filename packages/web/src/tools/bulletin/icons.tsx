/**
 * The Pinboard's note-type and priority icons (spec §2 "type icon", "priority icon"), from the
 * app's one icon set (lucide). Decorative: lucide marks them `aria-hidden`; the text or button
 * name beside them is what assistive technology gets.
 */
import {
  ArrowDown,
  ArrowUp,
  BookOpen,
  Equal,
  FileText,
  Lightbulb,
  Link,
  Megaphone,
  TriangleAlert,
  type LucideIcon,
} from 'lucide-react';

import type { PostPriority, PostType } from '@cipherspace/tools/bulletin';

/** The size of a note's icons, in CSS pixels. */
const NOTE_ICON_PX = 16;

const TYPE_ICONS: Record<PostType, LucideIcon> = {
  Note: FileText,
  Announcement: Megaphone,
  Tip: Lightbulb,
  Resource: BookOpen,
  Link,
};

/** The icon of a note type (spec §2 "type icon"). */
export function PostTypeIcon({ type }: { type: PostType }) {
  const Icon = TYPE_ICONS[type];
  return <Icon size={NOTE_ICON_PX} aria-hidden="true" />;
}

const PRIORITY_ICONS: Record<PostPriority, LucideIcon> = {
  Low: ArrowDown,
  Medium: Equal,
  High: ArrowUp,
  Urgent: TriangleAlert,
};

/** The icon of a note priority (spec §2 "priority icon"): arrow down, equal, arrow up, warning. */
export function PostPriorityIcon({ priority }: { priority: PostPriority }) {
  const Icon = PRIORITY_ICONS[priority];
  return <Icon size={NOTE_ICON_PX} aria-hidden="true" />;
}
