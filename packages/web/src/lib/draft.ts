/**
 * Drafts of open dialogs: what a member typed survives a server outage that signs them out (spec
 * §4: a permanent connection loss logs out and opens the login screen), a reload and a crash of the
 * tab, and is offered again when the same dialog opens after signing in again.
 *
 * A draft is kept in this tab's sessionStorage under `cipherspace_draft:{space name}:{key}`,
 * ENCRYPTED with the space key (the envelope of @cipherspace/crypto `encryptJson`, as tool content;
 * spec §9 Encryption), so no plaintext of the space ever sits in storage. It is written 400 ms
 * after the last change, only while it differs from what the dialog opened with, and removed when
 * the dialog closes while the session goes on (saved or cancelled). A dialog closed because the
 * session ended keeps it, and the page and dialog are remembered (`{path, key}`, ids only, under
 * `cipherspace_draft_reopen:{space name}`): signing in again returns to that page, which opens the
 * dialog again ({@link useDraftToReopen}) with its draft. A draft that no longer decrypts or no
 * longer fits the dialog's schema is dropped.
 */
import { decryptJson, encryptJson } from '@cipherspace/crypto';
import { useEffect, useEffectEvent, useRef } from 'react';
import type { z } from 'zod';

import { getSpaceKey, getToken, useSession } from './session.ts';

/** Pause after the last change before a draft is encrypted and stored, in ms. */
export const DRAFT_WRITE_DELAY_MS = 400;

/** Prefix of every draft's sessionStorage key. */
export const DRAFT_STORAGE_PREFIX = 'cipherspace_draft:';

/** The sessionStorage key of draft `key` in `spaceName`. */
export function draftStorageKey(spaceName: string, key: string): string {
  return `${DRAFT_STORAGE_PREFIX}${spaceName}:${key}`;
}

/** Encrypts `value` with `spaceKey` and stores it as draft `key` of `spaceName`. */
export async function writeDraft(
  spaceName: string,
  spaceKey: string,
  key: string,
  value: unknown,
): Promise<void> {
  sessionStorage.setItem(draftStorageKey(spaceName, key), await encryptJson(value, spaceKey));
}

/**
 * The stored draft `key` of `spaceName`, decrypted with `spaceKey` and checked with `schema`;
 * null when there is none. A draft that does not decrypt or parse is removed.
 */
export async function readDraft<T>(
  spaceName: string,
  spaceKey: string,
  key: string,
  schema: z.ZodType<T>,
): Promise<T | null> {
  const storageKey = draftStorageKey(spaceName, key);
  const envelope = sessionStorage.getItem(storageKey);
  if (envelope === null) return null;
  try {
    const parsed = schema.safeParse(await decryptJson(envelope, spaceKey));
    if (parsed.success) return parsed.data;
  } catch {
    // Another key (the space was left for another) or a damaged entry: nothing to offer.
  }
  sessionStorage.removeItem(storageKey);
  return null;
}

/** Prefix of the sessionStorage key of the dialog to open again in a space after signing in. */
export const DRAFT_REOPEN_PREFIX = 'cipherspace_draft_reopen:';

/** A dialog to open again: the page's path and the draft's key. */
interface Reopen {
  path: string;
  key: string;
}

/**
 * Whether `value` is a {@link Reopen}. Checked by hand: the login page's code has no validation
 * library, and a 26 KB one for two strings would double it.
 */
function isReopen(value: unknown): value is Reopen {
  if (typeof value !== 'object' || value === null) return false;
  const { path, key } = value as Partial<Record<keyof Reopen, unknown>>;
  return typeof path === 'string' && path.startsWith('/') && typeof key === 'string';
}

/** The dialog to open again in `spaceName`: the page's path and the draft's key; null: none. */
function readReopen(spaceName: string): Reopen | null {
  const stored = sessionStorage.getItem(DRAFT_REOPEN_PREFIX + spaceName);
  if (stored === null) return null;
  try {
    const parsed: unknown = JSON.parse(stored);
    if (isReopen(parsed)) return parsed;
  } catch {
    // A damaged entry: nothing to reopen.
  }
  sessionStorage.removeItem(DRAFT_REOPEN_PREFIX + spaceName);
  return null;
}

/**
 * The path of the page whose dialog was open with typed text when the session in `spaceName`
 * ended, where signing in again should lead; null when there is none.
 */
export function draftReopenPath(spaceName: string): string | null {
  return readReopen(spaceName)?.path ?? null;
}

