/** /api/content/* (spec §7) → the content procedures. Mapping only. */
import { ERROR } from '@cipherspace/api';

import type { RestRoute } from '../contract/route.ts';
import { savedToolContentSchema, toolContentSchema, toolListSchema } from '../contract/schemas.ts';

const toolParams = { spaceName: 'space_name', tool: 'tool' } as const;
const noContent = {
  description: 'The tool has no content yet: clients create and save its default.',
  detail: ERROR.contentNotFound,
};

// `/:spaceName/tools` is a static segment: find-my-way prefers it over `/:tool`, so no tool
// can be called `tools` over REST.
export const contentRoutes: readonly RestRoute[] = [
  {
    method: 'GET',
    url: '/api/content/:spaceName/tools',
    operationId: 'listTools',
    summary: 'The tools that have content',
    tag: 'Content',
    access: 'member',
    procedure: 'content.list',
    params: { spaceName: 'space_name' },
    success: {
      status: 200,
      description: 'One entry per tool, by tool id.',
      schema: toolListSchema,
    },
  },
  {
    method: 'GET',
    url: '/api/content/:spaceName/:tool',
    operationId: 'getContent',
    summary: "Load a tool's encrypted content",
    description:
      'Decrypt `encrypted_data` with the space key on the client (packages/crypto/README.md §3).',
    tag: 'Content',
    access: 'member',
    procedure: 'content.get',
    params: toolParams,
    success: { status: 200, description: 'The stored record.', schema: toolContentSchema },
    errors: { 404: noContent },
  },
  {
    method: 'PUT',
    url: '/api/content/:spaceName/:tool',
    operationId: 'saveContent',
    summary: "Save a tool's encrypted content",
    description:
      'Optimistic concurrency: `metadata.version` is the version your edit is based on (0 or ' +
      'absent when the tool has no content yet). The save succeeds only if that is still the ' +
      'stored version and stores version + 1; otherwise 409 — load the latest, re-apply the ' +
      'change, save again. Members are told with a `content_update` message (metadata only).',
    tag: 'Content',
    access: 'member',
    procedure: 'content.save',
    params: toolParams,
    bodyDescription:
      '`encrypted_data` is the envelope of packages/crypto (AES-256-GCM, PBKDF2 key from the ' +
      'space key); `metadata` is stored unencrypted next to it.',
    success: { status: 200, description: 'The saved record.', schema: savedToolContentSchema },
    errors: {
      409: {
        description: 'Someone saved first: the stored version is not `metadata.version`.',
        detail: ERROR.versionConflict,
      },
    },
  },
  {
    method: 'DELETE',
    url: '/api/content/:spaceName/:tool',
    operationId: 'deleteContent',
    summary: "Delete a tool's content",
    description: 'Members are told with a `content_update` of version 0.',
    tag: 'Content',
    access: 'member',
    procedure: 'content.delete',
    params: toolParams,
    success: { status: 204, description: 'The content is gone.' },
    errors: { 404: noContent },
  },
];
