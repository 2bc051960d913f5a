/**
 * Issue Management's settings dialog (spec §3 Ticket settings; issue 19 item 5): whether ticket
 * numbers (`#12`) are shown and whether new issues without an assignee go to their creator. Saved
 * as one `updateSettings` operation through the content lifecycle; a failed save keeps the dialog
 * open with the choices made.
 */
import type { TicketSettings, TrackerOperation } from '@cipherspace/tools/tracker';
import { useId, useState } from 'react';

import { m } from '../../paraglide/messages.js';
import { FormModal, useModalForm } from '../tracker/modal-form.tsx';

/** The settings the dialog edits. */
export type TicketSettingsChoice = Pick<TicketSettings, 'showTicketNumbers' | 'autoAssignCreator'>;

export interface TicketSettingsDialogProps {
  open: boolean;
  /** The board's current settings (the dialog starts from them each time it opens). */
  settings: TicketSettingsChoice;
  /** Saves the operation; resolves true when saved (the dialog then closes). */
  onSave: (operation: TrackerOperation) => Promise<boolean>;
  onClose: () => void;
}

export function TicketSettingsDialog(props: TicketSettingsDialogProps) {
  return (
    <FormModal open={props.open} onClose={props.onClose} title={m.ticket_settings_title()}>
      <SettingsForm {...props} />
    </FormModal>
  );
}

function SettingsForm({ settings, onSave, onClose }: TicketSettingsDialogProps) {
  const id = useId();
  const [choice, setChoice] = useState<TicketSettingsChoice>(settings);
  const { saving, handleSubmit } = useModalForm({
    invalidFieldId: null,
    onClose,
    save: () =>
      choice.showTicketNumbers === settings.showTicketNumbers &&
      choice.autoAssignCreator === settings.autoAssignCreator
        ? Promise.resolve(true)
        : onSave({ type: 'updateSettings', changes: { ...choice } }),
  });
  const toggle = (key: keyof TicketSettingsChoice, label: string, hint: string) => (
    <div className="field">
      <label className="checkbox">
        <input
          type="checkbox"
          checked={choice[key]}
          aria-describedby={`${id}-${key}-hint`}
          onChange={(event) => setChoice({ ...choice, [key]: event.target.checked })}
        />
        {label}
      </label>
      <p id={`${id}-${key}-hint`} className="field-hint">
        {hint}
      </p>
    </div>
  );
  return (
    <form className="stack" noValidate onSubmit={handleSubmit}>
      {toggle(
        'showTicketNumbers',
        m.ticket_settings_show_numbers(),
        m.ticket_settings_show_numbers_hint(),
      )}
      {toggle(
        'autoAssignCreator',
        m.ticket_settings_auto_assign(),
        m.ticket_settings_auto_assign_hint(),
      )}
      <div className="dialog-actions">
        <button type="button" className="button" onClick={onClose}>
          {m.common_cancel()}
        </button>
        <button type="submit" className="button button-primary" disabled={saving}>
          {m.ticket_settings_save()}
        </button>
      </div>
    </form>
  );
}
