/** Pages that need a session redirect to /space/login when no token exists (spec §2). */
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';

import { useSession } from '../lib/session.ts';

export function RequireSession({ children }: { children: ReactNode }) {
  const session = useSession();
  if (!session) return <Navigate to="/space/login" replace />;
  return children;
}
