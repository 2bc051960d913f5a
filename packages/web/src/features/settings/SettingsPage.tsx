/**
 * /space/settings (spec §2, admin only per §6): Back to Dashboard; Configuration (two toggles
 * that save at once); User management (Add User, the user list); Danger Zone (Delete Space).
 * A member sees a refusal with a way back. Without the space key in this browser the screen
 * says 'Content service not initialized. Please log in again' and goes to /space/login after
 * 2 s (spec §8 Settings).
 */
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';

import { StatusMessage } from '../../components/StatusMessage.tsx';
import { getSpaceKey, useSession } from '../../lib/session.ts';
import { useFlashMessage } from '../../lib/use-flash-message.ts';
import { m } from '../../paraglide/messages.js';
import { AddUserForm } from './AddUserForm.tsx';
import { DangerZone } from './DangerZone.tsx';
import { SpaceConfiguration } from './SpaceConfiguration.tsx';
import { UserList } from './UserList.tsx';

/** spec §8: redirect to the login 2 s after 'Content service not initialized'. */
export const MISSING_KEY_REDIRECT_MS = 2000;

function BackToDashboard() {
  return (
    <Link className="button" to="/dashboard">
      <span aria-hidden="true">←</span> {m.common_back_to_dashboard()}
    </Link>
  );
}

export default function SettingsPage() {
  const session = useSession();
  const navigate = useNavigate();
  const [userMessage, showUserMessage] = useFlashMessage();
  const isAdmin = session?.user.role === 'admin';
  const missingKey = session !== null && getSpaceKey(session.space.name) === null;

  useEffect(() => {
    if (!isAdmin || !missingKey) return;
    const timer = window.setTimeout(() => {
      void navigate('/space/login', { replace: true });
    }, MISSING_KEY_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [isAdmin, missingKey, navigate]);

  // The route guard redirects when there is no session.
  if (!session) return null;
  const { space, user } = session;

  if (!isAdmin) {
    return (
      <section className="page narrow stack">
        <h1>{m.settings_refused_title()}</h1>
        <StatusMessage kind="error">{m.settings_refused_text()}</StatusMessage>
        <div>
          <BackToDashboard />
        </div>
      </section>
    );
  }

  if (missingKey) {
    return (
      <section className="page narrow stack">
        <h1>{m.settings_title()}</h1>
        <StatusMessage kind="error">{m.settings_not_initialized()}</StatusMessage>
      </section>
    );
  }

  return (
    <div className="page settings stack">
      <div>
        <BackToDashboard />
      </div>
      <header>
        <h1>{m.settings_title()}</h1>
        <p className="settings-space">{m.settings_space_name({ name: space.name })}</p>
      </header>

      <SpaceConfiguration space={space} />

      <section className="card stack" aria-labelledby="settings-users-title">
        <h2 id="settings-users-title">{m.settings_users_title()}</h2>
        <StatusMessage kind={userMessage?.kind ?? 'info'}>{userMessage?.text}</StatusMessage>
        <AddUserForm
          spaceName={space.name}
          forcePasswords={space.force_user_passwords}
          onMessage={showUserMessage}
        />
        <UserList spaceName={space.name} currentUserId={user.id} onMessage={showUserMessage} />
      </section>

      <DangerZone spaceName={space.name} />
    </div>
  );
}
