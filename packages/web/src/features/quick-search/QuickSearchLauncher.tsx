/**
 * The quick search's keyboard shortcut in the signed-in app: Ctrl+K or ⌘K anywhere — text
 * fields included — opens the quick search dialog (./QuickSearch.tsx), whose code loads on the
 * first opening. Left alone while another dialog is open. Rendered once by the layout for a
 * signed-in member (default export, lazily loaded).
 */
import { lazy, Suspense, useState } from 'react';
import { useHotkeys } from 'react-hotkeys-hook';

import { dialogOpen } from '../../lib/dialog-open.ts';

const QuickSearch = lazy(() => import('./QuickSearch.tsx'));

export default function QuickSearchLauncher() {
  const [open, setOpen] = useState(false);
  // The dialog's code is loaded on the first Ctrl+K, then kept mounted (closed) for the next.
  const [used, setUsed] = useState(false);
  useHotkeys(
    ['ctrl+k', 'meta+k'],
    () => {
      setUsed(true);
      setOpen(true);
    },
    {
      enableOnFormTags: true,
      enableOnContentEditable: true,
      preventDefault: true,
      ignoreEventWhen: dialogOpen,
    },
  );
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <QuickSearch open={open} onOpenChange={setOpen} />
    </Suspense>
  );
}
