/** /api/content/{spaceName}/{tool}/history… → the history procedures. Mapping only. */
import {
  CHANGES_PAGE_MAX_BYTES,
  ERROR,
  HISTORY_PAGE_DEFAULT_VERSIONS,
  HISTORY_PAGE_MAX_VERSIONS,
  HISTORY_SNAPSHOT_EVERY_VERSIONS,
} from '@cipherspace/api';

import type { RestRoute } from '../contract/route.ts';
import {
  historyChangesSchema,
  historyPageSchema,
  historyVersionSchema,
} from '../contract/schemas.ts';

const noContent = 'The tool has no content.';

/** The 400 of every path with a `{version}`: newer than the current one, or below 1. */
export const versionOutOfRange = {
  description:
    '`version` is out of range: newer than the current version (`' +
    ERROR.versionAhead +
    '`) or below 1 (`' +
    ERROR.versionBeforeFirst +
    '`).',
  detail: ERROR.versionAhead,
};
const pageBytes = `${CHANGES_PAGE_MAX_BYTES} bytes (4 MiB)`;

// Both paths have more segments than every other content path but `…/changes`, whose third
// segment is another static word: a tool called `history` keeps its own content path. The
// `…/history/{version}/changes` path is the only one with six segments.
/** The history routes. */
export const historyRoutes: readonly RestRoute[] = [
  {
    method: 'GET',
    url: '/api/content/:spaceName/:tool/history',
    operationId: 'listContentHistory',
    summary: "A tool's kept versions",
    description:
      'The versions of the content the server keeps, newest first, ' +
      `${HISTORY_PAGE_DEFAULT_VERSIONS} per page unless you ask for up to ` +
      `${HISTORY_PAGE_MAX_VERSIONS} with \`limit\`; pass the last \`version\` of a page as ` +
      '`before` for the next one. The server keeps every saved version as its encrypted ' +
      `operations and a whole snapshot every ${HISTORY_SNAPSHOT_EVERY_VERSIONS} versions (and on ` +
      'every save without operations), and prunes versions older than the configured retention ' +
      '(HISTORY_RETENTION_DAYS, HISTORY_MAX_VERSIONS) — never the current one. Every version ' +
      'from `oldest_version` to `current_version` can be fetched with `…/history/{version}`.',
    tag: 'Content',
    access: 'member',
    procedure: 'history.list',
    params: { spaceName: 'space_name', tool: 'tool' },
    query: { before: 'before', limit: 'limit' },
    success: {
      status: 200,
      description: 'A page of kept versions, newest first.',
      schema: historyPageSchema,
    },
    errors: { 404: { description: noContent, detail: ERROR.contentNotFound } },
  },
  {
    method: 'GET',
    url: '/api/content/:spaceName/:tool/history/:version',
    operationId: 'getContentVersion',
    summary: 'What rebuilds one kept version of a tool',
    description:
      'The newest snapshot the server keeps at or before `version` and the changes after it up ' +
      'to `version`: decrypt `base.encrypted_data` with the space key and apply the operations ' +
      'of `changes` in order (@cipherspace/tools) to get the content as it was at `version`. ' +
      `At most ${HISTORY_SNAPSHOT_EVERY_VERSIONS - 1} changes. For the current version \`base\` ` +
      'is the content itself. With `from`, the snapshot is the newest at or before `from`, so ' +
      '`changes` holds every version after `from` (to describe a page of the list). The server ' +
      `cannot read any of it. Paged: an answer carries at most ${pageBytes} of envelopes ` +
      '(`base.encrypted_data` plus the operations as JSON; at least one change whatever its ' +
      'size); past that `changes` stop early and `next_after` names the last one given — fetch ' +
      '`…/history/{version}/changes?after={next_after}` for the rest. An answer that fits has no ' +
      '`next_after`.',
    tag: 'Content',
    access: 'member',
    procedure: 'history.version',
    params: { spaceName: 'space_name', tool: 'tool', version: 'version' },
    query: { from: 'from' },
    success: {
      status: 200,
      description: 'The base snapshot and the changes after it.',
      schema: historyVersionSchema,
    },
    errors: {
      400: versionOutOfRange,
      404: {
        description:
          `${noContent} Or the version is not kept: it was pruned by the retention, or saved ` +
          'before the history existed.',
        detail: ERROR.versionNotKept,
      },
    },
  },
  {
    method: 'GET',
    url: '/api/content/:spaceName/:tool/history/:version/changes',
    operationId: 'getContentVersionChanges',
    summary: 'The next page of what rebuilds one kept version',
    description:
      'The changes after `after` up to `version`, in order — what follows an answer of ' +
      '`…/history/{version}` (or of this path) that was cut at its `next_after`. At most ' +
      `${pageBytes} of operations per answer (at least one change); \`next_after\` is present ` +
      'only when more follow. `after` ≥ `version` answers no changes.',
    tag: 'Content',
    access: 'member',
    procedure: 'history.changes',
    params: { spaceName: 'space_name', tool: 'tool', version: 'version' },
    query: { after: 'after' },
    success: {
      status: 200,
      description: 'A page of the changes after `after`.',
      schema: historyChangesSchema,
    },
    errors: {
      400: versionOutOfRange,
      404: {
        description: `${noContent} Or a change of the range is not kept (pruned by the retention).`,
        detail: ERROR.versionNotKept,
      },
    },
  },
];
