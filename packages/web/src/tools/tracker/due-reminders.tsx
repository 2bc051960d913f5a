/**
 * Due dates on the tracker boards (Issue `dueDate`, the domain's `dueStatus`): the member's
 * local day as it changes, the due badge of cards and issue items (overdue red, due soon amber),
 * and the daily reminder — while the tracker's browser notifications are on, once per day per
 * item, a notification for each of the member's own items that is overdue or due today (the
 * domain's `dueRemindersFor`). Shown
 * reminders are remembered in localStorage, so a reload or a second tab does not repeat them.
 */
import {
  dueRemindersFor,
  dueStatus,
  type DueStatus,
  type Issue,
  type Phase,
  type TrackerContent,
} from '@cipherspace/tools/tracker';
import { CalendarClock } from 'lucide-react';
import { useEffect, useState } from 'react';

import { formatDate } from '../../lib/date-format.ts';
import { useSession } from '../../lib/session.ts';
import {
  dueRemindersStorageKey,
  notificationsStorageKey,
  readJson,
  writeJson,
} from '../../lib/storage.ts';
import { m } from '../../paraglide/messages.js';
import { localDate } from './tracker-filter.ts';
import './tracker-plan.css';

/** How often the day and the reminders are checked again, in milliseconds. */
export const DUE_CHECK_INTERVAL_MS = 60_000;

/** The member's local day `YYYY-MM-DD`, updated when the day changes (checked every minute). */
export function useToday(): string {
  const [today, setToday] = useState(() => localDate());
  useEffect(() => {
    const timer = window.setInterval(() => setToday(localDate()), DUE_CHECK_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, []);
  return today;
}

/**
 * A due date `YYYY-MM-DD` as the interface language writes a day ('Mar 5, 2025' / '05.03.2025');
 * read as a local day, so no time zone shifts it.
 */
export function formatDueDate(dueDate: string, language: string): string {
  const [year, month, day] = dueDate.split('-').map(Number);
  if (year === undefined || month === undefined || day === undefined) return dueDate;
  const local = new Date(year, month - 1, day, 12);
  if (Number.isNaN(local.getTime())) return dueDate;
  return formatDate(local, language, 'date');
}

const STATUS_TEXT: Record<DueStatus, (params: { date: string }) => string> = {
  overdue: m.tracker_due_overdue,
  dueSoon: m.tracker_due_soon,
  due: m.tracker_due_on,
};

/**
 * The due badge of a card or issue item: the due date with its status ('Overdue: Mar 5, 2025'
 * in red, 'Due soon: …' in amber, 'Due: …' plain); nothing without a due date. `phase` decides
 * the end-phase rule (a done item is never overdue); `today` is the member's local day.
 */
export function DueBadge({
  issue,
  phase,
  today,
  language,
}: {
  issue: Pick<Issue, 'dueDate'>;
  phase?: Pick<Phase, 'isEndPhase'>;
  today: string;
  language: string;
}) {
  const status = dueStatus(issue, today, undefined, phase);
  if (status === null || issue.dueDate === undefined) return null;
  const text = STATUS_TEXT[status]({ date: formatDueDate(issue.dueDate, language) });
  return (
    <span className={`badge tracker-due tracker-due-${status}`} title={text}>
      <CalendarClock size={12} aria-hidden="true" />
      {text}
    </span>
  );
}

/** What localStorage remembers: the day and the items reminded on it. */
interface ShownReminders {
  day: string;
  ids: string[];
}

/** The ids reminded on `today` (older days are forgotten). */
export function readShownReminders(key: string, today: string): Set<string> {
  const stored = readJson<ShownReminders>(key);
  return stored !== null && stored.day === today && Array.isArray(stored.ids)
    ? new Set(stored.ids.filter((id): id is string => typeof id === 'string'))
    : new Set();
}

const notificationsOn = (key: string) =>
  typeof window !== 'undefined' &&
  'Notification' in window &&
  Notification.permission === 'granted' &&
  localStorage.getItem(key) === 'on';

/**
 * Shows the daily due reminders of `content` for the signed-in member while the tool's
 * notifications are on (the header's Notify me, `notificationsStorageKey`). Checks when the
 * content or the day changes and every minute (so turning notifications on starts it). Renders
 * nothing.
 */
export function DueReminders({
  content,
  toolName,
}: {
  content: TrackerContent | null;
  toolName: 'kanban' | 'ticket-system';
}) {
  const session = useSession();
  const spaceName = session?.space.name ?? '';
  const me = session?.user.username ?? '';
  const today = useToday();
  const [tick, setTick] = useState(0);

  useEffect(() => {
    const timer = window.setInterval(() => setTick((count) => count + 1), DUE_CHECK_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, []);

  useEffect(() => {
    if (content === null || me === '' || spaceName === '') return;
    if (!notificationsOn(notificationsStorageKey(spaceName, toolName))) return;
    const key = dueRemindersStorageKey(spaceName, toolName);
    const shown = readShownReminders(key, today);
    const reminders = dueRemindersFor(content, me, today, shown);
    if (reminders.length === 0) return;
    for (const reminder of reminders) {
      shown.add(reminder.issueId);
      const title =
        reminder.kind === 'overdue'
          ? m.tracker_due_reminder_overdue({ title: reminder.title })
          : m.tracker_due_reminder_today({ title: reminder.title });
      new Notification(title, { body: spaceName, tag: `due:${reminder.issueId}:${today}` });
    }
    writeJson(key, { day: today, ids: [...shown] } satisfies ShownReminders);
  }, [content, me, spaceName, toolName, today, tick]);

  return null;
}
