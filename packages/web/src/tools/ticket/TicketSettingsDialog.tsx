/**
 * Issue Management's settings dialog (spec §3 Ticket settings): whether ticket numbers (`#12`) are
 * shown and whether new issues without an assignee go to their creator. Saved as one
 * `updateSettings` operation through the sync engine; a failed save keeps the dialog open
 * with the choices made.
 */
import type { TicketSettings, TrackerOperation } from '@cipherspace/tools/tracker';
import { useId, useState } from 'react';

import { m } from '../../paraglide/messages.js';
import { editBetween, isEmptyEdit } from '@cipherspace/tools';
import type { SaveOutcome } from '../content/EditConflictPanel.tsx';
import { FormModal, ModalFormFooter, rebaseForm, useModalForm } from '../content/modal-form.tsx';

/** The two settings of the dialog out of all of a board's settings. */
function pickSettings(settings: TicketSettingsChoice): TicketSettingsChoice {
  return {
    showTicketNumbers: settings.showTicketNumbers,
    autoAssignCreator: settings.autoAssignCreator,
  };
}

/** The settings the dialog edits. */
export type TicketSettingsChoice = Pick<TicketSettings, 'showTicketNumbers' | 'autoAssignCreator'>;

export interface TicketSettingsDialogProps {
  open: boolean;
  /** The board's current settings (the dialog starts from them each time it opens). */
  settings: TicketSettingsChoice;
  /**
   * Saves the operation (only the settings changed, each with its value when the dialog opened);
   * resolves true when saved (the dialog then closes), or a conflict to show.
   */
  onSave: (operation: TrackerOperation) => Promise<SaveOutcome>;
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
  const [choice, setChoice] = useState<TicketSettingsChoice>(() => pickSettings(settings));
  // The settings as the dialog takes them to be stored: those it opened with, until a conflict.
  const [base, setBase] = useState<TicketSettingsChoice>(() => pickSettings(settings));
  const save = (values: TicketSettingsChoice, from: TicketSettingsChoice) => {
    const edit = editBetween(from, values);
    return isEmptyEdit(edit) ? Promise.resolve(true) : onSave({ type: 'updateSettings', ...edit });
  };
  const form = useModalForm({
    invalidFieldId: null,
    onClose,
    save: () => save(choice, base),
    rebase: (met, choices) => {
      const next = rebaseForm(choice, base, pickSettings, met, choices);
      setChoice(next.values);
      setBase(next.base);
      return () => save(next.values, next.base);
    },
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
    <form className="stack" noValidate onSubmit={form.handleSubmit}>
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
      {/* The button keeps its text while saving (it is only turned off). */}
      <ModalFormFooter
        form={form}
        fieldLabel={(field) =>
          field === 'showTicketNumbers'
            ? m.ticket_settings_show_numbers()
            : field === 'autoAssignCreator'
              ? m.ticket_settings_auto_assign()
              : field
        }
        submitLabel={m.ticket_settings_save()}
        savingLabel={m.ticket_settings_save()}
      />
    </form>
  );
}
