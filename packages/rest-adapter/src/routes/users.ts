/** /api/spaces/{spaceName}/users* (spec §7) → the users procedures. Mapping only. */
import { ERROR } from '@cipherspace/api';

import type { RestRoute } from '../contract/route.ts';
import { userListSchema, userSchema, usernameListSchema } from '../contract/schemas.ts';

const spaceParam = { spaceName: 'space_name' } as const;
const userParams = { spaceName: 'space_name', userId: 'user_id' } as const;
const userMissing = { description: 'No such user in the space.', detail: ERROR.userNotFound };

export const userRoutes: readonly RestRoute[] = [
  {
    method: 'POST',
    url: '/api/spaces/:spaceName/users/register',
    operationId: 'registerUser',
    summary: 'Register yourself',
    description:
      'The first user of a space becomes its admin whatever the settings; later users may ' +
      'register only when `allow_self_registration` is on (spec §6). `encrypted_password` is ' +
      'required when the space forces passwords. Log in afterwards.',
    tag: 'Users',
    access: 'public',
    procedure: 'users.register',
    params: spaceParam,
    throttled: true,
    success: { status: 201, description: 'The new user with its role.', schema: userSchema },
    errors: {
      401: {
        description: 'Wrong space key (the verifier does not match).',
        detail: ERROR.invalidSpaceCredentials,
      },
      403: {
        description: 'Self registration is off and the space has users.',
        detail: ERROR.selfRegistrationDisabled,
      },
      404: { description: 'The space does not exist.', detail: ERROR.spaceNotFound },
      409: {
        description:
          'The username is taken in this space, ignoring case, compatibility forms and spacing; ' +
          `or one that looks the same is ('${ERROR.usernameLookalike}').`,
        detail: ERROR.usernameExists,
      },
    },
  },
  {
    method: 'GET',
    url: '/api/spaces/:spaceName/users',
    operationId: 'listUsers',
    summary: 'The users of the space',
    tag: 'Users',
    access: 'member',
    procedure: 'users.list',
    params: spaceParam,
    success: { status: 200, description: 'Every user, oldest first.', schema: userListSchema },
  },
  {
    method: 'GET',
    url: '/api/spaces/:spaceName/usernames',
    operationId: 'listUsernames',
    summary: 'The usernames of the space',
    tag: 'Users',
    access: 'member',
    procedure: 'users.usernames',
    params: spaceParam,
    success: {
      status: 200,
      description: 'Every username, oldest first.',
      schema: usernameListSchema,
    },
  },
  {
    method: 'POST',
    url: '/api/spaces/:spaceName/users',
    operationId: 'createUser',
    summary: 'Add a user',
    description:
      'Admins only (spec §6). `encrypted_password` is the password verifier computed with the ' +
      'space key; required when the space forces passwords.',
    tag: 'Users',
    access: 'admin',
    procedure: 'users.create',
    params: spaceParam,
    success: { status: 201, description: 'The new user.', schema: userSchema },
    errors: {
      409: {
        description:
          'The username is taken in this space, ignoring case, compatibility forms and spacing; ' +
          `or one that looks the same is ('${ERROR.usernameLookalike}').`,
        detail: ERROR.usernameExists,
      },
    },
  },
  {
    method: 'PUT',
    url: '/api/spaces/:spaceName/users/:userId',
    operationId: 'updateUser',
    summary: 'Rename yourself or change a role',
    description:
      '`{username}` renames the caller (letters and digits only; only yourself). `{role}` ' +
      "changes another user's role (admins only, never their own).",
    tag: 'Users',
    access: 'member',
    procedure: 'users.update',
    params: userParams,
    bodyDescription: 'Give `username` or `role`.',
    success: { status: 200, description: 'The user as changed.', schema: userSchema },
    errors: {
      403: {
        description:
          'Renaming someone else, changing a role as a member, or changing your own role.',
        detail: ERROR.renameOnlyYourself,
      },
      404: userMissing,
      409: {
        description:
          'The username is taken in this space, ignoring case, compatibility forms and spacing; ' +
          `or one that looks the same is ('${ERROR.usernameLookalike}').`,
        detail: ERROR.usernameExists,
      },
    },
  },
  {
    method: 'DELETE',
    url: '/api/spaces/:spaceName/users/:userId',
    operationId: 'deleteUser',
    summary: 'Delete a user',
    description:
      "Admins only, never themselves. The user's sessions end; their WebSockets close with 4401.",
    tag: 'Users',
    access: 'admin',
    procedure: 'users.delete',
    params: userParams,
    success: { status: 204, description: 'The user is gone.' },
    errors: {
      403: { description: 'Deleting yourself.', detail: ERROR.cannotDeleteYourself },
      404: userMissing,
    },
  },
];
