/**
 * The web app manifest in the interface language: the build writes one per language (pwa.config.ts)
 * and index.html links the English one; {@link linkManifest} points the link at the current
 * language's (app/UpdatePrompt.tsx, on signed-in pages), so installing the app names and describes
 * it in that language.
 */

/** The manifest of each interface language, at the root of the web build. */
export const MANIFEST_FILES = {
  en: 'manifest.webmanifest',
  de: 'manifest.de.webmanifest',
} as const;

/** Points `<link rel="manifest">` (when the page has one: production builds) at `language`'s. */
export function linkManifest(language: keyof typeof MANIFEST_FILES): void {
  const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
  if (link) link.setAttribute('href', `/${MANIFEST_FILES[language]}`);
}
