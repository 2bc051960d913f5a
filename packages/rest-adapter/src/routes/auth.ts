/** /api/auth/* (spec §7) → the auth procedures. Mapping only. */
import { ERROR } from '@cipherspace/api';

import type { RestRoute } from '../contract/route.ts';
import { loginResponseSchema, sessionSchema } from '../contract/schemas.ts';

export const authRoutes: readonly RestRoute[] = [
  {
    method: 'POST',
    url: '/api/auth/login',
    operationId: 'login',
    summary: 'Log in to a space',
    description:
      '`encrypted_space_name` and `encrypted_password` are verifiers computed from the space ' +
      'key (packages/crypto/README.md §4), never the key or the password. A user registered ' +
      'without a password logs in without one. On `401 User not found` the web app switches to ' +
      'registration (spec §8).',
    tag: 'Authentication',
    access: 'public',
    procedure: 'auth.login',
    fieldDescriptions: {
      space_name:
        'The name of the space to log in to, exactly as it was created (compared character ' +
        'for character; another spelling → 404). `encrypted_space_name` is computed over these ' +
        'same characters.',
    },
    throttled: true,
    success: { status: 200, description: 'A new session.', schema: loginResponseSchema },
    errors: {
      401: {
        description:
          `\`${ERROR.userNotFound}\`, \`${ERROR.invalidPassword}\` or ` +
          `\`${ERROR.invalidSpaceCredentials}\` (wrong space key).`,
        detail: ERROR.userNotFound,
      },
      404: { description: 'The space does not exist.', detail: ERROR.spaceNotFound },
    },
  },
  {
    method: 'POST',
    url: '/api/auth/logout',
    operationId: 'logout',
    summary: 'End the session',
    description:
      'The token is refused from now on; WebSockets opened with it close with code 4401.',
    tag: 'Authentication',
    access: 'session',
    procedure: 'auth.logout',
    success: { status: 204, description: 'The session has ended.' },
  },
  {
    method: 'GET',
    url: '/api/auth/session',
    operationId: 'getSession',
    summary: 'The current session',
    description: 'Also extends the session (as every authenticated call does).',
    tag: 'Authentication',
    access: 'session',
    procedure: 'auth.session',
    success: { status: 200, description: 'The session.', schema: sessionSchema },
  },
];
