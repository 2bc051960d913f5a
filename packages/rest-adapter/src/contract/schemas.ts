/**
 * The response shapes of the REST contract (spec §3, §7) as zod schemas — the only description
 * of them. Each route encodes its procedure's output with its schema before sending it (so a
 * response can never carry a field that is not documented here, and a procedure that drifts
 * from the contract fails loudly), and the OpenAPI document is generated from the same schemas.
 *
 * Request bodies are not described here: they are the tRPC procedures' own zod inputs (see
 * `route.ts`).
 *
 * Timestamps are `Date`s inside the server and ISO 8601 UTC strings on the wire
 * (`2025-01-31T12:00:00.000Z`): {@link timestamp} is a zod codec between the two.
 */
import { CHANGES_PAGE_MAX_BYTES } from '@cipherspace/api';
import { z } from 'zod';

/** A `Date` in the server, an ISO 8601 UTC timestamp on the wire (`Date.prototype.toJSON`). */
export const timestamp = z.codec(z.iso.datetime(), z.date(), {
  decode: (text) => new Date(text),
  encode: (date) => date.toISOString(),
});

const wireTimestamp = (description: string) =>
  z.iso.datetime().meta({ description, examples: ['2025-01-31T12:00:00.000Z'] });

/** Every error body (spec §8 "server detail"). */
export const errorSchema = z
  .object({
    detail: z.string().min(1).meta({
      description: 'A human-readable reason, safe to show to the user.',
    }),
  })
  .meta({ description: 'Every error answer: exactly one member, `detail`.' });

const spaceNameField = z
  .string()
  .meta({ description: 'The space name as created.', examples: ['Alpha Team'] });

/** spec §3 "Space as shown". */
export const spaceSchema = z
  .object({
    name: spaceNameField,
    force_user_passwords: z
      .boolean()
      .meta({ description: 'Every user of the space must have a password.' }),
    allow_self_registration: z.boolean().meta({
      description: 'Users may register themselves (the first user always may, and becomes admin).',
    }),
    created_at: timestamp.meta({ description: 'When the space was created (UTC).' }),
  })
  .meta({ description: 'A space as shown (spec §3).' });

/** spec §3 "Space info response". */
export const spaceInfoSchema = z
  .object({
    name: spaceNameField,
    force_user_passwords: z.boolean(),
    allow_self_registration: z.boolean(),
    is_first_user_registration: z.boolean().meta({
      description: 'The space has no user yet: the next registration becomes its admin.',
    }),
  })
  .meta({ description: 'What the login screen needs before anyone logs in (spec §3).' });

/** spec §3 User. */
export const userSchema = z
  .object({
    id: z.uuid().meta({
      description: 'The user id (also `session_id` on the raw WebSocket).',
      examples: ['0b5e8a7e-4f7c-4d3c-9a55-2f0f7c1b9e11'],
    }),
    username: z.string().meta({ examples: ['alice'] }),
    role: z.enum(['admin', 'member']),
    created_at: timestamp.meta({ description: 'When the user was registered or added (UTC).' }),
  })
  .meta({ description: 'A user of a space (spec §3).' });

/** spec §3 Login response. */
export const loginResponseSchema = z
  .object({
    access_token: z.string().meta({
      description:
        'The bearer token: send `Authorization: Bearer <access_token>` on authenticated calls and ' +
        '`?token=` on the raw WebSocket. It expires 30 minutes after its last use (spec §9).',
    }),
    token_type: z.literal('bearer'),
    expires_at: timestamp.meta({
      description: 'When the session expires unless it is used before (each call extends it).',
    }),
    space: spaceSchema,
    user: userSchema,
  })
  .meta({ description: 'A new session (spec §3 Login response).' });

/** The caller's session. */
export const sessionSchema = z
  .object({
    user: userSchema,
    space: spaceSchema,
    expires_at: timestamp.meta({ description: 'When the session expires (already extended).' }),
  })
  .meta({ description: 'The session the bearer token belongs to.' });

export const userListSchema = z
  .object({ users: z.array(userSchema).meta({ description: 'Oldest first.' }) })
  .meta({ description: 'Every user of the space.' });

export const usernameListSchema = z
  .object({
    usernames: z.array(z.string()).meta({ description: 'Oldest first.', examples: [['alice']] }),
  })
  .meta({ description: 'The usernames of the space (spec §7; used by the randomizer).' });

