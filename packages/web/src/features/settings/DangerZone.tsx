/**
 * Danger Zone (spec §2 /space/settings, §4 Session): Delete Space, confirmed in a dialog that
 * warns it is irreversible; then the session is cleared and the app goes to '/'.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { flushSync } from 'react-dom';
import { useNavigate } from 'react-router';

import { ConfirmDialog } from '../../components/Modal.tsx';
import { StatusMessage } from '../../components/StatusMessage.tsx';
import { serverErrorMessage } from '../../lib/server-errors.ts';
import { clearSession } from '../../lib/session.ts';
import { clearOfflineSpace } from '../../tools/content/offline-store.ts';
import { trpc } from '../../lib/trpc.ts';
import { useFlashMessage } from '../../lib/use-flash-message.ts';
import { m } from '../../paraglide/messages.js';

export function DangerZone({ spaceName }: { spaceName: string }) {
  const [open, setOpen] = useState(false);
  const [message, showMessage] = useFlashMessage();
  const remove = trpc.spaces.delete.useMutation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const id = useId();

  async function deleteSpace() {
    try {
      await remove.mutateAsync({ space_name: spaceName });
    } catch (error) {
      setOpen(false);
      showMessage('error', serverErrorMessage(error) ?? m.settings_delete_space_failed());
      return;
    }
    await clearOfflineSpace(spaceName).catch(() => undefined);
    // The route guard sends a page without a session to /space/login as soon as it renders;
    // let it do so now (flushSync), then replace that with '/', where deletion ends (spec §4).
    flushSync(clearSession);
    queryClient.clear();
    await navigate('/', { replace: true });
  }

  return (
    <section className="card stack danger-zone" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{m.settings_danger_title()}</h2>
      <p>{m.settings_danger_text()}</p>
      <div>
        <button type="button" className="button button-danger" onClick={() => setOpen(true)}>
          {m.settings_delete_space()}
        </button>
      </div>
      <StatusMessage kind={message?.kind ?? 'info'}>{message?.text}</StatusMessage>
      <ConfirmDialog
        open={open}
        onOpenChange={(next) => {
          if (!remove.isPending) setOpen(next);
        }}
        title={m.settings_delete_space_title()}
        description={m.settings_delete_space_text({ name: spaceName })}
        confirmLabel={remove.isPending ? m.settings_deleting() : m.settings_delete_space_confirm()}
        danger
        busy={remove.isPending}
        onConfirm={() => void deleteSpace()}
      />
    </section>
  );
}
