/**
 * Pure rules of the create-space form (spec §2 /space/create, §4 Create-space form, §5 Space
 * name and Space key, §8 create messages, §9 timings). No React: the page renders what these
 * return.
 */
import {
  checkSpaceKey,
  hasInvisibleCharacters,
  isSingleScript,
  SPACE_KEY_SPECIAL_CHARS,
  validateSpaceName,
  type SpaceKeyChecks,
} from '@cipherspace/crypto';

import { serverErrorMessage } from '../../lib/server-errors.ts';
import { SpaceAccessError } from '../../lib/space-access.ts';
import { m } from '../../paraglide/messages.js';

/** Delay between the success message and the redirect to the login screen (spec §9). */
export const CREATE_REDIRECT_DELAY_MS = 2000;

/** How long an error message stays before it clears itself (spec §9). */
export const MESSAGE_CLEAR_MS = 5000;

/** Input limit of the space-name field in characters (spec §5 Space name). */
export const SPACE_NAME_INPUT_MAX_CHARS = 100;

/** Defaults of the two checkboxes (spec §9 "Create-form defaults"). */
export const CREATE_FORM_DEFAULTS = {
  forceUserPasswords: true,
  allowSelfRegistration: false,
} as const;

/** One rule of spec §5 Space key, in checklist order. */
export type KeyRequirement = keyof SpaceKeyChecks;

/** The checklist order: length, lowercase, uppercase, digit, special character, no slash. */
export const KEY_REQUIREMENTS: readonly KeyRequirement[] = [
  'minLength',
  'lowercase',
  'uppercase',
  'digit',
  'special',
  'noSlash',
];

/** One line of the live key checklist: which rule, whether `key` meets it, its text. */
export interface ChecklistItem {
  id: KeyRequirement;
  met: boolean;
  label: string;
}

function requirementLabel(id: KeyRequirement): string {
  switch (id) {
    case 'minLength':
      return m.create_requirement_min_length();
    case 'lowercase':
      return m.create_requirement_lowercase();
    case 'uppercase':
      return m.create_requirement_uppercase();
    case 'digit':
      return m.create_requirement_digit();
    case 'special':
      return m.create_requirement_special({ chars: SPACE_KEY_SPECIAL_CHARS });
    case 'noSlash':
      return m.create_requirement_no_slash();
  }
}

/** The live checklist for `key`: six items in {@link KEY_REQUIREMENTS} order (spec §5 Space key). */
export function keyChecklist(key: string): ChecklistItem[] {
  const { checks } = checkSpaceKey(key);
  return KEY_REQUIREMENTS.map((id) => ({ id, met: checks[id], label: requirementLabel(id) }));
}

/**
 * The live hint under the space-name field: the rule while `name` is invalid, 'Valid space name'
 * once it is (spec §5 Space name). A name the server would refuse as one that could pass for
 * another (an invisible character, letters of mixed scripts) is invalid with the server's own text
 * for it.
 */
export function spaceNameHint(name: string): { valid: boolean; text: string } {
  if (!validateSpaceName(name).valid) return { valid: false, text: m.create_space_name_hint() };
  if (hasInvisibleCharacters(name))
    return { valid: false, text: m.server_error_space_name_invisible() };
  if (!isSingleScript(name))
    return { valid: false, text: m.server_error_space_name_mixed_scripts() };
  return { valid: true, text: m.create_space_name_valid() };
}

/**
 * Whether Create Space is enabled: name and key both valid and no submission running
 * (spec §4 Create-space form, §5 "Form invalid unless name and key both valid").
 */
export function canCreateSpace(form: {
  spaceName: string;
  spaceKey: string;
  submitting: boolean;
}): boolean {
  return (
    !form.submitting && spaceNameHint(form.spaceName).valid && checkSpaceKey(form.spaceKey).valid
  );
}

/**
 * Where the form goes after creating a space: the login screen in register mode for the first
 * user, `/space/login?spaceName=…&firstUser=true#spaceKey=…`. The key travels in the URL
 * fragment, which browsers never send to a server (spec §4; architecture rule 8).
 */
export function loginUrlAfterCreate(spaceName: string, spaceKey: string): string {
  const query = new URLSearchParams({ spaceName, firstUser: 'true' });
  const fragment = new URLSearchParams({ spaceKey });
  return `/space/login?${query.toString()}#${fragment.toString()}`;
}

/**
 * The §8 message for a failed creation: the encryption message when Web Crypto failed, the
 * server's detail (in the interface language, see lib/server-errors.ts) when the server sent
 * one, else the generic retry message.
 */
export function createFailureMessage(error: unknown): string {
  if (error instanceof SpaceAccessError && error.kind === 'encryption')
    return m.create_encrypt_failed();
  return serverErrorMessage(error) ?? m.create_failed();
}