/** What the server adds to the caller's metadata on every save (spec §3 Tool content). */
export const contentMetadataSchema = z
  .looseObject({
    version: z.int().min(1).meta({
      description:
        'The stored version. Send it back as `metadata.version` with your next save of this tool.',
    }),
    last_modified: wireTimestamp('When the content was saved (UTC), set by the server.'),
    modified_by: z.string().meta({ description: 'Who saved it, set by the server.' }),
  })
  .meta({
    description:
      'The metadata the saver sent, plus `version`, `last_modified` and `modified_by` ' +
      'set by the server. Never encrypted: do not put secrets here.',
    examples: [{ version: 3, last_modified: '2025-01-31T12:00:00.000Z', modified_by: 'alice' }],
  });

const toolContentFields = {
  id: z.uuid().meta({ examples: ['6f1d2c3b-9a8e-4f7d-8c6b-5a4e3d2c1b0a'] }),
  tool: z.string().meta({ examples: ['kanban'] }),
  space_name: spaceNameField,
  content_metadata: contentMetadataSchema,
};

/** spec §3 Tool content (server record). */
export const toolContentSchema = z
  .object({
    ...toolContentFields,
    encrypted_data: z.string().meta({
      description:
        'The envelope exactly as saved: a JSON text `{"data","iv","salt"}` (base64), AES-256-GCM ' +
        'with a key derived from the space key by PBKDF2 (packages/crypto/README.md). ' +
        'The server cannot decrypt it. It holds version `content_metadata.version`.',
      examples: [
        '{"data":"O0Bj49T3GHrJzoqKlwNAMSAQ","iv":"EBESExQVFhcYGRob","salt":"QEFCQ0RFRkdISUpLTE1OT1BRUlNUVVZXWFlaW1xdXl8="}',
      ],
    }),
    current_version: z
      .int()
      .min(1)
      .meta({
        description:
          'The newest version. Newer than `content_metadata.version` when later saves sent ' +
          'operations only: their changes are in `…/changes?since={content_metadata.version}`.',
      }),
  })
  .meta({ description: 'The stored content of one tool (spec §3 Tool content).' });

/** `PUT /api/content/{spaceName}/{tool}/snapshot`. */
export const snapshotResultSchema = z
  .object({
    snapshot_version: z.int().min(1).meta({
      description: 'The version the stored `encrypted_data` holds now.',
    }),
    stored: z.boolean().meta({
      description: 'Whether it is the uploaded one (false: a newer one was stored first).',
    }),
  })
  .meta({ description: 'The result of a snapshot upload.' });

/** The answer to a save: the record without the ciphertext the caller just sent. */
export const savedToolContentSchema = z
  .object(toolContentFields)
  .meta({ description: 'The saved record; `content_metadata.version` is the new version.' });

export const toolListSchema = z
  .object({
    tools: z.array(
      z.object({
        tool: z.string().meta({ examples: ['kanban'] }),
        version: z.int().min(1),
        last_modified: timestamp,
        modified_by: z.string().nullable(),
      }),
    ),
  })
  .meta({ description: 'The tools of the space that have content, by tool id.' });

const operationEnvelopeField = z.string().meta({
  description:
    'An operation envelope `{"v":"op1","data","iv","salt"}` exactly as saved ' +
    '(packages/crypto/README.md). Open it with the operations key of the space; the server ' +
    'cannot.',
});

/** One recorded change of a tool's content. */
export const toolChangeSchema = z
  .object({
    version: z.int().min(1).meta({ description: 'The version this change produced.' }),
    kind: z.enum(['operations', 'replacement']).meta({
      description:
        '`operations`: apply `operations` in order to the previous version. `replacement`: the ' +
        'content was saved as a whole (no operations): load the snapshot.',
    }),
    operations: z.array(operationEnvelopeField).nullable().meta({
      description: 'The encrypted operations in the order applied; null for a replacement.',
    }),
    base_version: z
      .int()
      .min(0)
      .optional()
      .meta({
        description:
          'Only on a replacement made from an older snapshot than the version before it: the ' +
          'version it was made from. The operations of the versions after `base_version` are ' +
          'not in it: members apply them again on top of it.',
      }),
    modified_by: z.string().meta({ description: 'Who saved it.', examples: ['alice'] }),
    at: wireTimestamp('When it was saved (UTC).'),
  })
  .meta({ description: 'One saved version of a tool, as a change.' });

