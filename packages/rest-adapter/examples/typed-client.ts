/**
 * A Node script on Cipherspace's typed tRPC API (docs/typed-client.md): logs in to a space,
 * reads a tool's content and decrypts it on this machine, then follows live updates and
 * decrypts each new version. The space key and the password never leave the process: the
 * server gets verifiers and ciphertext only.
 *
 *   CIPHERSPACE_SPACE_KEY='…' [CIPHERSPACE_PASSWORD='…'] \
 *     pnpm --filter @cipherspace/rest-adapter exec tsx examples/typed-client.ts \
 *     --url http://localhost:3000 --space 'Alpha Team' --username alice [--tool kanban] [--updates 1]
 *
 * Secrets come from the environment, not the command line, so they stay out of the shell
 * history and the process list. The test suite runs `main` against a live server
 * (packages/server/src/typed-client-example.int.test.ts).
 */
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';

import type { AppRouter, RouterOutputs } from '@cipherspace/api';
import { decryptJson, derivePasswordVerifier, deriveSpaceNameVerifier } from '@cipherspace/crypto';
import {
  createTRPCClient,
  createWSClient,
  httpBatchLink,
  splitLink,
  TRPCClientError,
  wsLink,
} from '@trpc/client';
import superjson from 'superjson';
import WebSocket from 'ws';

export interface ExampleOptions {
  /** The server, e.g. `http://localhost:3000` (`https://…` uses `wss://` for the socket). */
  url: string;
  spaceName: string;
  /** The space key: used here to derive verifiers and to decrypt, never sent. */
  spaceKey: string;
  username: string;
  /** The user's password, if they have one (sent only as a verifier). */
  password?: string;
  /** The tool whose content to read (default `kanban`). */
  tool?: string;
  /** Stop after this many live updates (default: run until `signal` aborts). */
  updates?: number;
  signal?: AbortSignal;
  /** Where progress lines go (default `console.log`). */
  log?: (line: string) => void;
}

/** A new version of the tool's content, as it arrived and decrypted. */
export interface LiveUpdate {
  version: number;
  modifiedBy: string;
  /** The decrypted content, or null when the content was deleted. */
  content: unknown;
}

export interface ExampleResult {
  user: RouterOutputs['auth']['login']['user'];
  /** The decrypted content at login, or null when the tool has none yet. */
  content: unknown;
  updates: LiveUpdate[];
}

/** Logs in, decrypts the tool's content and follows its live updates. */
export async function main(options: ExampleOptions): Promise<ExampleResult> {
  const log = options.log ?? ((line: string) => console.log(line));
  const tool = options.tool ?? 'kanban';
  const space_name = options.spaceName;
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
        }),
      }),
    ],
  });

  /** The tool's content decrypted with the space key, or null when it has none yet. */
  const load = async (): Promise<unknown> => {
    try {
      const record = await client.content.get.query({ space_name, tool });
      return await decryptJson(record.encrypted_data, options.spaceKey);
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
    const content = await load();
    log(content === null ? `${tool}: no content yet.` : `${tool}: ${summarize(content)}`);

    // 3. Follow live updates: content_update carries metadata only; fetch and decrypt.
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
                  const latest = version === 0 ? null : await load();
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
    return { user: session.user, content, updates };
  } finally {
    await wsClient.close();
  }
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
      updates: { type: 'string' },
    },
  });
  const spaceKey = process.env.CIPHERSPACE_SPACE_KEY;
  if (!values.space || !values.username || !spaceKey) {
    console.error(
      'usage: CIPHERSPACE_SPACE_KEY=… [CIPHERSPACE_PASSWORD=…] typed-client.ts --space NAME ' +
        '--username NAME [--url URL] [--tool kanban] [--updates N]',
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
    tool: values.tool,
    signal: stop.signal,
    ...(process.env.CIPHERSPACE_PASSWORD ? { password: process.env.CIPHERSPACE_PASSWORD } : {}),
    ...(values.updates !== undefined ? { updates: Number(values.updates) } : {}),
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  cli().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
