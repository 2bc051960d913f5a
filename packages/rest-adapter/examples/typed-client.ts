/**
 * A Node script on Cipherspace's typed tRPC API (docs/typed-client.md): logs in to a space,
 * reads a tool's content and decrypts it on this machine, optionally adds one issue to a Kanban
 * board with `@cipherspace/tools` and saves it, then follows live updates and decrypts each new
 * version. The space key and the password never leave the process: the server gets verifiers
 * and ciphertext only.
 *
 *   CIPHERSPACE_SPACE_KEY='…' [CIPHERSPACE_PASSWORD='…'] \
 *     pnpm --filter @cipherspace/rest-adapter exec tsx examples/typed-client.ts \
 *     --url http://localhost:3000 --space 'Alpha Team' --username alice [--tool kanban] \
 *     [--add-issue 'Write the release notes'] [--updates 1]
 *
 * Secrets come from the environment, not the command line, so they stay out of the shell
 * history and the process list. The test suite runs `main` against a live server
 * (packages/server/src/typed-client-example.int.test.ts).
 */
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';

import type { AppRouter, RouterOutputs } from '@cipherspace/api';
import {
  decryptJson,
  derivePasswordVerifier,
  deriveSpaceNameVerifier,
  encryptJson,
} from '@cipherspace/crypto';
import { tools, type Operation } from '@cipherspace/tools';
import { TOOL_NAMES, type ToolName } from '@cipherspace/tools/metadata';
import type { KanbanContent } from '@cipherspace/tools/tracker';
import {
  createTRPCClient,
  createWSClient,
  httpBatchLink,
  splitLink,
  TRPCClientError,
  wsLink,
  type TRPCClient,
} from '@trpc/client';
import superjson from 'superjson';
import WebSocket from 'ws';

/** What {@link main} does: where to log in, which tool to read and what to change. */
export interface ExampleOptions {
  /** The server, e.g. `http://localhost:3000` (`https://…` uses `wss://` for the socket). */
  url: string;
  /** The space's name, as the members type it. */
  spaceName: string;
  /** The space key: used here to derive verifiers and to encrypt and decrypt, never sent. */
  spaceKey: string;
  /** The member to log in as (registered already). */
  username: string;
  /** The user's password, if they have one (sent only as a verifier). */
  password?: string;
  /** The tool whose content to read (default `kanban`). */
  tool?: ToolName;
  /**
   * Add an issue with this title to the board's first phase (by `order`) and save the board
   * before following updates. Kanban only; when the tool has no content yet, the issue goes on
   * a new default board.
   */
  addIssue?: string;
  /** Stop after this many live updates (default: run until `signal` aborts). */
  updates?: number;
  /** Stops following live updates when aborted. */
  signal?: AbortSignal;
  /** Where progress lines go (default `console.log`). */
  log?: (line: string) => void;
  /** The HTTP client for queries and mutations (default: the global `fetch`), e.g. a proxy's. */
  fetch?: typeof globalThis.fetch;
}

/** A new version of the tool's content, as it arrived and decrypted. */
export interface LiveUpdate {
  version: number;
  modifiedBy: string;
  /** The decrypted content, or null when the content was deleted. */
  content: unknown;
}

/** The issue {@link main} added (option `addIssue`) and the version it saved. */
export interface AddedIssue {
  /**
   * The serialised operation `{v: 1, tool: 'kanban', name: 'addIssue', args, id, at, by}`
   * (packages/tools/README.md): the new issue's id is `id`, its `createdAt` is `at`.
   */
  operation: Operation;
  /** The version saved: the version the change was based on + 1 (1 for a new board). */
  version: number;
  /** The board as saved, decrypted (`version` and `lastModified` stamped). */
  content: KanbanContent;
}

/** What {@link main} did: who logged in, what it read, changed and received. */
export interface ExampleResult {
  /** The logged-in member: `{ id, username, role, … }`. */
  user: RouterOutputs['auth']['login']['user'];
  /** The decrypted content at login, or null when the tool has none yet. */
  content: unknown;
  /** The issue added and saved (option `addIssue`), else null. */
  added: AddedIssue | null;
  /** The live updates received, oldest first. */
  updates: LiveUpdate[];
}

/** The tool's stored content, decrypted, and its server version (1 = first save). */
interface StoredContent {
  content: unknown;
  version: number;
}

/**
 * Logs in, decrypts the tool's content, optionally adds one issue to it (`addIssue`) and
 * follows its live updates. Throws the server's error (a `TRPCClientError` whose message is the
 * server's text, e.g. 'Invalid space name or space key'), the tool's error when the board
 * refuses the issue (e.g. 'Title is required', spec §5), or an `Error` when the content cannot
 * be decrypted.
 */
