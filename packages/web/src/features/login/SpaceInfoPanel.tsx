/**
 * The Space Information panel of the login screen (spec §2 /space/login): name, password
 * required yes/no, self registration 'Allowed' or 'Invitation Only'; 'Space not found' when the
 * server said so (spec §8); that the server cannot be reached while the lookup is being retried
 * (never 'Space not found' then); a loading line while it runs; nothing before a name is entered.
 */
import { Spinner } from '../../components/Spinner.tsx';
import { StatusMessage } from '../../components/StatusMessage.tsx';
import { m } from '../../paraglide/messages.js';
import type { SpaceInfo } from './login-rules.ts';

export function SpaceInfoPanel({
  info,
  loading,
  failed,
  unreachable = false,
}: {
  info: SpaceInfo | null;
  loading: boolean;
  failed: boolean;
  /** The server cannot be reached and the lookup is being retried. */
  unreachable?: boolean;
}) {
  if (unreachable)
    return <StatusMessage kind="warning">{m.login_server_unreachable()}</StatusMessage>;
  if (failed) return <StatusMessage kind="error">{m.login_space_not_found()}</StatusMessage>;
  if (loading) return <Spinner label={m.login_space_info_loading()} />;
  if (!info) return null;
  return (
    <section className="login-space-info" aria-labelledby="login-space-info-title">
      <h2 id="login-space-info-title">{m.login_space_info_title()}</h2>
      <dl>
        <dt>{m.login_space_info_name()}</dt>
        <dd>{info.name}</dd>
        <dt>{m.login_space_info_password_required()}</dt>
        <dd>{info.force_user_passwords ? m.login_yes() : m.login_no()}</dd>
        <dt>{m.login_space_info_self_registration()}</dt>
        <dd>
          {info.allow_self_registration
            ? m.login_self_registration_allowed()
            : m.login_self_registration_invitation_only()}
        </dd>
      </dl>
    </section>
  );
}
