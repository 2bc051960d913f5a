/** /api/spaces/{spaceName} (spec §7) → the spaces procedures. Mapping only. */
import { ERROR } from '@cipherspace/api';

import type { RestRoute } from '../contract/route.ts';
import { spaceInfoSchema, spaceSchema } from '../contract/schemas.ts';

const spaceParam = { spaceName: 'space_name' } as const;
const spaceMissing = { description: 'The space does not exist.', detail: ERROR.spaceNotFound };

export const spaceRoutes: readonly RestRoute[] = [
  {
    method: 'POST',
    url: '/api/spaces/create',
    operationId: 'createSpace',
    summary: 'Create a space',
    description:
      'Creates a space. `encrypted_space_name` is the space-name verifier computed from the ' +
      'space key (packages/crypto/README.md §4); the server keeps only a hash of it. The first ' +
      'user to register becomes its admin.',
    tag: 'Spaces',
    access: 'public',
    procedure: 'spaces.create',
    throttled: true,
    success: { status: 201, description: 'The space was created.', schema: spaceSchema },
    errors: {
      409: {
        description:
          'A space with this name exists, ignoring case, compatibility forms and spacing; or ' +
          `one whose name looks the same ('${ERROR.spaceLookalike}').`,
        detail: ERROR.spaceExists,
      },
    },
  },
  {
    method: 'GET',
    url: '/api/spaces/:spaceName',
    operationId: 'getSpace',
    summary: 'Look up a space',
    tag: 'Spaces',
    access: 'public',
    procedure: 'spaces.byName',
    params: spaceParam,
    success: { status: 200, description: 'The space as shown.', schema: spaceSchema },
    errors: { 404: spaceMissing },
  },
  {
    method: 'GET',
    url: '/api/spaces/:spaceName/info',
    operationId: 'getSpaceInfo',
    summary: 'What the login screen needs',
    description:
      'Both settings of the space and whether the next registration is its first (and so ' +
      'becomes admin).',
    tag: 'Spaces',
    access: 'public',
    procedure: 'spaces.info',
    params: spaceParam,
    success: { status: 200, description: 'The space info.', schema: spaceInfoSchema },
    errors: { 404: spaceMissing },
  },
  {
    method: 'PUT',
    url: '/api/spaces/:spaceName',
    operationId: 'updateSpace',
    summary: 'Change the space settings',
    description: 'Admins only (spec §6). A setting that is not given keeps its value.',
    tag: 'Spaces',
    access: 'admin',
    procedure: 'spaces.update',
    params: spaceParam,
    bodyDescription: 'Give at least one of the two settings.',
    success: { status: 200, description: 'The space with its new settings.', schema: spaceSchema },
  },
  {
    method: 'DELETE',
    url: '/api/spaces/:spaceName',
    operationId: 'deleteSpace',
    summary: 'Delete the space',
    description:
      'Admins only; irreversible: the users, sessions and every tool content go with it. Open ' +
      'WebSockets of the space are closed with code 4404.',
    tag: 'Spaces',
    access: 'admin',
    procedure: 'spaces.delete',
    params: spaceParam,
    success: { status: 204, description: 'The space is gone.' },
  },
];
