/**
 * Accessible dialogs from Radix (focus trap, Escape closes, labelled, backdrop).
 * `Modal` for forms; `ConfirmDialog` for confirmations of irreversible actions.
 * On close, focus goes back to the element that had it when the dialog opened (the button
 * that opened it): Radix returns focus only to a `Dialog.Trigger`, and these dialogs are opened
 * by the app's own buttons.
 */
import * as AlertDialog from '@radix-ui/react-alert-dialog';
import * as Dialog from '@radix-ui/react-dialog';
import { useRef, type ReactNode } from 'react';

import { m } from '../paraglide/messages.js';

/** Handlers for a Radix dialog's Content that give focus back to where it was before opening. */
function useReturnFocus() {
  const opener = useRef<HTMLElement | null>(null);
  return {
    // Runs before Radix moves focus into the dialog: the active element is still the opener.
    onOpenAutoFocus: () => {
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
    },
    onCloseAutoFocus: (event: Event) => {
      const target = opener.current;
      opener.current = null;
      if (!target?.isConnected) return;
      event.preventDefault();
      target.focus();
    },
  };
}

export function Modal(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  /** `wide` for a dialog that shows a lot side by side (the history); default a form's width. */
  size?: 'form' | 'wide';
  children: ReactNode;
}) {
  const returnFocus = useReturnFocus();
  return (
    <Dialog.Root open={props.open} onOpenChange={props.onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-backdrop" />
        <Dialog.Content
          className={props.size === 'wide' ? 'dialog dialog-wide' : 'dialog'}
          aria-describedby={props.description ? undefined : undefined}
          {...returnFocus}
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
  const returnFocus = useReturnFocus();
  return (
    <AlertDialog.Root open={props.open} onOpenChange={props.onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="dialog-backdrop" />
        <AlertDialog.Content className="dialog" {...returnFocus}>
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
