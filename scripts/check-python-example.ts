/**
 * Reads what the Python example client (examples/python/cipherspace_client.py) saved, with the
 * app's own code: @cipherspace/crypto opens the envelopes and @cipherspace/tools applies the
 * operations. Rebuilds every version of the Kanban board from the oldest kept snapshot and every
 * change after it: operations, except the walk-through's last two saves, which must be of the
 * whole board (replacements) because the app's own operation for them is longer than
 * OPERATION_ENVELOPE_MAX_CHARS — a replacement anywhere else fails the check. Every board must
 * pass the tool's strict parse and its §5 validation. The walk-through's versions, counted back
 * from the current one, C:
 *
 * - C − 2 restores the board before its two live operations (C − 6; a teammate's card, C − 3,
 *   came in between and made its first try a 409): it must be one `patch` operation, and the board
 *   after it what the app's own restore (SyncClient.restore: `patchBetween` on the same current
 *   board, packages/sync/src/client.ts) makes of that version — which is that version's content
 *   with the `version` and `lastModified` of the save.
 * - C − 1 adds a card with a description of about 20 KB: the Python client's whole board must be,
 *   as JSON text, what the app's `addIssue` of that card makes of C − 2 as rebuilt here — so the
 *   Python client's boards are exactly what the app's would be — and the app's operation must be
 *   too long to go as one.
 * - C restores C − 2 on it: the Python client's whole board must be C − 2's content with C's
 *   `version` and `lastModified`, as the app's restore makes it, whose operation is too long too.
 *
 * And the History panel's rebuild (`loadTimeline` of @cipherspace/sync) must open every kept
 * version, each the board rebuilt here.
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
  encryptOperation,
  OPERATION_ENVELOPE_MAX_CHARS,
} from '../packages/crypto/src/index.ts';
import { randomUUID } from 'node:crypto';
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
const username = env('CIPHERSPACE_USERNAME');
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
  username,
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

// The walk-through's versions, counted back from the current one (see the top of this file).
const current = history.current_version;
const longCardVersion = current - 1;
const patchRestoreVersion = current - 2;
const patchTargetVersion = current - 6;
const savedWhole = new Set([longCardVersion, current]);

// What the sync engine does (packages/sync/src/rebase.ts): apply each version's operations,
// then stamp the version and the time of its last operation. A replacement is its own snapshot,
// kept whole in the history (`…/history/{its version}` has it as its base).
let board = tools.kanban.parse(await decryptJson(kept.base.encrypted_data, spaceKey));
let applied = 0;
// Every kept version as rebuilt here, the operations of each, and each replacement as decrypted.
const boards = new Map<number, KanbanContent>([[kept.base.version, board]]);
const operationsOf = new Map<number, ReturnType<typeof parseOperation>[]>();
const replacements = new Map<number, unknown>();
for (const change of kept.changes) {
  if (change.kind === 'replacement') {
    if (!savedWhole.has(change.version)) {
      mismatch(
        `v${change.version} is a whole-board save (a replacement): only the walk-through's ` +
          'last two changes, too long for an operation, may be',
      );
    }
    const whole = await call<HistoryAnswer>('GET', `${path}/history/${change.version}`);
    if (whole.base.version !== change.version) {
      mismatch(
        `the replacement v${change.version} is not kept whole (base v${whole.base.version})`,
      );
    }
    const decrypted = await decryptJson(whole.base.encrypted_data, spaceKey);
    replacements.set(change.version, decrypted);
    board = tools.kanban.parse(decrypted);
    boards.set(change.version, board);
    continue;
  }
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
const same = JSON.stringify(board) === JSON.stringify(uploaded);
const invalid = [...boards].flatMap(([version, content]) =>
  tools.kanban.validate(content).map((problem) => `v${version}: ${problem}`),
);
if (record.content_metadata.version !== current || !same || invalid.length > 0) {
  mismatch(
    "the Python client's board differs from what @cipherspace/tools makes of its saves",
    `tools:  ${JSON.stringify(board)}`,
    `python: ${JSON.stringify(uploaded)}`,
    ...(invalid.length > 0 ? [`validation: ${invalid.join('; ')}`] : []),
  );
}
console.log(
  `@cipherspace/tools: v${kept.base.version} + ${applied} operations + ${replacements.size} ` +
    `whole boards = the stored board of v${current} (strict parse and validation pass for every ` +
    'version)',
);

/** The length of the op1 envelope the app would send for `operation`. */
const envelopeLength = async (operation: unknown) =>
  (await encryptOperation(operation, opsKey)).length;

