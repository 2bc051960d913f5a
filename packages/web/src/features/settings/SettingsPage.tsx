/**
 * /space/settings (spec §2, admin only per §6): Back to Dashboard; Configuration (two toggles
 * that save at once); User management (Add User, the user list); Danger Zone (Delete Space).
 * A member sees a refusal with a way back.
 *
 * Before anything is shown (spec §8 Settings):
 * - the space key must be in this browser: without `space_key_{space}` the tools cannot work
 *   and the screen says 'Content service not initialized. Please log in again'; when it is
 *   there but the stored content credentials do not give the same key for this space (missing,
 *   for another space, or another key) it says 'Failed to retrieve space key. Please log in
 *   again.'. Either way it goes to /space/login after 2 s.
 * - the space as the server has it now (`spaces.byName`; another admin may have changed the
 *   settings): a failed or empty answer shows 'No space information found.', one that is not
 *   this space or lacks the settings 'Invalid space information.'. A valid answer is what the
 *   configuration shows, and it refreshes the stored space.
 */
import { ArrowLeft } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';

import { Spinner } from '../../components/Spinner.tsx';
import { StatusMessage } from '../../components/StatusMessage.tsx';
import {
  getSpaceKey,
  updateStoredSpace,
  useSession,
  type ContentCredentials,
  type StoredSpace,
} from '../../lib/session.ts';
import { readJson, STORAGE_KEYS } from '../../lib/storage.ts';
import { trpc } from '../../lib/trpc.ts';
import { useFlashMessage } from '../../lib/use-flash-message.ts';
import { m } from '../../paraglide/messages.js';
import { AddUserForm } from './AddUserForm.tsx';
import { DangerZone } from './DangerZone.tsx';
import { SpaceConfiguration } from './SpaceConfiguration.tsx';
import { UserList } from './UserList.tsx';

/** spec §8: redirect to the login 2 s after a missing space key. */
export const MISSING_KEY_REDIRECT_MS = 2000;

/** Why the space key is not usable: `not_initialized` (no key) or `retrieve_failed`. */
export type SpaceKeyProblem = 'not_initialized' | 'retrieve_failed';

/** Checks the stored space key of `spaceName` (see the module comment); null when usable. */
export function spaceKeyProblem(spaceName: string): SpaceKeyProblem | null {
  const spaceKey = getSpaceKey(spaceName);
  if (spaceKey === null) return 'not_initialized';
  const credentials = readJson<Partial<ContentCredentials>>(STORAGE_KEYS.contentCredentials);
  if (credentials?.spaceName !== spaceName || credentials.spaceKey !== spaceKey)
    return 'retrieve_failed';
  return null;
}

/**
 * The server's answer about the space as the stored space (ISO date), or null when it is not
 * the space `spaceName` with both settings and a valid creation date.
 */
export function parseSpaceInfo(info: unknown, spaceName: string): StoredSpace | null {
  if (typeof info !== 'object' || info === null) return null;
  const { name, force_user_passwords, allow_self_registration, created_at } = info as Partial<
    Record<keyof StoredSpace, unknown>
  >;
  if (
    name !== spaceName ||
    typeof force_user_passwords !== 'boolean' ||
    typeof allow_self_registration !== 'boolean'
  )
    return null;
  const created =
    created_at instanceof Date || typeof created_at === 'string' ? new Date(created_at) : null;
  if (!created || Number.isNaN(created.getTime())) return null;
  return {
    name,
    force_user_passwords,
    allow_self_registration,
    created_at: created.toISOString(),
  };
}

function sameSpace(a: StoredSpace, b: StoredSpace): boolean {
  return (
    a.name === b.name &&
    a.force_user_passwords === b.force_user_passwords &&
    a.allow_self_registration === b.allow_self_registration &&
    a.created_at === b.created_at
  );
}

function BackToDashboard() {
  return (
    <Link className="button" to="/dashboard">
      <ArrowLeft aria-hidden="true" /> {m.common_back_to_dashboard()}
    </Link>
  );
}

export default function SettingsPage() {
  const session = useSession();
  const navigate = useNavigate();
  const [userMessage, showUserMessage] = useFlashMessage();
  const isAdmin = session?.user.role === 'admin';
  const spaceName = session?.space.name ?? '';
  const keyProblem = session !== null && isAdmin ? spaceKeyProblem(spaceName) : null;
  // Asked afresh on every visit, and only that answer counts: a cached one from before a toggle
  // would show, and store, the old settings.
  const spaceInfo = trpc.spaces.byName.useQuery(
    { space_name: spaceName },
    { enabled: session !== null && isAdmin && keyProblem === null, refetchOnMount: 'always' },
  );
  const fresh = spaceInfo.isFetchedAfterMount;
  const answer: unknown = fresh ? spaceInfo.data : undefined;
  const serverSpace = answer === undefined ? null : parseSpaceInfo(answer, spaceName);

  useEffect(() => {
    if (keyProblem === null) return;
    const timer = window.setTimeout(() => {
      void navigate('/space/login', { replace: true });
    }, MISSING_KEY_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [keyProblem, navigate]);

  // Keep the stored space (dashboard, later visits) as the server has it; only when a new
  // answer arrives, so a toggle saved since is not undone by an older answer.
  useEffect(() => {
    const current = parseSpaceInfo(answer, spaceName);
    if (!current) return;
    const stored = readJson<StoredSpace>(STORAGE_KEYS.currentSpace);
    if (stored?.name === current.name && !sameSpace(stored, current)) updateStoredSpace(current);
  }, [answer, spaceName]);

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

  if (keyProblem !== null) {
    return (
      <section className="page narrow stack">
        <h1>{m.settings_title()}</h1>
        <StatusMessage kind="error">
          {keyProblem === 'not_initialized'
            ? m.settings_not_initialized()
            : m.settings_key_retrieve_failed()}
        </StatusMessage>
      </section>
    );
  }

  if (!serverSpace) {
    const failure =
      (fresh && spaceInfo.isError) || answer === null
        ? m.settings_no_space_info()
        : answer === undefined
          ? null
          : m.settings_invalid_space_info();
    return (
      <section className="page narrow stack">
        <div>
          <BackToDashboard />
        </div>
        <h1>{m.settings_title()}</h1>
        {failure === null ? <Spinner label={m.settings_space_info_loading()} /> : null}
        <StatusMessage kind="error">{failure}</StatusMessage>
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
        <p className="settings-space">{m.settings_space_name({ name: serverSpace.name })}</p>
      </header>

      <SpaceConfiguration space={serverSpace} />

      <section className="card stack" aria-labelledby="settings-users-title">
        <h2 id="settings-users-title">{m.settings_users_title()}</h2>
        <StatusMessage kind={userMessage?.kind ?? 'info'}>{userMessage?.text}</StatusMessage>
        <AddUserForm
          spaceName={serverSpace.name}
          // The stored space follows the toggles above (and the server's answer).
          forcePasswords={space.force_user_passwords}
          onMessage={showUserMessage}
        />
        <UserList
          spaceName={serverSpace.name}
          currentUserId={user.id}
          onMessage={showUserMessage}
        />
      </section>

      <DangerZone spaceName={serverSpace.name} />
    </div>
  );
}
