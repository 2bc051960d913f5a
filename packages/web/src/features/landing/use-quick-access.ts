/**
 * React glue for quick access (spec §4 Quick access): holds the state machine, runs the flow
 * once per submitted name and navigates to /dashboard when logged in.
 */
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { useNavigate } from 'react-router';

import { trpc } from '../../lib/trpc.ts';
import { checkQuickUsername } from './quick-space.ts';
import {
  INITIAL_QUICK_ACCESS,
  quickAccessReducer,
  runQuickAccess,
  type QuickAccessState,
} from './quick-access.ts';

/** Status and error messages clear themselves after this long (spec §9 Timings). */
export const FAILURE_VISIBLE_MS = 5_000;

export interface QuickAccess {
  state: QuickAccessState;
  /** The quick-access button; ignored unless idle. */
  start: () => void;
  /** The prompt closed without a name (Cancel, Escape). */
  cancel: () => void;
  /** A name submitted in the prompt; empty cancels, invalid keeps the prompt open. */
  submit: (name: string) => void;
}

export function useQuickAccess(): QuickAccess {
  const client = trpc.useUtils().client;
  const navigate = useNavigate();
  const [state, dispatch] = useReducer(quickAccessReducer, INITIAL_QUICK_ACCESS);
  // The reducer ignores a second submit, but the flow is started from the handler; this ref
  // makes sure two submits in the same tick (before a re-render) start it only once.
  const running = useRef(false);

  const submit = useCallback(
    (name: string) => {
      dispatch({ type: 'submit', name });
      const check = checkQuickUsername(name);
      if (check.kind !== 'ok' || running.current || state.phase !== 'naming') return;
      running.current = true;
      void runQuickAccess(client, check.username).then((failure) => {
        running.current = false;
        if (failure) {
          dispatch({ type: 'failed', failure });
          return;
        }
        dispatch({ type: 'succeeded' });
        void navigate('/dashboard', { replace: true });
      });
    },
    [client, navigate, state.phase],
  );

  const failure = state.phase === 'idle' ? state.failure : null;
  useEffect(() => {
    if (!failure) return;
    const timer = window.setTimeout(() => dispatch({ type: 'clear-failure' }), FAILURE_VISIBLE_MS);
    return () => window.clearTimeout(timer);
  }, [failure]);

  return {
    state,
    start: useCallback(() => dispatch({ type: 'start' }), []),
    cancel: useCallback(() => dispatch({ type: 'cancel' }), []),
    submit,
  };
}
