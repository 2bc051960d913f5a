/**
 * Re-renders a page when the interface language changes (spec §1 language toggle), keeping its
 * state: what a user typed, a selected issue, an open dialog. Pages read their texts at render
 * time (paraglide), so each page element is wrapped in {@link localized} by the route table;
 * memoised components below a page subscribe with `useLanguage()` themselves.
 */
import { cloneElement, type ReactElement } from 'react';

import { useLanguage } from '../lib/i18n.ts';

function Localized({ page }: { page: ReactElement }) {
  useLanguage();
  // A new element of the same page: React renders it again (it would skip the same element).
  return cloneElement(page);
}

/** The route element for `page`: rendered again, not re-mounted, on a language switch. */
export const localized = (page: ReactElement) => <Localized page={page} />;
