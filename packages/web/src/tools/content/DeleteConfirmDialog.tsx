/**
 * The confirmation before an item of a tool's content is deleted (spec §8 Confirmations: card,
 * sticky note …): {@link useDeleteConfirmation} holds the item asked about and the running
 * delete; {@link DeleteConfirmDialog} shows it with the tool's own title and text.
 */
import { useState, type ReactNode } from 'react';

import { ConfirmDialog } from '../../components/Modal.tsx';
import { m } from '../../paraglide/messages.js';

/** A delete waiting for the member's confirmation; see {@link useDeleteConfirmation}. */
export interface DeleteConfirmation<T extends object> {
  /** The item asked about; null while no confirmation is open. */
  pending: T | null;
  /** Opens the confirmation for `item`. */
  ask: (item: T) => void;
  /** Whether the confirmed delete is running. */
  deleting: boolean;
  /** Deletes the pending item, then closes the confirmation (saved or not). */
  confirm: () => Promise<void>;
  /** Closes the confirmation unless its delete is running. */
  cancel: () => void;
}

/**
 * A delete that waits for confirmation: `remove(item)` runs when the member confirms; the
 * confirmation stays open (and cannot be cancelled) until it settles, then closes whether it
 * saved or not — the page's message tells which.
 */
export function useDeleteConfirmation<T extends object>(
  remove: (item: T) => Promise<unknown>,
): DeleteConfirmation<T> {
  const [pending, setPending] = useState<T | null>(null);
  const [deleting, setDeleting] = useState(false);
  return {
    pending,
    ask: setPending,
    deleting,
    async confirm() {
      if (pending === null) return;
      setDeleting(true);
      await remove(pending);
      setDeleting(false);
      setPending(null);
    },
    cancel() {
      if (!deleting) setPending(null);
    },
  };
}

/**
 * The dialog of a {@link DeleteConfirmation}: open while an item is pending, with `title(item)`
 * and `text(item)`, Cancel and a danger Delete button that is off while the delete runs.
 */
export function DeleteConfirmDialog<T extends object>({
  confirmation,
  title,
  text,
}: {
  confirmation: DeleteConfirmation<T>;
  title: (item: T) => string;
  text: (item: T) => ReactNode;
}) {
  const { pending } = confirmation;
  return (
    <ConfirmDialog
      open={pending !== null}
      onOpenChange={(open) => {
        if (!open) confirmation.cancel();
      }}
      title={pending === null ? '' : title(pending)}
      description={pending === null ? '' : text(pending)}
      confirmLabel={m.common_delete()}
      danger
      busy={confirmation.deleting}
      onConfirm={() => void confirmation.confirm()}
    />
  );
}
