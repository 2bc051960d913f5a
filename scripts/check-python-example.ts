/**
 * Reads what the Python example client (examples/python/cipherspace_client.py) saved, with the
 * app's own code: @cipherspace/crypto opens the envelopes and @cipherspace/tools applies the
 * operations. Rebuilds the current Kanban board from the oldest kept snapshot and every change
 * after it — operations only: a save of the whole board (a replacement) fails the check — and
 * requires it to be, as JSON text, the board the Python client uploaded as its snapshot — so the
 * Python client produced exactly what the app would — and that board to pass the tool's strict
 * parse and its §5 validation.
 *
 * Its last save restores the board before its two live operations (version current − 4; a
 * teammate's card, version current − 1, came in between and made its first try a 409): it must
 * be one `patch` operation, and the board after it what the app's own restore (SyncClient.restore:
 * `patchBetween` on the same current board, packages/sync/src/client.ts) makes of that version —
 * which is that version's content with the `version` and `lastModified` of the save. And the
 * History panel's rebuild (`loadTimeline` of @cipherspace/sync) must open every kept version, each
 * the board rebuilt here.
 *
 *   CIPHERSPACE_URL=… CIPHERSPACE_SPACE=… CIPHERSPACE_SPACE_KEY=… CIPHERSPACE_USERNAME=… \
 *     CIPHERSPACE_PASSWORD=… node --import tsx scripts/check-python-example.ts
 *
 * examples/python/run-against-server.sh runs it after the Python client; exit code 1 on a mismatch.
 */
import {
  decryptJson,
  decryptOperation,
  deriveOperationsKey,
  derivePasswordVerifier,
  deriveSpaceNameVerifier,
} from '../packages/crypto/src/index.ts';
import { isDeepStrictEqual } from 'node:util';