// The first restore: one `patch` operation on the version before it (the card a teammate added
// while the restore was made, which the restore reverts too); the version restored is the one
// before the two live operations.
const target = boards.get(patchTargetVersion);
const before = boards.get(patchRestoreVersion - 1);
const restored = boards.get(patchRestoreVersion);
const [restore, ...more] = operationsOf.get(patchRestoreVersion) ?? [];
if (!target || !before || !restored || !restore || more.length > 0 || restore.name !== 'patch') {
  mismatch(`v${patchRestoreVersion} is not one patch operation restoring v${patchTargetVersion}`);
}
// SyncClient.restore → replace: the patch between the current board and the older one stamped
// as the current board is, applied as an operation, then stamped by the save.
const appsPatch = tools.kanban.patchBetween(
  before,
  tools.kanban.stamp(target, { version: before.version, lastModified: before.lastModified }),
);
const appsRestore = tools.kanban.stamp(
  tools.kanban.apply(before, tools.kanban.createOperation(appsPatch, restore)),
  { version: patchRestoreVersion, lastModified: restore.at },
);
const documented = tools.kanban.stamp(target, {
  version: patchRestoreVersion,
  lastModified: restore.at,
});
if (!isDeepStrictEqual(restored, appsRestore) || !isDeepStrictEqual(restored, documented)) {
  mismatch(
    `v${patchRestoreVersion} is not what the app's restore of v${patchTargetVersion} makes`,
    `app:    ${JSON.stringify(appsRestore)}`,
    `python: ${JSON.stringify(restored)}`,
  );
}
console.log(
  `restore: v${patchRestoreVersion} = the app's restore of v${patchTargetVersion} (one patch ` +
    `operation, ${appsPatch.changes.length} change(s) as the app makes it, ` +
    `${(restore.args as { changes: unknown[] }).changes.length} as Python sent it)`,
);

// The card with the long description: the app's addIssue of it on the board before, whose
// envelope is too long for an operation, so that the app too saves the whole board.
const longBoard = boards.get(longCardVersion);
const known = new Set(restored.phases.flatMap((phase) => phase.issues.map((issue) => issue.id)));
const added =
  longBoard?.phases.flatMap((phase) =>
    phase.issues.filter((issue) => !known.has(issue.id)).map((issue) => ({ phase, issue })),
  ) ?? [];
const [card] = added;
if (!longBoard || added.length !== 1 || !card) {
  mismatch(`v${longCardVersion} does not add one card to v${patchRestoreVersion}`);
}
const addCard = tools.kanban.createOperation(
  {
    type: 'addIssue',
    phaseId: card.phase.id,
    issue: {
      title: card.issue.title,
      description: card.issue.description,
      priority: card.issue.priority,
    },
    createdBy: card.issue.createdBy,
  },
  { id: card.issue.id, at: card.issue.createdAt, by: card.issue.createdBy },
);
const appsLongBoard = tools.kanban.stamp(tools.kanban.apply(restored, addCard), {
  version: longCardVersion,
  lastModified: addCard.at,
});
const addLength = await envelopeLength(addCard);
if (JSON.stringify(appsLongBoard) !== JSON.stringify(replacements.get(longCardVersion))) {
  mismatch(
    `v${longCardVersion} is not what the app's addIssue of its card makes of v${patchRestoreVersion}`,
    `app:    ${JSON.stringify(appsLongBoard)}`,
    `python: ${JSON.stringify(replacements.get(longCardVersion))}`,
  );
}
if (addLength <= OPERATION_ENVELOPE_MAX_CHARS) {
  mismatch(`the app would save v${longCardVersion} as an operation (${addLength} characters)`);
}
console.log(
  `long card: v${longCardVersion} = the app's addIssue of a card with a ` +
    `${card.issue.description.length}-character description on v${patchRestoreVersion}, byte ` +
    `for byte; its op1 envelope (${addLength} characters, more than ${OPERATION_ENVELOPE_MAX_CHARS}) ` +
    'cannot go as an operation: a whole board, as Python saved it',
);

// The restore of the board before that card: the app's patch carries the card, too long for an
// operation, so the app saves the restored board whole — C − 2's content, stamped by the save.
const wholeRestore = boards.get(current);
if (!wholeRestore) mismatch(`v${current} is not kept`);
const appsPatchWhole = tools.kanban.patchBetween(
  longBoard,
  tools.kanban.stamp(restored, {
    version: longBoard.version,
    lastModified: longBoard.lastModified,
  }),
);
const appsRestoreOperation = tools.kanban.createOperation(appsPatchWhole, {
  id: randomUUID(),
  at: wholeRestore.lastModified,
  by: username,
});
const appsWholeRestore = tools.kanban.stamp(tools.kanban.apply(longBoard, appsRestoreOperation), {
  version: current,
  lastModified: wholeRestore.lastModified,
});
const documentedWhole = tools.kanban.stamp(restored, {
  version: current,
  lastModified: wholeRestore.lastModified,
});
const restoreLength = await envelopeLength(appsRestoreOperation);
if (
  !isDeepStrictEqual(wholeRestore, appsWholeRestore) ||
  JSON.stringify(replacements.get(current)) !== JSON.stringify(documentedWhole) ||
  wholeRestore.lastModified <= longBoard.lastModified
) {
  mismatch(
    `v${current} is not what the app's restore of v${patchRestoreVersion} makes`,
    `app:    ${JSON.stringify(appsWholeRestore)}`,
    `python: ${JSON.stringify(replacements.get(current))}`,
  );
}
if (restoreLength <= OPERATION_ENVELOPE_MAX_CHARS) {
  mismatch(
    `the app would save the restore v${current} as an operation (${restoreLength} characters)`,
  );
}
console.log(
  `restore: v${current} = the app's restore of v${patchRestoreVersion} on v${longCardVersion}, ` +
    `v${patchRestoreVersion}'s content byte for byte; the app's patch (${appsPatchWhole.changes.length} ` +
    `change(s)) makes a ${restoreLength}-character envelope: a whole board, as Python saved it`,
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