export async function main(options: ExampleOptions): Promise<ExampleResult> {
  const log = options.log ?? ((line: string) => console.log(line));
  const tool = options.tool ?? 'kanban';
  const space_name = options.spaceName;
  if (options.addIssue !== undefined && tool !== 'kanban')
    throw new Error(`Adding an issue needs the kanban tool, not ${tool}`);
  let token: string | null = null;

  // Queries and mutations go over HTTP (batched); subscriptions over one WebSocket. The token
  // travels as a bearer header over HTTP and as `connectionParams` over the socket.
  const wsClient = createWSClient({
    url: `${options.url.replace(/^http/, 'ws')}/trpc`,
    // Node 20 has no global WebSocket.
    WebSocket: WebSocket as unknown as typeof globalThis.WebSocket,
    connectionParams: () => (token ? { token } : {}),
    lazy: { enabled: true, closeMs: 0 },
  });
  const client = createTRPCClient<AppRouter>({
    links: [
      splitLink({
        condition: (op) => op.type === 'subscription',
        true: wsLink({ client: wsClient, transformer: superjson }),
        false: httpBatchLink({
          url: `${options.url}/trpc`,
          transformer: superjson,
          headers: () => (token ? { authorization: `Bearer ${token}` } : {}),
          ...(options.fetch ? { fetch: options.fetch } : {}),
        }),
      }),
    ],
  });

  /** The tool's content decrypted with the space key, or null when it has none yet. */
  const load = async (): Promise<StoredContent | null> => {
    try {
      const record = await client.content.get.query({ space_name, tool });
      return {
        content: await decryptJson(record.encrypted_data, options.spaceKey),
        version: versionOf(record.content_metadata),
      };
    } catch (error) {
      if (isTRPCError(error) && error.data?.code === 'NOT_FOUND') return null;
      throw error;
    }
  };

  try {
    // 1. Log in with verifiers derived from the space key (spec §9), never the key itself.
    const session = await client.auth.login.mutate({
      space_name,
      username: options.username,
      encrypted_space_name: await deriveSpaceNameVerifier(options.spaceKey, space_name),
      ...(options.password !== undefined
        ? { encrypted_password: await derivePasswordVerifier(options.spaceKey, options.password) }
        : {}),
    });
    token = session.access_token;
    log(`Logged in to "${session.space.name}" as ${session.user.username} (${session.user.role}).`);

    // 2. Read the content and decrypt it here.
    const stored = await load();
    const content = stored?.content ?? null;
    log(content === null ? `${tool}: no content yet.` : `${tool}: ${summarize(content)}`);

    // 3. Optionally change it: one operation of @cipherspace/tools, encrypted here and saved.
    let added: AddedIssue | null = null;
    if (options.addIssue !== undefined) {
      added = await addIssue(client, {
        space_name,
        spaceKey: options.spaceKey,
        title: options.addIssue,
        username: session.user.username,
        stored,
        load,
        log,
      });
    }

    // 4. Follow live updates: content_update carries metadata only; fetch and decrypt.
    const updates: LiveUpdate[] = [];
    const wanted = options.updates ?? Number.POSITIVE_INFINITY;
    if (wanted > 0) {
      await new Promise<void>((resolve, reject) => {
        let queue = Promise.resolve();
        const subscription = client.realtime.onEvent.subscribe(
          { space_name },
          {
            onStarted: () => log(`Listening for updates of ${tool}…`),
            onData: ({ data: event }) => {
              if (event.type === 'error') {
                finish(new Error(event.data.error));
                return;
              }
              if (event.type !== 'content_update' || event.data.tool !== tool) return;
              const { version, modified_by } = event.data;
              queue = queue
                .then(async () => {
                  const latest = version === 0 ? null : ((await load())?.content ?? null);
                  updates.push({ version, modifiedBy: modified_by, content: latest });
                  log(
                    latest === null
                      ? `${tool} deleted by ${modified_by}.`
                      : `${tool} v${version} by ${modified_by}: ${summarize(latest)}`,
                  );
                  if (updates.length >= wanted) finish();
                })
                .catch((error: unknown) => finish(error));
            },
            onError: (error) => finish(error),
          },
        );
        const onAbort = () => finish();
        options.signal?.addEventListener('abort', onAbort, { once: true });
        if (options.signal?.aborted) finish();

        function finish(error?: unknown) {
          subscription.unsubscribe();
          options.signal?.removeEventListener('abort', onAbort);
          if (error === undefined) resolve();
          else
            reject(
              error instanceof Error ? error : new Error('Subscription failed', { cause: error }),
            );
        }
      });
    }
    return { user: session.user, content, added, updates };
  } finally {
    await wsClient.close();
  }
}

/**
 * Adds an issue titled `title` to the first phase (by `order`) of the Kanban board `stored` (a
 * new default board when null) and saves it with the version it is based on. The change is one
 * serialised operation of `@cipherspace/tools`: decode (strict parse), apply, validate (spec
 * §5), stamp, encrypt, save. When someone saved first (409 CONFLICT) it loads the latest
 * version and applies the *same* operation once more: its ids and time come from the operation,
 * so the result is the same issue. Throws the tool's error when the board refuses the issue,
 * an `Error` listing the spec §5 problems when the result may not be saved, and the server's
 * error otherwise (also for a second conflict).
 */