/** `GET /api/content/{spaceName}/{tool}/changes`. */
export const toolChangesSchema = z
  .object({
    tool: z.string().meta({ examples: ['kanban'] }),
    version: z.int().min(1).meta({ description: 'The current version of the content.' }),
    too_far_behind: z.boolean().meta({
      description:
        'Load the content (`GET /api/content/{spaceName}/{tool}`) instead: the gap is wider ' +
        'than 100 versions, part of it was saved before changes were recorded, or `since` is ' +
        'ahead of `version` (the content was deleted and started over). `changes` is empty then.',
    }),
    changes: z.array(toolChangeSchema).meta({
      description:
        'Every change with `since` < version ≤ `version`, oldest first; empty when you are up ' +
        'to date or too far behind. Only up to `next_since` when that is present.',
    }),
    next_since: z
      .int()
      .min(1)
      .optional()
      .meta({
        description:
          `Present only when the answer was cut at ${CHANGES_PAGE_MAX_BYTES} bytes (4 MiB) of ` +
          'operations: the last version in `changes`. Ask again with `since` = `next_since` for ' +
          'the next page, until an answer has no `next_since`.',
      }),
  })
  .meta({
    description: 'The changes after a version, to catch up without loading the whole content.',
    examples: [
      {
        tool: 'kanban',
        version: 9,
        too_far_behind: false,
        changes: [
          {
            version: 8,
            kind: 'replacement',
            operations: null,
            modified_by: 'bob',
            at: '2025-01-31T12:00:00.000Z',
          },
          {
            version: 9,
            kind: 'operations',
            operations: [
              '{"v":"op1","data":"BEe1Ior46K6o9KIajGo6Wl/p","iv":"EBESExQVFhcYGRob","salt":"QEFCQ0RFRkdISUpLTE1OT1BRUlNUVVZXWFlaW1xdXl8="}',
            ],
            modified_by: 'alice',
            at: '2025-01-31T12:00:05.000Z',
          },
        ],
      },
    ],
  });

/** One kept version in `GET /api/content/{spaceName}/{tool}/history`. */
export const historyEntrySchema = z
  .object({
    version: z.int().min(1),
    kind: z.enum(['operations', 'replacement']).meta({
      description:
        '`operations`: saved as encrypted operations on the previous version. `replacement`: ' +
        'saved as a whole new content.',
    }),
    modified_by: z.string().meta({ description: 'Who saved it.', examples: ['alice'] }),
    modified_at: timestamp.meta({ description: 'When it was saved (UTC).' }),
    size_bytes: z
      .int()
      .min(0)
      .meta({
        description:
          'Bytes the history keeps for this version: its encrypted operations, plus its snapshot ' +
          'when one is kept at this version.',
      }),
  })
  .meta({ description: 'One kept version of a tool.' });

/** `GET /api/content/{spaceName}/{tool}/history`. */
export const historyPageSchema = z
  .object({
    versions: z.array(historyEntrySchema).meta({
      description:
        'Newest first, at most `limit`. For the next page pass the last `version` as `before`; ' +
        'an empty list means there is no older kept version.',
    }),
    current_version: z.int().min(1).meta({ description: 'The current version of the content.' }),
    oldest_version: z
      .int()
      .min(1)
      .meta({
        description:
          'The oldest version the server can rebuild: every version from it to `current_version` ' +
          'can be fetched with `…/history/{version}`. Older ones were pruned (HISTORY_RETENTION_DAYS, ' +
          'HISTORY_MAX_VERSIONS) or saved before the history existed.',
      }),
  })
  .meta({
    description: "A page of a tool's kept versions.",
    examples: [
      {
        versions: [
          {
            version: 9,
            kind: 'operations',
            modified_by: 'alice',
            modified_at: '2025-01-31T12:00:05.000Z',
            size_bytes: 612,
          },
          {
            version: 8,
            kind: 'replacement',
            modified_by: 'bob',
            modified_at: '2025-01-31T12:00:00.000Z',
            size_bytes: 14_204,
          },
        ],
        current_version: 9,
        oldest_version: 1,
      },
    ],
  });

/** One change in `GET /api/content/{spaceName}/{tool}/history/{version}`. */
export const historyChangeSchema = z
  .object({
    version: z.int().min(1).meta({ description: 'The version this change produced.' }),
    kind: z.enum(['operations', 'replacement']),
    operations: z.array(operationEnvelopeField).nullable().meta({
      description: 'The encrypted operations in the order applied; null for a replacement.',
    }),
    modified_by: z.string().meta({ examples: ['alice'] }),
    modified_at: timestamp.meta({ description: 'When it was saved (UTC).' }),
  })
  .meta({ description: 'One saved version of a tool, as the change from the one before.' });