import {
  historyPageOf,
  historyRebuildOf,
  loadTimeline,
  type HistoryPageWire,
  type HistoryRebuildWire,
  type HistorySource,
} from '../packages/sync/src/history.ts';
import { parseOperation, tools } from '../packages/tools/src/index.ts';
import type { KanbanContent } from '../packages/tools/src/tracker/index.ts';

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};
const url = env('CIPHERSPACE_URL').replace(/\/$/, '');
const space = env('CIPHERSPACE_SPACE');
const spaceKey = env('CIPHERSPACE_SPACE_KEY');
let token = '';

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(url + path, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

/** REST `…/history/{version}`: `next_after` when the server cut it into pages. */
type HistoryAnswer = HistoryRebuildWire & { next_after?: number };

/** Fails the check: what differs, and the two sides. */
function mismatch(what: string, ...details: string[]): never {
  console.error(what);
  for (const line of details) console.error(line);
  process.exit(1);
}

const login = await call<{ access_token: string }>('POST', '/api/auth/login', {
  space_name: space,
  encrypted_space_name: await deriveSpaceNameVerifier(spaceKey, space),
  username: env('CIPHERSPACE_USERNAME'),
  encrypted_password: await derivePasswordVerifier(spaceKey, env('CIPHERSPACE_PASSWORD')),
});
token = login.access_token;
const path = `/api/content/${encodeURIComponent(space)}/kanban`;
const opsKey = await deriveOperationsKey(spaceKey, space);

const history = await call<{ current_version: number; oldest_version: number }>(
  'GET',
  `${path}/history?limit=1`,
);
const kept = await call<HistoryAnswer>(
  'GET',
  `${path}/history/${history.current_version}?from=${history.oldest_version}`,
);
if (kept.next_after !== undefined) throw new Error('the history answer was paged');

// What the sync engine does (packages/sync/src/rebase.ts): apply each version's operations,
// then stamp the version and the time of its last operation.
let board = tools.kanban.parse(await decryptJson(kept.base.encrypted_data, spaceKey));
let applied = 0;
// Every kept version as rebuilt here, and the operations of each.
const boards = new Map<number, KanbanContent>([[kept.base.version, board]]);
const operationsOf = new Map<number, ReturnType<typeof parseOperation>[]>();
for (const change of kept.changes) {
  if (change.kind !== 'operations' || !change.operations)
    throw new Error(`v${change.version} is a ${change.kind}`);
  let at = '';
  const operations = [];
  for (const envelope of change.operations) {
    const operation = parseOperation(await decryptOperation(envelope, opsKey));
    board = tools.kanban.apply(board, operation);
    at = operation.at;
    operations.push(operation);
    applied += 1;
  }
  board = tools.kanban.stamp(board, { version: change.version, lastModified: at });
  boards.set(change.version, board);
  operationsOf.set(change.version, operations);
}

const record = await call<{ content_metadata: { version: number }; encrypted_data: string }>(
  'GET',
  path,
);
const uploaded = await decryptJson(record.encrypted_data, spaceKey);
const problems = tools.kanban.validate(tools.kanban.parse(uploaded));
const same = JSON.stringify(board) === JSON.stringify(uploaded);
if (record.content_metadata.version !== history.current_version || !same || problems.length > 0) {
  mismatch(
    "the Python client's board differs from what @cipherspace/tools makes of its operations",
    `tools:  ${JSON.stringify(board)}`,
    `python: ${JSON.stringify(uploaded)}`,
    ...(problems.length > 0 ? [`validation: ${problems.join('; ')}`] : []),
  );
}
console.log(
  `@cipherspace/tools: v${kept.base.version} + ${applied} operations = the Python client's ` +
    `snapshot of v${history.current_version}, byte for byte (strict parse and validation pass)`,
);

// The restore: the last version, one `patch` operation on the version before it (the card a
// teammate added while the restore was made, which the restore reverts too); the version
// restored is the one before the two live operations.
const current = history.current_version;
const targetVersion = current - 4;
const target = boards.get(targetVersion);
const before = boards.get(current - 1);
const [restore, ...more] = operationsOf.get(current) ?? [];
if (!target || !before || !restore || more.length > 0 || restore.name !== 'patch') {
  mismatch(`v${current} is not one patch operation restoring v${targetVersion}`);
}
// SyncClient.restore → replace: the patch between the current board and the older one stamped
// as the current board is, applied as an operation, then stamped by the save.
const appsPatch = tools.kanban.patchBetween(
  before,
  tools.kanban.stamp(target, { version: before.version, lastModified: before.lastModified }),
);
const appsRestore = tools.kanban.stamp(
  tools.kanban.apply(before, tools.kanban.createOperation(appsPatch, restore)),
  { version: current, lastModified: restore.at },
);
const documented = tools.kanban.stamp(target, { version: current, lastModified: restore.at });
if (!isDeepStrictEqual(board, appsRestore) || !isDeepStrictEqual(board, documented)) {
  mismatch(
    `v${current} is not what the app's restore of v${targetVersion} makes`,
    `app:    ${JSON.stringify(appsRestore)}`,
    `python: ${JSON.stringify(board)}`,
  );
}
console.log(
  `restore: v${current} = the app's restore of v${targetVersion} (one patch operation, ` +
    `${appsPatch.changes.length} change(s) as the app makes it, ` +
    `${(restore.args as { changes: unknown[] }).changes.length} as Python sent it)`,
);

// The History panel's rebuild over the REST paths: every kept version opens, as rebuilt here.
const source: HistorySource = {
  async list({ before: below, limit }) {
    const page = await call<HistoryPageWire>(
      'GET',
      `${path}/history?limit=${limit}${below ? `&before=${below}` : ''}`,
    );
    return historyPageOf(page);
  },
  async version(version, from) {
    const answer = await call<HistoryAnswer>(
      'GET',
      `${path}/history/${version}${from === undefined ? '' : `?from=${from}`}`,
    );
    if (answer.next_after !== undefined) throw new Error('the history answer was paged');
    return historyRebuildOf(answer);
  },
};
const timeline = await loadTimeline(
  'kanban',
  tools.kanban,
  {
    decrypt: (envelope) => decryptJson(envelope, spaceKey),
    decryptOperation: (envelope) => decryptOperation(envelope, opsKey),
  },
  source,
  { limit: 100 },
);
await call('POST', '/api/auth/logout');
const shown = timeline.versions.map((entry) => entry.version);
// The timeline leaves `version` and `lastModified` as the snapshot had them (a restore ignores them).
const differing = timeline.versions.filter((entry) => {
  const here = boards.get(entry.version);
  return !here || !isDeepStrictEqual(tools.kanban.stamp(entry.content, here), here);
});
if (timeline.unreadable.length > 0 || shown.length !== boards.size || differing.length > 0) {
  mismatch(
    'the History panel does not open every kept version as rebuilt here',
    `opened: ${shown.join(', ')}; unreadable: ${timeline.unreadable.map((entry) => entry.version).join(', ')}`,
    `differing: ${differing.map((entry) => entry.version).join(', ')}`,
  );
}
console.log(
  `history: loadTimeline opens all ${shown.length} kept versions (v${shown.join(', v')})`,
);
