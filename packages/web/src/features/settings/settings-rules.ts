/**
 * Rules of the space settings screen (spec §2 /space/settings, §5 Add user, §8 Settings):
 * validation of a new user and the body of a settings toggle. Server details are shown through
 * src/lib/server-errors.ts.
 */
import { hasInvisibleCharacters, isSingleScript } from '@cipherspace/crypto';

/** spec §5, §9: passwords have at least 5 characters. */
export const PASSWORD_MIN_CHARS = 5;

/** Why an Add User form cannot be sent. */
export type NewUserProblem =
  | 'username_required'
  | 'username_invisible'
  | 'username_mixed_scripts'
  | 'password_required'
  | 'password_too_short';

/**
 * Checks an Add User form (spec §5 Add user): a username (after trimming) is required, with no
 * invisible characters and letters of one script (as the server refuses them); a password is
 * required when the space forces passwords; any password given has at least
 * {@link PASSWORD_MIN_CHARS} characters. Returns the first problem, or null.
 */
export function validateNewUser(
  form: { username: string; password: string },
  forcePasswords: boolean,
): NewUserProblem | null {
  if (form.username.trim() === '') return 'username_required';
  if (hasInvisibleCharacters(form.username)) return 'username_invisible';
  if (!isSingleScript(form.username)) return 'username_mixed_scripts';
  if (form.password === '') return forcePasswords ? 'password_required' : null;
  if (form.password.length < PASSWORD_MIN_CHARS) return 'password_too_short';
  return null;
}

/** The two settings an admin toggles (spec §2 Configuration). */
export type SpaceSetting = 'force_user_passwords' | 'allow_self_registration';

/** The `spaces.update` body for one toggle: only the toggled setting (spec §4 Settings). */
export function settingUpdate(
  spaceName: string,
  setting: SpaceSetting,
  value: boolean,
): { space_name: string; force_user_passwords?: boolean; allow_self_registration?: boolean } {
  return setting === 'force_user_passwords'
    ? { space_name: spaceName, force_user_passwords: value }
    : { space_name: spaceName, allow_self_registration: value };
}
