/**
 * Starts the tab's real-time connection when a session exists and stops it on logout (spec §4
 * Real-time connection status). On CONNECTION_PERMANENTLY_LOST it stores the login prefill
 * data, goes to `/login?connectionLost=true&spaceName=…&username=…` and logs out.
 */
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';

import {
  CONNECTION_PERMANENTLY_LOST,
  onRealtimeSignal,
  recordConnectionLoss,
  startRealtime,
} from '../lib/realtime/index.ts';
import { clearSession, getSession, useSession } from '../lib/session.ts';

export function RealtimeSession() {
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const token = session?.token;
  const spaceName = session?.space.name;
  /** Set between the permanent loss and the committed navigation to the login screen. */
  const logoutPending = useRef(false);

  useEffect(() => {
    if (!token || !spaceName) return;
    // A new token (a fresh login) opens a new socket: the token travels in the socket's URL.
    return startRealtime(spaceName);
  }, [token, spaceName]);

  useEffect(
    () =>
      onRealtimeSignal((signal) => {
        if (signal !== CONNECTION_PERMANENTLY_LOST) return;
        const lost = getSession();
        if (!lost) return;
        logoutPending.current = true;
        void navigate(recordConnectionLoss(lost), { replace: true });
      }),
    [navigate],
  );

  // Log out only once the login screen is the current location: clearing the session while
  // the signed-in page is still shown would let its guard redirect to /space/login instead.
  useEffect(() => {
    if (!logoutPending.current) return;
    logoutPending.current = false;
    clearSession();
  }, [location.key]);

  return null;
}
