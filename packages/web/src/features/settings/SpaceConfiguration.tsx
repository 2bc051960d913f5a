/**
 * Configuration (spec §2 /space/settings, §4 Settings): 'Force users to have passwords' and
 * 'Allow self registration'. Each toggle saves at once (only that setting), updates the stored
 * space on success and reverts the checkbox on failure.
 */
import { useId, useState } from 'react';

import { StatusMessage } from '../../components/StatusMessage.tsx';
import { serverErrorMessage } from '../../lib/server-errors.ts';
import { updateStoredSpace, type StoredSpace } from '../../lib/session.ts';
import { trpc } from '../../lib/trpc.ts';
import { useFlashMessage } from '../../lib/use-flash-message.ts';
import { m } from '../../paraglide/messages.js';
import { settingUpdate, type SpaceSetting } from './settings-rules.ts';

export function SpaceConfiguration({ space }: { space: StoredSpace }) {
  const [values, setValues] = useState<Record<SpaceSetting, boolean>>({
    force_user_passwords: space.force_user_passwords,
    allow_self_registration: space.allow_self_registration,
  });
  const [saving, setSaving] = useState<SpaceSetting | null>(null);
  const [message, showMessage] = useFlashMessage();
  const update = trpc.spaces.update.useMutation();
  const id = useId();

  async function toggle(setting: SpaceSetting, value: boolean) {
    const previous = values[setting];
    setValues((current) => ({ ...current, [setting]: value }));
    setSaving(setting);
    try {
      const updated = await update.mutateAsync(settingUpdate(space.name, setting, value));
      updateStoredSpace({
        name: updated.name,
        force_user_passwords: updated.force_user_passwords,
        allow_self_registration: updated.allow_self_registration,
        created_at: new Date(updated.created_at).toISOString(),
      });
      setValues({
        force_user_passwords: updated.force_user_passwords,
        allow_self_registration: updated.allow_self_registration,
      });
      showMessage('success', m.settings_updated());
    } catch (error) {
      setValues((current) => ({ ...current, [setting]: previous }));
      showMessage('error', serverErrorMessage(error) ?? m.settings_update_failed());
    } finally {
      setSaving(null);
    }
  }

  const settings: { setting: SpaceSetting; label: string; hint: string }[] = [
    {
      setting: 'force_user_passwords',
      label: m.settings_force_passwords(),
      hint: m.settings_force_passwords_hint(),
    },
    {
      setting: 'allow_self_registration',
      label: m.settings_self_registration(),
      hint: m.settings_self_registration_hint(),
    },
  ];

  return (
    <section className="card stack" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{m.settings_config_title()}</h2>
      {settings.map(({ setting, label, hint }) => (
        <div key={setting}>
          <div className="checkbox">
            <input
              id={`${id}-${setting}`}
              type="checkbox"
              checked={values[setting]}
              // One save at a time, so a failure reverts exactly the box that was toggled.
              disabled={saving !== null}
              aria-describedby={`${id}-${setting}-hint`}
              onChange={(event) => void toggle(setting, event.target.checked)}
            />
            <label htmlFor={`${id}-${setting}`}>{label}</label>
            {saving === setting ? (
              <span className="field-hint" aria-hidden="true">
                {m.settings_saving()}
              </span>
            ) : null}
          </div>
          <p id={`${id}-${setting}-hint`} className="field-hint settings-hint">
            {hint}
          </p>
        </div>
      ))}
      <StatusMessage kind={message?.kind ?? 'info'}>{message?.text}</StatusMessage>
    </section>
  );
}
