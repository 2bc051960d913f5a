/** Row → wire shapes (spec §3), shared by every router so a space or user looks the same everywhere. */
import type { Space, User, UserRole } from '@cipherspace/db';

/** spec §3 "Space as shown". */
export interface SpaceView {
  name: string;
  force_user_passwords: boolean;
  allow_self_registration: boolean;
  created_at: Date;
}

/** spec §3 User. */
export interface UserView {
  id: string;
  username: string;
  role: UserRole;
  created_at: Date;
}

export function spaceView(space: Space): SpaceView {
  return {
    name: space.name,
    force_user_passwords: space.forceUserPasswords,
    allow_self_registration: space.allowSelfRegistration,
    created_at: space.createdAt,
  };
}

export function userView(user: User): UserView {
  return { id: user.id, username: user.username, role: user.role, created_at: user.createdAt };
}
