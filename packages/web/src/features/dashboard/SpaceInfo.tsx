/**
 * The dashboard's space information (spec §2 /dashboard): password policy (enabled/disabled),
 * user registration (allowed / admin only) and the creation date in the current language.
 */
import { useLanguage } from '../../lib/i18n.ts';
import type { StoredSpace } from '../../lib/session.ts';
import { m } from '../../paraglide/messages.js';
import { formatCreatedDate } from './space-info.ts';

export function SpaceInfo({ space }: { space: StoredSpace }) {
  const language = useLanguage();
  return (
    <section className="card" aria-labelledby="dashboard-info-title">
      <h2 id="dashboard-info-title">{m.dashboard_info_title()}</h2>
      <dl className="space-info">
        <dt>{m.dashboard_info_password_policy()}</dt>
        <dd>
          {space.force_user_passwords ? m.dashboard_info_enabled() : m.dashboard_info_disabled()}
        </dd>
        <dt>{m.dashboard_info_registration()}</dt>
        <dd>
          {space.allow_self_registration
            ? m.dashboard_info_registration_allowed()
            : m.dashboard_info_registration_admin_only()}
        </dd>
        <dt>{m.dashboard_info_created()}</dt>
        <dd>
          <time dateTime={space.created_at}>{formatCreatedDate(space.created_at, language)}</time>
        </dd>
      </dl>
    </section>
  );
}
