/**
 * What a tracker page tells its cards and issue items without threading props through every
 * column and phase: how to open an issue's details, and which issues hold an unread mention of
 * the member (see mention-unread.ts). Cards subscribe per issue, so a change of the unread set
 * re-renders only the cards whose marker changes.
 */
import type { Issue, TrackerContent } from '@cipherspace/tools/tracker';
import {
  createContext,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';

import { mentionsSeenStorageKey } from '../../lib/storage.ts';
import {
  markMentionsSeen,
  pruneSeen,
  readSeenMentions,
  unreadMentionIssues,
  writeSeenMentions,
} from './mention-unread.ts';

/** The ids of the issues with an unread mention, observable per issue. */
export interface UnreadMentions {
  /** Registers `listener` for changes; returns the unsubscribe function. */
  subscribe: (listener: () => void) => () => void;
  /** Whether the issue `issueId` holds an unread mention. */
  has: (issueId: string) => boolean;
}

/** What a page provides to its cards and issue items. */
export interface IssueLinks {
  /** Opens the details of the issue; absent where the item itself opens them. */
  open?: (issueId: string) => void;
  unread?: UnreadMentions;
}

const IssueLinksContext = createContext<IssueLinks>({});

/** Provides {@link IssueLinks} to the cards or issue items inside. */
export const IssueLinksProvider = IssueLinksContext.Provider;

/** The page's {@link IssueLinks}; empty outside a provider (a history preview, a test). */
export function useIssueLinks(): IssueLinks {
  return useContext(IssueLinksContext);
}

const never = () => () => undefined;
const no = () => false;

/** Whether the issue `issueId` holds an unread mention; false outside a provider. */
export function useUnreadMention(issueId: string): boolean {
  const { unread } = useIssueLinks();
  return useSyncExternalStore(
    unread?.subscribe ?? never,
    unread ? () => unread.has(issueId) : no,
    no,
  );
}

/**
 * The unread mentions of `me` on the board `content` in space `spaceName`: reads what the member
 * has seen from this browser's storage (and follows other tabs), marks the mentions in `open`
 * (the issue whose details are shown, as the board holds it now) seen, again whenever a new one
 * arrives while it is open, and returns a stable {@link UnreadMentions}.
 */
export function useUnreadMentions(
  content: TrackerContent | null,
  me: string,
  spaceName: string,
  open: Issue | null,
): UnreadMentions {
  // `changed`: marked seen here and not yet stored.
  const [seen, setSeen] = useState<{ key: string; ids: ReadonlySet<string>; changed: boolean }>(
    () => ({ key: `${spaceName}\n${me}`, ids: readSeenMentions(spaceName, me), changed: false }),
  );
  const key = `${spaceName}\n${me}`;
  // Another member signed in, or another space: read their list.
  let ids = seen.key === key ? seen.ids : readSeenMentions(spaceName, me);
  // The open issue's mentions are seen (again whenever a new one arrives while it is open).
  if (open !== null && content !== null && me.trim() !== '') {
    const next = markMentionsSeen(ids, open, me);
    if (next !== ids) ids = pruneSeen(next, content);
  }
  if (seen.key !== key || seen.ids !== ids) setSeen({ key, ids, changed: true });

  useEffect(() => {
    const storageKey = mentionsSeenStorageKey(spaceName, me);
    const onStorage = (event: StorageEvent) => {
      if (event.key === storageKey)
        setSeen({ key, ids: readSeenMentions(spaceName, me), changed: false });
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [key, spaceName, me]);

  useEffect(() => {
    if (seen.changed) writeSeenMentions(spaceName, me, seen.ids);
  }, [seen, spaceName, me]);

  const unread = useMemo(
    () => (content ? unreadMentionIssues(content, me, ids) : new Set<string>()),
    [content, me, ids],
  );

  const current = useRef(unread);
  const listeners = useRef(new Set<() => void>());
  useEffect(() => {
    if (current.current === unread) return;
    current.current = unread;
    for (const listener of listeners.current) listener();
  }, [unread]);

  return useMemo<UnreadMentions>(
    () => ({
      subscribe: (listener) => {
        listeners.current.add(listener);
        return () => listeners.current.delete(listener);
      },
      has: (issueId) => current.current.has(issueId),
    }),
    [],
  );
}