const nextAfterField = z
  .int()
  .min(1)
  .optional()
  .meta({
    description:
      `Present only when the answer was cut at ${CHANGES_PAGE_MAX_BYTES} bytes (4 MiB) of ` +
      'envelopes: the last version in `changes`. Fetch ' +
      '`…/history/{version}/changes?after={next_after}` for the next page, until an answer has ' +
      'no `next_after`.',
  });

/** `GET /api/content/{spaceName}/{tool}/history/{version}`. */
export const historyVersionSchema = z
  .object({
    version: z.int().min(1).meta({ description: 'The version asked for.' }),
    base: z
      .object({
        version: z.int().min(1).meta({ description: 'The version this snapshot is.' }),
        encrypted_data: z.string().meta({
          description:
            'The content envelope exactly as saved at `base.version` (packages/crypto/README.md); ' +
            'decrypt it with the space key.',
        }),
      })
      .meta({
        description:
          'The newest kept snapshot at or before `version` (for the current version: the ' +
          'content itself).',
      }),
    changes: z.array(historyChangeSchema).meta({
      description:
        'The changes `base.version` + 1 … `version`, in order: apply their operations to the ' +
        'decrypted base (with @cipherspace/tools) to get the content of `version`. Empty when ' +
        '`base.version` is `version`. Only up to `next_after` when that is present.',
    }),
    next_after: nextAfterField,
  })
  .meta({ description: 'What rebuilds one kept version of a tool.' });

/** `GET /api/content/{spaceName}/{tool}/history/{version}/changes`: the pages after the first. */
export const historyChangesSchema = z
  .object({
    version: z.int().min(1).meta({ description: 'The version asked for.' }),
    changes: z.array(historyChangeSchema).meta({
      description:
        'The changes after `after` up to `version` (only up to `next_after` when that is ' +
        'present), in order; empty when `after` ≥ `version`.',
    }),
    next_after: nextAfterField,
  })
  .meta({ description: 'A page of the changes that rebuild one kept version of a tool.' });

const realtimeField = z.enum(['local', 'listening', 'reconnecting']).meta({
  description:
    'Cross-instance events: `local` (PGlite, one instance), `listening` (PostgreSQL ' +
    'LISTEN, or the broker subscription, is up), `reconnecting` (it is not: live updates from ' +
    'other instances are delayed).',
});
const eventBusField = z.enum(['local', 'postgres', 'nats', 'redis']).meta({
  description:
    'What carries live events between instances: `local` (none: PGlite, one instance), ' +
    '`postgres` (LISTEN/NOTIFY), `nats` or `redis` (the broker named by EVENT_BUS_URL).',
});
const driverField = z.enum(['pglite', 'postgres']);
const throttleField = z.enum(['memory', 'redis', 'redis-unreachable']).meta({
  description:
    'Where login, registration and creation attempts are counted: `memory` (each instance on ' +
    'its own; no REDIS_URL), `redis` (shared by every instance), `redis-unreachable` (REDIS_URL ' +
    'is set but Redis does not answer: each instance counts on its own until it does).',
});

/** `GET /api/health` while everything works (served by @cipherspace/server). */
export const healthOkSchema = z
  .object({
    status: z.literal('ok'),
    database: z.literal('ok'),
    realtime: z.enum(['local', 'listening']),
    event_bus: eventBusField,
    driver: driverField,
    throttle: throttleField,
  })
  .meta({ description: 'The server, its database and its cross-instance events work.' });

/** `GET /api/health` while the database or the cross-instance events do not work. */
export const healthDegradedSchema = z
  .object({
    status: z.literal('degraded'),
    database: z.enum(['ok', 'unreachable']),
    realtime: realtimeField,
    event_bus: eventBusField,
    driver: driverField,
    throttle: throttleField,
    detail: z.string().meta({ examples: ['Database unreachable'] }),
  })
  .meta({ description: 'The server runs, but its database or cross-instance events do not.' });

/** `GET /api/csrf` (served by @cipherspace/server). */
export const csrfTokenSchema = z
  .object({
    csrf_token: z.string().meta({
      description:
        'Send it as `X-CSRF-Token` on every non-GET request that carries the `_csrf` cookie.',
    }),
  })
  .meta({ description: 'A cross-site request forgery token (with its `_csrf` cookie).' });

/** `GET /api/openapi.json`: the document itself (described loosely: see the OpenAPI spec). */
export const openApiDocumentSchema = z
  .looseObject({
    openapi: z.string().meta({ examples: ['3.1.1'] }),
    info: z.looseObject({ title: z.string(), version: z.string() }),
    paths: z.record(z.string(), z.unknown()),
  })
  .meta({ description: 'An OpenAPI 3.1 document (https://spec.openapis.org/oas/v3.1.1).' });