/**
 * Opens again the dialog the session ended in, on the page it was open on: once `ready` (the
 * page's content is shown), when the remembered dialog's key starts with `prefix` (e.g. `card:`),
 * calls `open` with the rest of the key (e.g. `edit:{issue id}`) after the next frame and forgets
 * it. The dialog then offers its draft itself ({@link useDraft}).
 */
export function useDraftToReopen(
  prefix: string,
  ready: boolean,
  open: (rest: string) => void,
): void {
  const spaceName = useSession()?.space.name ?? null;
  const onOpen = useEffectEvent(open);
  useEffect(() => {
    if (!ready || spaceName === null) return;
    const wanted = readReopen(spaceName);
    if (wanted?.path !== window.location.pathname || !wanted.key.startsWith(prefix)) return;
    const frame = requestAnimationFrame(() => {
      sessionStorage.removeItem(DRAFT_REOPEN_PREFIX + spaceName);
      onOpen(wanted.key.slice(prefix.length));
    });
    return () => cancelAnimationFrame(frame);
  }, [ready, spaceName, prefix]);
}

/** How many open dialogs use each draft (StrictMode mounts a dialog twice in a row). */
const openDrafts = new Map<string, number>();

/** Removes draft `key` of `spaceName`. */
export function removeDraft(spaceName: string, key: string): void {
  sessionStorage.removeItem(draftStorageKey(spaceName, key));
}

/**
 * Keeps `value` — a dialog's input — as draft `key` of the signed-in space while the dialog is
 * open (see the module comment). On mount, a stored draft that fits `schema` is handed to
 * `restore` once (asynchronously: it is decrypted first); from then on `value` is stored whenever
 * it changes. `key` names the dialog and what it edits by ids only, never by content (e.g.
 * `card:edit:{issue id}`): it is stored as is.
 */
export function useDraft<T>(
  key: string,
  value: T,
  schema: z.ZodType<T>,
  restore: (draft: T) => void,
): void {
  const session = useSession();
  const spaceName = session?.space.name ?? null;
  // Read once: the key stays usable for the last write even after a sign-out removed it.
  const spaceKey = useRef<string | null>(spaceName === null ? null : getSpaceKey(spaceName));
  // What the dialog opened with: equal to it, there is nothing to keep.
  const opened = useRef(JSON.stringify(value));
  // Writes wait until the stored draft (if any) was offered, so it is not overwritten first.
  const ready = useRef(false);
  const onRestore = useEffectEvent(restore);

  // Set once the dialog closed for good while signed in: a write still on its way must not land.
  const discarded = useRef(false);
  // Whether the input differs from what the dialog opened with: only then is it opened again.
  const changed = useRef(false);

  useEffect(() => {
    const secret = spaceKey.current;
    if (spaceName === null || secret === null) return;
    const storageKey = draftStorageKey(spaceName, key);
    // The page the dialog is open on (by the time it closes, a sign-out has left it).
    const path = window.location.pathname;
    openDrafts.set(storageKey, (openDrafts.get(storageKey) ?? 0) + 1);
    discarded.current = false;
    let live = true;
    void readDraft(spaceName, secret, key, schema).then((draft) => {
      if (!live) return;
      ready.current = true;
      if (draft !== null) onRestore(draft);
    });
    return () => {
      live = false;
      openDrafts.set(storageKey, (openDrafts.get(storageKey) ?? 1) - 1);
      // Closed while the session goes on (saved or cancelled): the draft has served. Decided a
      // moment later, so that an immediate remount (StrictMode) keeps it.
      window.setTimeout(() => {
        if ((openDrafts.get(storageKey) ?? 0) > 0) return;
        if (getToken() === null) {
          // Closed because the session ended: the next sign-in comes back to it.
          if (changed.current)
            sessionStorage.setItem(DRAFT_REOPEN_PREFIX + spaceName, JSON.stringify({ path, key }));
          return;
        }
        openDrafts.delete(storageKey);
        discarded.current = true;
        removeDraft(spaceName, key);
      }, 0);
    };
  }, [spaceName, key, schema]);

  const text = JSON.stringify(value);
  useEffect(() => {
    changed.current = text !== opened.current;
  }, [text]);
  useEffect(() => {
    const secret = spaceKey.current;
    if (spaceName === null || secret === null) return;
    const timer = window.setTimeout(() => {
      if (!ready.current) return;
      if (text === opened.current) {
        removeDraft(spaceName, key);
        return;
      }
      void encryptJson(JSON.parse(text), secret)
        .then((envelope) => {
          if (!discarded.current) sessionStorage.setItem(draftStorageKey(spaceName, key), envelope);
        })
        .catch(() => undefined); // a draft is a convenience: the dialog itself still holds the text
    }, DRAFT_WRITE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [spaceName, key, text]);
}