async function addIssue(
  client: TRPCClient<AppRouter>,
  input: {
    space_name: string;
    spaceKey: string;
    title: string;
    username: string;
    stored: StoredContent | null;
    load: () => Promise<StoredContent | null>;
    log: (line: string) => void;
  },
): Promise<AddedIssue> {
  const kanban = tools.kanban;
  const at = new Date().toISOString();
  /** Decode = the strict parse: a value that is not a Kanban board throws. */
  const parseBoard = (value: unknown): KanbanContent => {
    try {
      return kanban.parse(value);
    } catch (error) {
      throw new Error('The kanban content is not a Kanban board', { cause: error });
    }
  };

  /** The board to change and the version it is (0 = nothing stored yet). */
  const decode = (stored: StoredContent | null): { board: KanbanContent; version: number } =>
    stored === null
      ? {
          board: kanban.defaultContent({ now: () => at, newId: () => crypto.randomUUID() }),
          version: 0,
        }
      : { board: parseBoard(stored.content), version: stored.version };

  const base = decode(input.stored);
  const [first] = base.board.phases.toSorted((a, b) => a.order - b.order);
  if (!first) throw new Error('The board has no phase to add the issue to');
  const operation = kanban.createOperation(
    {
      type: 'addIssue',
      phaseId: first.id,
      issue: { title: input.title },
      createdBy: input.username,
    },
    { id: crypto.randomUUID(), at, by: input.username },
  );

  /** Applies the operation to `onto`, validates, stamps, encrypts and saves the result. */
  const save = async (onto: { board: KanbanContent; version: number }): Promise<AddedIssue> => {
    const next = kanban.apply(onto.board, operation);
    const problems = kanban.validate(next);
    if (problems.length > 0) throw new Error(`Not saved: ${problems.join('; ')}`);
    const content = kanban.stamp(next, { version: onto.version + 1, lastModified: operation.at });
    const saved = await client.content.save.mutate({
      space_name: input.space_name,
      tool: 'kanban',
      encrypted_data: await encryptJson(content, input.spaceKey),
      metadata: { version: onto.version },
    });
    const version = versionOf(saved.content_metadata);
    input.log(`Added "${input.title}" to ${first.name}: kanban v${version}.`);
    return { operation, version, content };
  };

  try {
    return await save(base);
  } catch (error) {
    if (!isTRPCError(error) || error.data?.code !== 'CONFLICT') throw error;
    input.log('Someone saved kanban first: applying the same operation to the latest version…');
    return await save(decode(await input.load()));
  }
}

/** The server version in a record's `content_metadata` (a whole number ≥ 1). */
function versionOf(metadata: Record<string, unknown>): number {
  const { version } = metadata;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1)
    throw new Error('Content record without a version');
  return version;
}

/** A tRPC error with the server's code in `error.data.code`. */
function isTRPCError(error: unknown): error is TRPCClientError<AppRouter> {
  return error instanceof TRPCClientError;
}

/** One line about decrypted content: a board's title and columns, else its JSON (shortened). */
export function summarize(content: unknown): string {
  if (typeof content === 'object' && content !== null && 'phases' in content) {
    const { title, phases } = content as { title?: unknown; phases?: unknown };
    if (Array.isArray(phases)) {
      const columns = phases.map((phase: { name?: unknown; issues?: unknown }) => {
        const issues = Array.isArray(phase.issues) ? phase.issues.length : 0;
        return `${String(phase.name)} (${issues})`;
      });
      return `"${String(title)}" — ${columns.join(', ')}`;
    }
  }
  const json = JSON.stringify(content);
  return json.length > 200 ? `${json.slice(0, 199)}…` : json;
}

async function cli(): Promise<void> {
  const { values } = parseArgs({
    options: {
      url: { type: 'string', default: process.env.CIPHERSPACE_URL ?? 'http://localhost:3000' },
      space: { type: 'string' },
      username: { type: 'string' },
      tool: { type: 'string', default: 'kanban' },
      'add-issue': { type: 'string' },
      updates: { type: 'string' },
    },
  });
  const spaceKey = process.env.CIPHERSPACE_SPACE_KEY;
  const tool = TOOL_NAMES.find((name) => name === values.tool);
  if (!values.space || !values.username || !spaceKey || !tool) {
    console.error(
      'usage: CIPHERSPACE_SPACE_KEY=… [CIPHERSPACE_PASSWORD=…] typed-client.ts --space NAME ' +
        '--username NAME [--url URL] [--tool kanban] [--add-issue TITLE] [--updates N]\n' +
        `tools: ${TOOL_NAMES.join(', ')}`,
    );
    process.exitCode = 2;
    return;
  }
  const stop = new AbortController();
  process.once('SIGINT', () => stop.abort());
  await main({
    url: values.url,
    spaceName: values.space,
    spaceKey,
    username: values.username,
    tool,
    signal: stop.signal,
    ...(process.env.CIPHERSPACE_PASSWORD ? { password: process.env.CIPHERSPACE_PASSWORD } : {}),
    ...(values['add-issue'] !== undefined ? { addIssue: values['add-issue'] } : {}),
    ...(values.updates !== undefined ? { updates: Number(values.updates) } : {}),
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  cli().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
