/**
 * Browser notifications for Kanban and Issue Management (spec §1 feature flag push notifications,
 * Kanban settings `notifyOnAssignment` / `notifyOnStatusChange`): a header button the member turns
 * on for this tool in this browser (off by default; one click turns it off again). Only after they
 * turn it on does the browser ask for the permission. While it is on and the tab is hidden, another
 * member assigning them an issue, moving one of theirs into an end phase, or mentioning them
 * (`@name`) in a comment they add or edit shows a notification — decided here from the decrypted
 * operations (`notificationsFor` of @cipherspace/tools), so the server learns nothing. The same
 * toggle turns on the daily due reminders (`DueReminders`); the button's hint names all of it,
 * in the tool's own words (cards and columns on Kanban, issues and phases on Issue Management).
 */
import {
  notificationsFor,
  type TrackerContent,
  type TrackerNotification,
} from '@cipherspace/tools/tracker';
import { useEffect, useRef, useState } from 'react';

import { useSession } from '../../lib/session.ts';
import { notificationsStorageKey } from '../../lib/storage.ts';
import type { FlashMessage } from '../../lib/use-flash-message.ts';
import { m } from '../../paraglide/messages.js';
import type { ToolContent } from '../content/use-tool-content.ts';

const supported = () => typeof window !== 'undefined' && 'Notification' in window;

/** The notification's title in the interface language. */
function notificationTitle(note: TrackerNotification): string {
  switch (note.kind) {
    case 'assigned':
      return m.tracker_notification_assigned({ name: note.by, title: note.issueTitle });
    case 'finished':
      return m.tracker_notification_finished({
        name: note.by,
        title: note.issueTitle,
        phase: note.phaseName,
      });
    case 'mentioned':
      return m.tracker_notification_mentioned({ name: note.by, title: note.issueTitle });
  }
}

/**
 * What makes a notification the same one when an operation is fetched twice: the operation, the
 * issue, the kind and, for a mention, the comment.
 */
function notificationKey(operationId: string, note: TrackerNotification): string {
  const base = `${operationId}:${note.issueId}:${note.kind}`;
  return note.kind === 'mentioned' ? `${base}:${note.commentId}` : base;
}

/** The Notify me / Notifications on toggle of a tracker tool's header. */
export function TrackerNotifications<C extends TrackerContent>({
  tool,
  toolName,
  show,
}: {
  tool: Pick<ToolContent<C, never>, 'onRemoteOperation'>;
  toolName: 'kanban' | 'ticket-system';
  show: (kind: FlashMessage['kind'], text: string) => void;
}) {
  const session = useSession();
  const spaceName = session?.space.name ?? '';
  const me = session?.user.username ?? '';
  const key = notificationsStorageKey(spaceName, toolName);
  const [enabled, setEnabled] = useState(
    () =>
      supported() && Notification.permission === 'granted' && localStorage.getItem(key) === 'on',
  );
  // Each issue, kind (and comment) once per operation, even when an operation is fetched twice.
  const shown = useRef(new Set<string>());
  const { onRemoteOperation } = tool;

  useEffect(() => {
    if (!enabled || me === '') return;
    return onRemoteOperation((operation, before, after, by) => {
      if (document.visibilityState !== 'hidden') return;
      for (const note of notificationsFor(me, by ?? operation.by, before, after)) {
        const id = notificationKey(operation.id, note);
        if (shown.current.has(id)) continue;
        shown.current.add(id);
        new Notification(notificationTitle(note), { body: spaceName, tag: id });
      }
    });
  }, [enabled, me, spaceName, onRemoteOperation]);

  async function toggle() {
    if (enabled) {
      localStorage.removeItem(key);
      setEnabled(false);
      return;
    }
    if (!supported()) {
      show('error', m.tracker_notify_unsupported());
      return;
    }
    const permission =
      Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission();
    if (permission !== 'granted') {
      show('warning', m.tracker_notify_denied());
      return;
    }
    localStorage.setItem(key, 'on');
    setEnabled(true);
    show('success', m.tracker_notify_enabled());
  }

  return (
    <button
      type="button"
      className="button"
      aria-pressed={enabled}
      title={toolName === 'kanban' ? m.tracker_notify_hint_cards() : m.tracker_notify_hint_issues()}
      onClick={() => void toggle()}
    >
      {enabled ? m.tracker_notify_on() : m.tracker_notify_off()}
    </button>
  );
}
