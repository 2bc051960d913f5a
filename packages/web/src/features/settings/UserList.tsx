/**
 * The users of the space (spec §2 /space/settings, §6): each with a role selector and Delete
 * (confirmed, irreversible); the current user is marked 'You' and can change or delete neither
 * (spec §6). Loading, load failure (with Retry) and 'No users found.' states.
 */
import type { RouterOutputs } from '@cipherspace/api';
import { Users } from 'lucide-react';
import { useId, useState } from 'react';

import { EmptyState } from '../../components/EmptyState.tsx';
import { ConfirmDialog } from '../../components/Modal.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { StatusMessage } from '../../components/StatusMessage.tsx';
import { serverErrorMessage } from '../../lib/server-errors.ts';
import { trpc } from '../../lib/trpc.ts';
import type { FlashMessage } from '../../lib/use-flash-message.ts';
import { m } from '../../paraglide/messages.js';

type SpaceUser = RouterOutputs['users']['list']['users'][number];
type Role = SpaceUser['role'];

export function UserList({
  spaceName,
  currentUserId,
  onMessage,
}: {
  spaceName: string;
  currentUserId: string;
  onMessage: (kind: FlashMessage['kind'], text: string) => void;
}) {
  const utils = trpc.useUtils();
  const users = trpc.users.list.useQuery({ space_name: spaceName });
  const updateRole = trpc.users.update.useMutation();
  const deleteUser = trpc.users.delete.useMutation();
  const [pendingRoles, setPendingRoles] = useState<Partial<Record<string, Role>>>({});
  const [toDelete, setToDelete] = useState<SpaceUser | null>(null);
  const id = useId();

  async function changeRole(user: SpaceUser, role: Role) {
    setPendingRoles((pending) => ({ ...pending, [user.id]: role }));
    try {
      await updateRole.mutateAsync({ space_name: spaceName, user_id: user.id, role });
      onMessage('success', m.settings_role_updated());
      await utils.users.list.invalidate({ space_name: spaceName });
    } catch (error) {
      onMessage('error', serverErrorMessage(error) ?? m.settings_role_failed());
    } finally {
      setPendingRoles((pending) =>
        Object.fromEntries(Object.entries(pending).filter(([id]) => id !== user.id)),
      );
    }
  }

  async function confirmDelete() {
    if (!toDelete) return;
    try {
      await deleteUser.mutateAsync({ space_name: spaceName, user_id: toDelete.id });
      onMessage('success', m.settings_user_deleted());
      await utils.users.list.invalidate({ space_name: spaceName });
    } catch (error) {
      onMessage('error', serverErrorMessage(error) ?? m.settings_delete_user_failed());
    } finally {
      setToDelete(null);
    }
  }

  let body;
  if (users.isPending) {
    body = <Spinner label={m.settings_users_loading()} />;
  } else if (users.isError) {
    body = (
      <div className="stack">
        <StatusMessage kind="error">{m.settings_users_load_failed()}</StatusMessage>
        <div>
          <button type="button" className="button" onClick={() => void users.refetch()}>
            {m.common_retry()}
          </button>
        </div>
      </div>
    );
  } else if (users.data.users.length === 0) {
    body = <EmptyState icon={Users} text={m.settings_no_users()} />;
  } else {
    body = (
      <ul className="user-list" aria-labelledby={`${id}-title`}>
        {users.data.users.map((user) => {
          const isSelf = user.id === currentUserId;
          const pending = pendingRoles[user.id];
          return (
            <li key={user.id} className="user-row">
              <span className="user-name">
                <strong>{user.username}</strong>
                {isSelf ? <span className="badge user-you">{m.settings_you()}</span> : null}
              </span>
              <span className="user-role">
                <label htmlFor={`${id}-role-${user.id}`}>{m.settings_role()}</label>
                <select
                  id={`${id}-role-${user.id}`}
                  aria-label={m.settings_role_of({ username: user.username })}
                  value={pending ?? user.role}
                  disabled={isSelf || pending !== undefined}
                  onChange={(event) =>
                    void changeRole(user, event.target.value === 'admin' ? 'admin' : 'member')
                  }
                >
                  <option value="member">{m.settings_role_member()}</option>
                  <option value="admin">{m.settings_role_admin()}</option>
                </select>
              </span>
              <button
                type="button"
                className="button button-danger"
                disabled={isSelf}
                aria-label={m.settings_delete_user({ username: user.username })}
                onClick={() => setToDelete(user)}
              >
                {m.common_delete()}
              </button>
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <div className="stack">
      <h3 id={`${id}-title`}>{m.settings_users_list_title()}</h3>
      {body}
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => {
          if (!open && !deleteUser.isPending) setToDelete(null);
        }}
        title={m.settings_delete_user_title()}
        description={m.settings_delete_user_text({ username: toDelete?.username ?? '' })}
        confirmLabel={m.common_delete()}
        danger
        busy={deleteUser.isPending}
        onConfirm={() => void confirmDelete()}
      />
    </div>
  );
}
