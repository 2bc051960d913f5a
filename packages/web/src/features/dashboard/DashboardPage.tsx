/**
 * /dashboard (spec §2): header with connection and content-service status, space name, the
 * user's name (editable in place, spec §4) with role, Share and Logout; a welcome area; the
 * tool cards from the registry with the 'more tools' and space-settings cards; and the space
 * information. Max width 1200px (spec §9).
 */
import type { AppRouter } from '@cipherspace/api';
import { useQueryClient } from '@tanstack/react-query';
import { TRPCClientError } from '@trpc/client';
import { useState } from 'react';
import { flushSync } from 'react-dom';
import { useNavigate } from 'react-router';

import { StatusMessage } from '../../components/StatusMessage.tsx';
import { serverError, serverReasonText } from '../../lib/server-errors.ts';
import { clearSession, getSpaceKey, updateStoredUser, useSession } from '../../lib/session.ts';
import { clearOfflineSpace } from '../../tools/content/offline-store.ts';
import { trpc } from '../../lib/trpc.ts';
import { useFlashMessage } from '../../lib/use-flash-message.ts';
import { m } from '../../paraglide/messages.js';
import { ShareButton } from './ShareButton.tsx';
import { SpaceInfo } from './SpaceInfo.tsx';
import { StatusBadges } from './StatusBadges.tsx';
import { ToolGrid } from './ToolGrid.tsx';
import { UsernameEditor } from './UsernameEditor.tsx';
import { newUsernameProblem, renameFailure } from './username-edit.ts';

function errorCode(error: unknown): string | undefined {
  return error instanceof TRPCClientError
    ? (error as TRPCClientError<AppRouter>).data?.code
    : undefined;
}

export default function DashboardPage() {
  const session = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [message, showMessage] = useFlashMessage();
  const [loggingOut, setLoggingOut] = useState(false);
  const rename = trpc.users.update.useMutation();
  const logout = trpc.auth.logout.useMutation();

  // The route guard redirects when there is no session.
  if (!session) return null;
  const { space, user } = session;

  async function handleRename(username: string) {
    const problem = newUsernameProblem(username);
    if (problem) {
      showMessage('error', serverReasonText(problem));
      return;
    }
    try {
      const updated = await rename.mutateAsync({
        space_name: space.name,
        user_id: user.id,
        username,
      });
      updateStoredUser({ id: updated.id, username: updated.username, role: updated.role });
    } catch (error) {
      const refusal = serverError(error);
      const failure = renameFailure(errorCode(error), refusal?.reason ?? null);
      showMessage(
        'error',
        failure === 'refused' && refusal
          ? refusal.message
          : failure === 'exists'
            ? m.dashboard_username_exists()
            : m.dashboard_username_failed(),
      );
    }
  }

  /**
   * spec §4 Session: end the server session (a failure does not matter), clear (with the tools'
   * offline cache and queue of the space), go home.
   */
  async function handleLogout() {
    setLoggingOut(true);
    try {
      await logout.mutateAsync();
    } catch {
      // Logging out locally is what matters; the token expires on its own.
    }
    // The tools' offline cache and queue of this space go too: ciphertext only, but nothing of a
    // space should outlive its session in this browser.
    await clearOfflineSpace(space.name).catch(() => undefined);
    // The route guard sends a page without a session to /space/login as soon as it renders;
    // let it do so now (flushSync), then replace that with '/', where logout ends (spec §4).
    flushSync(clearSession);
    queryClient.clear();
    await navigate('/', { replace: true });
  }

  return (
    <div className="page dashboard">
      <header className="card dashboard-header">
        <div className="dashboard-header-top">
          <div>
            <p className="dashboard-eyebrow">{m.dashboard_space_label()}</p>
            <h1 className="dashboard-space-name">{space.name}</h1>
          </div>
          <StatusBadges contentReady={getSpaceKey(space.name) !== null} />
        </div>
        <div className="dashboard-header-user">
          <div className="row">
            <span className="dashboard-user-label">{m.dashboard_user_label()}</span>
            <UsernameEditor username={user.username} onRename={handleRename} />
            <span className="badge" data-testid="user-role">
              {user.role === 'admin' ? m.dashboard_role_admin() : m.dashboard_role_member()}
            </span>
          </div>
          <div className="row">
            <ShareButton spaceName={space.name} onMessage={showMessage} />
            <button
              type="button"
              className="button"
              disabled={loggingOut}
              onClick={() => void handleLogout()}
            >
              {loggingOut ? m.dashboard_logging_out() : m.dashboard_logout()}
            </button>
          </div>
        </div>
        <StatusMessage kind={message?.kind ?? 'info'}>{message?.text}</StatusMessage>
      </header>

      <section className="dashboard-welcome" aria-labelledby="dashboard-welcome-title">
        <h2 id="dashboard-welcome-title">
          {m.dashboard_welcome_title({ username: user.username })}
        </h2>
        <p>{m.dashboard_welcome_text()}</p>
      </section>

      <section aria-labelledby="dashboard-tools-title">
        <h2 id="dashboard-tools-title">{m.dashboard_tools_title()}</h2>
        <ToolGrid isAdmin={user.role === 'admin'} labelledBy="dashboard-tools-title" />
      </section>

      <SpaceInfo space={space} />
    </div>
  );
}
