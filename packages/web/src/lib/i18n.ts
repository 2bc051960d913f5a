/**
 * Interface language (spec §1, §5 Language): English (default) and German. The footer shows
 * one button per language in {@link LANGUAGES} order, the active one pressed; any other stored value falls back to `en`; the choice
 * is stored under `{product}_language` and `<html lang>` follows it.
 */
import { useSyncExternalStore } from 'react';

import {
  getLocale,
  overwriteGetLocale,
  overwriteSetLocale,
  setLocale,
} from '../paraglide/runtime.js';
import { STORAGE_KEYS } from './storage.ts';

export const LANGUAGES = ['en', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];

/** `en` or `de`; anything else (null, 'fr', '') → `en`. */
export function resolveLanguage(value: unknown): Language {
  return value === 'de' ? 'de' : 'en';
}

const listeners = new Set<() => void>();

// Every message asks paraglide for the locale, which by default resolves it from the page's
// address each time (two reads of location.href); it changes only through setLocale.
let locale: Language = 'en';
overwriteGetLocale(() => locale);
overwriteSetLocale((next) => {
  locale = resolveLanguage(next);
});

/** Makes `language` current: paraglide's locale, storage, `<html lang>`; re-renders subscribers. */
export function applyLanguage(language: Language): void {
  void setLocale(language, { reload: false });
  localStorage.setItem(STORAGE_KEYS.language, language);
  document.documentElement.lang = language;
  for (const listener of listeners) listener();
}

/** Applies the stored language (or the fallback) at start-up. */
export function initLanguage(): Language {
  const language = resolveLanguage(localStorage.getItem(STORAGE_KEYS.language));
  applyLanguage(language);
  return language;
}

/** The current language, read now (outside React; see {@link useLanguage} inside). */
export function currentLanguage(): Language {
  return resolveLanguage(getLocale());
}

/** The current language; components re-render when it changes. */
export function useLanguage(): Language {
  return useSyncExternalStore((listener) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  }, currentLanguage);
}
