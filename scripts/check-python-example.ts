/**
 * Reads what the Python example client (examples/python/cipherspace_client.py) saved, with the
 * app's own code: @cipherspace/crypto opens the envelopes and @cipherspace/tools applies the
 * operations. Rebuilds the current Kanban board from the oldest kept snapshot and every change
 * after it, and requires it to be, as JSON text, the board the Python client uploaded as its
 * snapshot — so the Python client produced exactly what the app would — and that board to pass
 * the tool's strict parse and its §5 validation.
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
import { parseOperation, tools } from '../packages/tools/src/index.ts';

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

interface Change {
  version: number;
  kind: string;
  operations: string[] | null;
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
const kept = await call<{
  base: { version: number; encrypted_data: string };
  changes: Change[];
  next_after?: number;
}>('GET', `${path}/history/${history.current_version}?from=${history.oldest_version}`);
if (kept.next_after !== undefined) throw new Error('the history answer was paged');

// What the sync engine does (packages/sync/src/rebase.ts): apply each version's operations,
// then stamp the version and the time of its last operation.
let board = await decryptJson<Parameters<typeof tools.kanban.apply>[0]>(
  kept.base.encrypted_data,
  spaceKey,
);
let applied = 0;
for (const change of kept.changes) {
  if (change.kind !== 'operations' || !change.operations)
    throw new Error(`v${change.version} is a ${change.kind}`);
  let at = '';
  for (const envelope of change.operations) {
    const operation = parseOperation(await decryptOperation(envelope, opsKey));
    board = tools.kanban.apply(board, operation);
    at = operation.at;
    applied += 1;
  }
  board = tools.kanban.stamp(board, { version: change.version, lastModified: at });
}

const record = await call<{ content_metadata: { version: number }; encrypted_data: string }>(
  'GET',
  path,
);
const uploaded = await decryptJson(record.encrypted_data, spaceKey);
const problems = tools.kanban.validate(tools.kanban.parse(uploaded));
const same = JSON.stringify(board) === JSON.stringify(uploaded);
await call('POST', '/api/auth/logout');
if (record.content_metadata.version !== history.current_version || !same || problems.length > 0) {
  console.error(
    "the Python client's board differs from what @cipherspace/tools makes of its operations",
  );
  console.error(`tools:  ${JSON.stringify(board)}`);
  console.error(`python: ${JSON.stringify(uploaded)}`);
  if (problems.length > 0) console.error(`validation: ${problems.join('; ')}`);
  process.exit(1);
}
console.log(
  `@cipherspace/tools: v${kept.base.version} + ${applied} operations = the Python client's ` +
    `snapshot of v${history.current_version}, byte for byte (strict parse and validation pass)`,
);
