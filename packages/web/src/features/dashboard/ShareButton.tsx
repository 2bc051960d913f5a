/**
 * Share button (spec §2 /dashboard, §8 Dashboard): copies a share link — space name in the
 * query, space key in the fragment — to the clipboard; where the clipboard is unavailable or
 * refuses, a dialog shows the link in a read-only field to copy by hand (the spec's fallback
 * prompt).
 */
import { Share2 } from 'lucide-react';
import { useId, useState } from 'react';

import { Modal } from '../../components/Modal.tsx';
import { getSpaceKey } from '../../lib/session.ts';
import type { FlashMessage } from '../../lib/use-flash-message.ts';
import { m } from '../../paraglide/messages.js';
import { buildShareLink } from './share-link.ts';

/** Writes `text` to the clipboard; false when there is no clipboard or it refuses. */
async function copyToClipboard(text: string): Promise<boolean> {
  if (!('clipboard' in navigator)) return false;
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

export function ShareButton({
  spaceName,
  onMessage,
}: {
  /** The current space, or null when there is none. */
  spaceName: string | null;
  onMessage: (kind: FlashMessage['kind'], text: string) => void;
}) {
  const [fallbackLink, setFallbackLink] = useState<string | null>(null);
  const fieldId = useId();

  async function share() {
    if (!spaceName) {
      onMessage('error', m.dashboard_share_no_space());
      return;
    }
    const spaceKey = getSpaceKey(spaceName);
    if (!spaceKey) {
      onMessage('error', m.dashboard_share_no_key());
      return;
    }
    const link = buildShareLink(window.location.origin, spaceName, spaceKey);
    if (await copyToClipboard(link)) onMessage('success', m.dashboard_share_copied());
    else setFallbackLink(link);
  }

  return (
    <>
      <button type="button" className="button" onClick={() => void share()}>
        <Share2 aria-hidden="true" /> {m.dashboard_share()}
      </button>
      <Modal
        open={fallbackLink !== null}
        onOpenChange={(open) => {
          if (!open) setFallbackLink(null);
        }}
        title={m.dashboard_share_dialog_title()}
        description={m.dashboard_share_dialog_text()}
      >
        <div className="field">
          <label htmlFor={fieldId}>{m.dashboard_share_link_label()}</label>
          <input
            id={fieldId}
            type="text"
            readOnly
            value={fallbackLink ?? ''}
            onFocus={(event) => event.currentTarget.select()}
          />
          <p className="field-hint">{m.dashboard_share_warning()}</p>
        </div>
        <div className="dialog-actions">
          <button type="button" className="button" onClick={() => setFallbackLink(null)}>
            {m.common_close()}
          </button>
        </div>
      </Modal>
    </>
  );
}
