/**
 * Accessible dialogs from Radix (focus trap, Escape closes, labelled, backdrop).
 * `Modal` for forms; `ConfirmDialog` for confirmations of irreversible actions.
 */
import * as AlertDialog from '@radix-ui/react-alert-dialog';
import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';

import { m } from '../paraglide/messages.js';

export function Modal(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <Dialog.Root open={props.open} onOpenChange={props.onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-backdrop" />
        <Dialog.Content
          className="dialog"
          aria-describedby={props.description ? undefined : undefined}
        >
          <Dialog.Title className="dialog-title">{props.title}</Dialog.Title>
          {props.description ? <Dialog.Description>{props.description}</Dialog.Description> : null}
          {props.children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

export function ConfirmDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  danger?: boolean;
  busy?: boolean;
}) {
  return (
    <AlertDialog.Root open={props.open} onOpenChange={props.onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="dialog-backdrop" />
        <AlertDialog.Content className="dialog">
          <AlertDialog.Title className="dialog-title">{props.title}</AlertDialog.Title>
          <AlertDialog.Description asChild>
            <div>{props.description}</div>
          </AlertDialog.Description>
          <div className="dialog-actions">
            <AlertDialog.Cancel className="button">{m.common_cancel()}</AlertDialog.Cancel>
            <AlertDialog.Action
              className={props.danger ? 'button button-danger' : 'button button-primary'}
              disabled={props.busy}
              onClick={(event) => {
                event.preventDefault();
                props.onConfirm();
              }}
            >
              {props.confirmLabel}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
