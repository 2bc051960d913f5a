/**
 * "A new version is available — Reload": shown while a new build of the app waits in the service
 * worker. Reload activates it and reloads the page; Later hides the prompt (the new version starts
 * with the next visit). Never swaps code silently. Rendered with `register` (the default: the
 * service worker's registration, ./pwa.ts) by the page frame for signed-in members, loaded lazily,
 * so the public pages carry none of it. It also keeps the web app manifest's link on the interface
 * language's manifest (lib/pwa-manifest.ts).
 */
import { useEffect, useState } from 'react';

import { linkManifest } from '../lib/pwa-manifest.ts';
import { m } from '../paraglide/messages.js';
import { startServiceWorker } from './pwa.ts';
import { dismissUpdate, useUpdateOffer } from './update-offer.ts';

export function UpdatePrompt({
  register = false,
  language = 'en',
}: {
  /** Whether to register the service worker (the page frame's prompt does). */
  register?: boolean;
  /** The interface language, whose web app manifest the page links. */
  language?: 'en' | 'de';
}) {
  const apply = useUpdateOffer();
  useEffect(() => {
    if (register) startServiceWorker();
  }, [register]);
  // Installing the app takes the manifest in the interface language.
  useEffect(() => linkManifest(language), [language]);
  const [reloading, setReloading] = useState(false);
  if (!apply) return null;
  return (
    <section className="banner update-prompt" role="status" aria-label={m.pwa_update_available()}>
      <p>{m.pwa_update_available()}</p>
      <button
        type="button"
        className="button primary"
        disabled={reloading}
        onClick={() => {
          setReloading(true);
          apply().catch(() => setReloading(false));
        }}
      >
        {m.pwa_update_reload()}
      </button>
      <button type="button" className="button secondary" onClick={dismissUpdate}>
        {m.pwa_update_later()}
      </button>
    </section>
  );
}

export default UpdatePrompt;
