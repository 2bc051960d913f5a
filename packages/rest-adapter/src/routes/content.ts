/** /api/content/* (spec §7) → the content procedures. Mapping only. */
import {
  CHANGES_PAGE_MAX_BYTES,
  CHANGES_SINCE_MAX_VERSIONS,
  ERROR,
  INLINE_OPERATIONS_MAX_CHARS,
  OPERATION_ENVELOPE_MAX_CHARS,
  OPERATIONS_PER_SAVE_MAX,
} from '@cipherspace/api';

import type { RestRoute } from '../contract/route.ts';
import {
  savedToolContentSchema,
  snapshotResultSchema,
  toolChangesSchema,
  toolContentSchema,
  toolListSchema,
} from '../contract/schemas.ts';
import { versionOutOfRange } from './history.ts';

const toolParams = { spaceName: 'space_name', tool: 'tool' } as const;
const noContent = {
  description: 'The tool has no content yet: clients create and save its default.',
  detail: ERROR.contentNotFound,
};

// `/:spaceName/tools` is a static segment: find-my-way prefers it over `/:tool` (no registry tool
// is called `tools`). `/:spaceName/:tool/changes` has one segment more than every other content
// path, so it clashes with none.
/** The /api/content/* routes (spec §7, and the `changes` path). */
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
      'Decrypt `encrypted_data` with the space key on the client (packages/crypto/README.md §3). ' +
      '`content_metadata.version` is the version `encrypted_data` holds; `current_version` the ' +
      'newest. They differ when saves sent operations only: apply the changes since ' +
      '`content_metadata.version` (`…/changes?since=`) to be current — or edit this version and ' +
      'save it with `metadata.version` = `content_metadata.version` (a replacement, see PUT).',
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
      'change, save again. A replacement (no `operations`) may also be based on the version ' +
      'the stored `encrypted_data` holds (`content_metadata.version` of GET) while newer saves ' +
      'sent operations only: it is stored as the version after the current one, and members ' +
      'apply those operations again on top of it, so nothing is lost and you are never sent ' +
      'round in 409s. A save with `operations` may leave out `encrypted_data` (not the first ' +
      'save of a tool): the stored snapshot stays as it is and members apply the operations. ' +
      'Members are told with a `content_update` message (metadata, plus ' +
      'your encrypted `operations` when you sent some and they are small; see docs/websocket.md). ' +
      'Send an `Idempotency-Key` header to make the save exactly-once: a retry with the same ' +
      'key — after a lost answer — gets the original 200 instead of a 409. A key is scoped to ' +
      'you (another member sending the same key makes another save) and bound to the body: ' +
      'retry with exactly the same `encrypted_data`, `metadata` and `operations`; the same key ' +
      'with another body is refused with 422 (IETF Idempotency-Key draft).',
    tag: 'Content',
    access: 'member',
    procedure: 'content.save',
    params: toolParams,
    headers: { 'Idempotency-Key': 'save_id' },
    largeBody: true,
    bodyDescription:
      '`encrypted_data` is the envelope of packages/crypto (AES-256-GCM, PBKDF2 key from the ' +
      'space key); `metadata` is stored unencrypted next to it. `operations` (optional, ' +
      `1–${OPERATIONS_PER_SAVE_MAX} envelopes of at most ${OPERATION_ENVELOPE_MAX_CHARS} ` +
      'characters) are the encrypted operations that produced this content from ' +
      '`metadata.version`: other members then apply them instead of loading the content. ' +
      '`encrypted_data` may be left out when `operations` are sent (not on the first save).',
    success: { status: 200, description: 'The saved record.', schema: savedToolContentSchema },
    errors: {
      409: {
        description:
          'Someone saved first: the stored version is not `metadata.version`. Nothing is stored.',
        detail: ERROR.versionConflict,
      },
      413: {
        description:
          'The save would take the space over its storage quota (SPACE_STORAGE_QUOTA_BYTES, 256 MiB ' +
          'by default: content and history of every tool, as stored). Nothing is stored.',
        detail: ERROR.storageQuotaReached,
      },
      422: {
        description:
          'The `Idempotency-Key` was already used by you on this tool for a save with another ' +
          'body (`encrypted_data`, `metadata`, `operations`). Nothing is stored; send a new key ' +
          'with every new save.',
        detail: ERROR.saveIdReused,
      },
    },
  },
  {
    method: 'GET',
    url: '/api/content/:spaceName/:tool/changes',
    operationId: 'getContentChanges',
    summary: "A tool's changes since a version",
    description:
      'Catch up from the version you hold without loading the whole content: every save after ' +
      '`since`, oldest first — with its encrypted operations when the saver sent them (apply ' +
      'them in order with @cipherspace/tools), or as a `replacement` when it saved the whole ' +
      'content (load the content then). At most ' +
      `${CHANGES_SINCE_MAX_VERSIONS} versions are answered: further behind, or when part of the ` +
      'range was saved before changes were recorded, `too_far_behind` is true and `changes` is ' +
      'empty — load the content instead (one download is then cheaper than replaying that many ' +
      'changes). Use it when a `content_update` announces a version more than one ahead of ' +
      'yours, or carries no operations inline (they total more than ' +
      `${INLINE_OPERATIONS_MAX_CHARS} characters); see docs/websocket.md. Paged: an answer ` +
      `carries at most ${CHANGES_PAGE_MAX_BYTES} bytes (4 MiB) of operations (at least one ` +
      'change); past that `changes` stop early and `next_since` names the last one given — ask ' +
      'again with `since` = `next_since` for the rest. An answer that fits has no `next_since`.',
    tag: 'Content',
    access: 'member',
    procedure: 'content.changes',
    params: toolParams,
    query: { since: 'since' },
    success: {
      status: 200,
      description: 'The changes after `since`, or `too_far_behind`.',
      schema: toolChangesSchema,
    },
    errors: { 404: noContent },
  },
  {
    method: 'PUT',
    url: '/api/content/:spaceName/:tool/snapshot',
    operationId: 'saveContentSnapshot',
    summary: 'Upload the snapshot of a version saved as operations',
    description:
      'After saves that sent operations only, the stored `encrypted_data` holds an older ' +
      'version. Any member may upload the content of a newer version (the stored one with the ' +
      'recorded operations applied, encrypted as for PUT): loading then needs fewer operations, ' +
      'and the history keeps the version whole. Stored when `version` is newer than the stored ' +
      'snapshot and not newer than the current version; it makes no version and announces ' +
      'nothing. `stored` is false when a newer snapshot is already stored (someone uploaded ' +
      'first): nothing to do.',
    tag: 'Content',
    access: 'member',
    procedure: 'content.snapshot',
    params: toolParams,
    largeBody: true,
    bodyDescription:
      '`version`: the version the content holds; `encrypted_data`: its envelope (packages/crypto).',
    success: {
      status: 200,
      description: 'The version the stored snapshot holds now, and whether it is yours.',
      schema: snapshotResultSchema,
    },
    errors: {
      400: versionOutOfRange,
      404: noContent,
      413: {
        description: 'The upload would take the space over its storage quota. Nothing is stored.',
        detail: ERROR.storageQuotaReached,
      },
    },
  },
  {
    method: 'DELETE',
    url: '/api/content/:spaceName/:tool',
    operationId: 'deleteContent',
    summary: "Delete a tool's content",
    description:
      "Any member may delete a tool's content (spec §6: tools have no roles) because any member " +
      'can undo it: the history stays. `GET` answers 404 until the next save, which continues the ' +
      'version numbering after the newest kept version (a save with `metadata.version` 0 stores ' +
      'that version + 1, not 1), so every earlier version can still be read with ' +
      '`GET …/history/{version}` and saved again (restored). Members are told with a ' +
      '`content_update` of version 0.',
    tag: 'Content',
    access: 'member',
    procedure: 'content.delete',
    params: toolParams,
    success: { status: 204, description: 'The content is gone; its history is kept.' },
    errors: { 404: noContent },
  },
];
