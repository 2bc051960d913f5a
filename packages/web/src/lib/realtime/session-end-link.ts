/**
 * The tRPC link that tells the tab's real-time connection when this tab ends its own session
 * (logout, deleting the space), so the member stream's end is not taken for a lost connection
 * (spec §4: that path is for sessions ended elsewhere).
 *
 * Every page's client has this link (../trpc.ts), the landing page's too, while the connection's
 * code loads only with the first signed-in screen: ./connection.ts hands its manager over with
 * {@link setSessionEndExpectation} as it loads. Until then no connection is open, and there is
 * nothing to tell.
 */
import type { AppRouter } from '@cipherspace/api';
import type { TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';

/** Own calls that end this tab's session: the server's end-of-session message is no loss. */
const SESSION_ENDING_PATHS = new Set(['auth.logout', 'spaces.delete']);

/** Marks the session's end as expected; returns the function that withdraws it (call failed). */
type ExpectSessionEnd = () => () => void;

let expectSessionEnd: ExpectSessionEnd | null = null;

/** Sets what a session-ending call tells: the tab's connection manager (./connection.ts). */
export function setSessionEndExpectation(expect: ExpectSessionEnd): void {
  expectSessionEnd = expect;
}

/** A pass-through link (see the module comment). Put it first in the link chain. */
export function sessionEndLink(): TRPCLink<AppRouter> {
  return () =>
    ({ op, next }) => {
      if (!SESSION_ENDING_PATHS.has(op.path) || !expectSessionEnd) return next(op);
      const expect = expectSessionEnd;
      return observable((observer) => {
        const withdraw = expect();
        return next(op).subscribe({
          next: (value) => observer.next(value),
          error: (error) => {
            withdraw();
            observer.error(error);
          },
          complete: () => observer.complete(),
        });
      });
    };
}
