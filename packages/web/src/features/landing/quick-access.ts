/**
 * Quick access (spec §4 Quick access, §8, §9 Quick space): one click → a name prompt → a fresh
 * throwaway space with self registration on and passwords not forced → the person registered
 * (first user, so admin), logged in and on the dashboard.
 *
 * `quickAccessReducer` is the state machine (idle → naming → creating → done; any failure back
 * to idle; a click while naming or creating is ignored). `runQuickAccess` is the network flow,
 * built on src/lib/space-access.ts so the space key never leaves the browser.
 */
import { generateSpaceKey } from '@cipherspace/crypto';

import { createSpace, logIn, registerUser, type ApiClient } from '../../lib/space-access.ts';
import { checkQuickUsername, generateQuickSpaceName } from './quick-space.ts';

/** Which step failed; each has its own §8 alert. */
export type QuickAccessFailure = 'create' | 'register' | 'login';

export type QuickAccessState =
  | { phase: 'idle'; failure: QuickAccessFailure | null }
  | { phase: 'naming'; nameError: 'invalid' | 'too-long' | null }
  | { phase: 'creating'; username: string }
  | { phase: 'done' };

export type QuickAccessEvent =
  /** The quick-access button was clicked. */
  | { type: 'start' }
  /** The prompt was closed without a name (Cancel, Escape). */
  | { type: 'cancel' }
  /** A name was submitted in the prompt (raw, as typed). */
  | { type: 'submit'; name: string }
  | { type: 'failed'; failure: QuickAccessFailure }
  | { type: 'succeeded' }
  /** The failure message has been shown long enough. */
  | { type: 'clear-failure' };

export const INITIAL_QUICK_ACCESS: QuickAccessState = { phase: 'idle', failure: null };

/**
 * The quick-access state machine (spec §4). Events that make no sense in a phase leave the
 * state unchanged (same object), which is how a second click while creating is ignored.
 * An empty name cancels; an invalid name keeps the prompt open with an error.
 */
export function quickAccessReducer(
  state: QuickAccessState,
  event: QuickAccessEvent,
): QuickAccessState {
  switch (event.type) {
    case 'start':
      return state.phase === 'idle' ? { phase: 'naming', nameError: null } : state;
    case 'cancel':
      return state.phase === 'naming' ? { phase: 'idle', failure: null } : state;
    case 'submit': {
      if (state.phase !== 'naming') return state;
      const check = checkQuickUsername(event.name);
      switch (check.kind) {
        case 'ok':
          return { phase: 'creating', username: check.username };
        case 'empty':
          return { phase: 'idle', failure: null };
        case 'invalid':
        case 'too-long':
          return { phase: 'naming', nameError: check.kind };
        default:
          return assertNever(check);
      }
    }
    case 'failed':
      return state.phase === 'creating' ? { phase: 'idle', failure: event.failure } : state;
    case 'succeeded':
      return state.phase === 'creating' ? { phase: 'done' } : state;
    case 'clear-failure':
      return state.phase === 'idle' && state.failure !== null
        ? { phase: 'idle', failure: null }
        : state;
    default:
      return assertNever(event);
  }
}

function assertNever(value: never): never {
  throw new Error(`unexpected ${JSON.stringify(value)}`);
}

/**
 * Creates a quick space for `username` (already checked), registers them and logs them in
 * (session and space key stored in this browser, username remembered). Resolves to null on
 * success or to the step that failed; never rejects.
 */
export async function runQuickAccess(
  client: ApiClient,
  username: string,
): Promise<QuickAccessFailure | null> {
  let spaceName: string;
  let spaceKey: string;
  try {
    spaceName = generateQuickSpaceName();
    spaceKey = generateSpaceKey();
    await createSpace(client, {
      spaceName,
      spaceKey,
      forceUserPasswords: false,
      allowSelfRegistration: true,
    });
  } catch {
    return 'create';
  }
  const credentials = { spaceName, spaceKey, username };
  try {
    await registerUser(client, credentials);
  } catch {
    return 'register';
  }
  try {
    await logIn(client, credentials);
  } catch {
    return 'login';
  }
  return null;
}
