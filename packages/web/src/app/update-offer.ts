/**
 * A new version of the app is waiting: the service worker (app/pwa.ts) offers it here, and the
 * update prompt (UpdatePrompt.tsx) shows it until the member reloads or says "Later". Kept apart
 * from pwa.ts so the page frame does not load Workbox's code.
 */
import { useSyncExternalStore } from 'react';

/** Activates the waiting version and reloads the page with it. */
export type ApplyUpdate = () => Promise<void>;

let offer: ApplyUpdate | null = null;
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

/** Offers a waiting version; `apply` activates it and reloads. */
export function offerUpdate(apply: ApplyUpdate): void {
  offer = apply;
  notify();
}

/** Withdraws the offer ("Later"): the waiting version starts with the next visit. */
export function dismissUpdate(): void {
  offer = null;
  notify();
}

/** The waiting version's apply function, or null; components re-render when it changes. */
export function useUpdateOffer(): ApplyUpdate | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => offer,
  );
}
