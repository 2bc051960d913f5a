/**
 * The raw WebSocket `/api/ws/{spaceName}?token=…&session_id=…` (spec §3 Real-time messages,
 * §4 Real-time connection, §7), served through the same `realtime` procedures as tRPC. It is also
 * the web app's live channel (tRPC's per-subscription work kept its fan-out above 2× the bare
 * baseline), through three optional query parameters (docs/websocket.md): `client_id` (the
 * connection's id: events it causes are not echoed to it), `pending=1` (also deliver
 * `content_pending`) and `refusal=close` (a refused client gets a socket that says why and closes,
 * as a browser cannot read the status of a refused upgrade).
 *
 * - Authenticated at upgrade: a missing, forged or expired token → HTTP 401; a token of another
 *   space, or a `session_id` that is not the token's user id → HTTP 403; a bad query → 422. No
 *   socket is opened — unless `refusal=close`: then the upgrade completes, the socket receives
 *   one `error` message `{error}` and closes with 4000 + that status (4401, 4403, 4422, 4503).
 *   A space that does not exist is refused as another space's (403): a token opens its own
 *   space only, so the server never tells a stranger whether a name is taken.
 * - Server → client: `content_update`, `presence_update`, `user_joined` of the other members;
 *   `heartbeat` `{response:'pong'}` for each ping; `error` `{error}` for a bad message;
 *   `resync` `{reason}` when live updates may have been missed (catch up with the changes API).
 * - Client → server: `heartbeat` `{ping}`, `presence_update` `{tool, status?, data?}`,
 *   `user_joined` (sent once after opening; broadcast to the others with the session's user),
 *   `leave` (the page is going away).
 * - Departure: PRESENCE_DEPARTURE_GRACE_MS after the `leave` or the close (whichever comes
 *   first) of a socket opened with a `client_id`, the other members receive `user_left`
 *   `{user_id, username, client_id}` and drop
 *   the presence that connection announced — seconds instead of the 75 s of staleness. The grace
 *   lets a reloaded tab announce its new connection first, so it does not flicker.
 * - A plain HTTP request on the path (no upgrade) → 426 Upgrade Required.
 * - Messages of one socket are handled one at a time, in the order sent; at most
 *   WS_MESSAGES_PER_SECOND (bursts of WS_MESSAGE_BURST) are accepted: the first one beyond gets
 *   an `error` `{error, code: 'rate_limited'}`, is dropped with whatever follows (those accepted
 *   before it are still handled), and the socket closes with 4429.
 * - Close codes: 1000 normal; 4401 session ended (logout, expiry, member removed);
 *   4404 space deleted while connected; 4429 too many messages; 1009 message too big; with
 *   `refusal=close`, WS_REFUSAL_CLOSE_BASE + a status of WS_REFUSAL_STATUSES.
 */
import { randomUUID } from 'node:crypto';

import {
  clientIdSchema,
  ERROR,
  PRESENCE_DEPARTURE_GRACE_MS,
  WS_CLOSE_RATE_LIMITED,
  WS_MESSAGE_BURST,
  WS_MESSAGES_PER_SECOND,
  type RealtimeEvent,
} from '@cipherspace/api';
import { TRPCError } from '@trpc/server';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from '@fastify/websocket';
import { z } from 'zod';

import { callerFor, type Caller, type CreateContext } from './caller.ts';
import { GENERIC_ERRORS, procedureInput, type OperationDoc } from './contract/route.ts';
import { errorSchema } from './contract/schemas.ts';
import { toHttpError } from './errors.ts';
import { MessageRate } from './message-rate.ts';
import { jsonFrame } from './ws-frames.ts';
import { rememberUpgradeResponse, releaseUpgradeRequest } from './ws-release.ts';

/** Close codes the server sends (docs/websocket.md, Closing). */
export const WS_CLOSE = {
  normal: 1000,
  sessionEnded: 4401,
  spaceDeleted: 4404,
  rateLimited: WS_CLOSE_RATE_LIMITED,
} as const;

/** With `refusal=close`, a refused socket closes with this plus the HTTP status it stands for. */
export const WS_REFUSAL_CLOSE_BASE = 4000;

/**
 * The statuses a refused upgrade can have once Fastify has routed it (preValidation): 401 no or
 * a bad token, 403 another space's token (also a space that does not exist) or a wrong
 * `session_id`, 422 a bad query or space name, 503 the database unavailable. With
 * `refusal=close` they become close codes 4401, 4403, 4422, 4503.
 */
export const WS_REFUSAL_STATUSES = [401, 403, 422, 503] as const;

const refusalCloseCodes = WS_REFUSAL_STATUSES.map((status) => WS_REFUSAL_CLOSE_BASE + status).join(
  ', ',
);

/** The query of the socket URL (spec §7). The token is documented as the `queryToken` scheme. */
export const wsQuerySchema = z.object({
  token: z
    .string()
    .optional()
    .meta({
      description:
        'The `access_token` of `POST /api/auth/login` (a browser cannot set an `Authorization` ' +
        'header on a WebSocket, so it goes here). Needed: missing, forged or expired → 401 ' +
        '(close 4401 with `refusal=close`).',
    }),
  session_id: z.string().optional().meta({
    description:
      "The user id of the token's user (`user.id` of the login response); another id → 403.",
  }),
  client_id: clientIdSchema.meta({
    description:
      "Your connection's id (1–64 characters; the web app: one per tab). Events this connection " +
      'causes (its `user_joined`, `presence_update`s, and `content_pending` sent with the same ' +
      '`client_id`) are not sent back to it. Default: a fresh id per socket.',
  }),
  pending: z
    .literal('1')
    .optional()
    .meta({
      description:
        'With `1`, also receive `content_pending`: the encrypted operations of a save still on ' +
        'its way (docs/websocket.md). Default: not sent.',
    }),
  refusal: z
    .literal('close')
    .optional()
    .meta({
      description:
        'With `close`, a refused connection is not answered with a plain HTTP status: the upgrade ' +
        'completes, one `error` message says why, and the socket closes with 4000 + the status ' +
        `(${refusalCloseCodes}). For browsers, which cannot read a refused upgrade.`,
    }),
});

/** Messages a client may send (spec §3). */
const clientMessageSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('heartbeat'),
    data: z.object({ ping: z.unknown().optional() }).loose().optional(),
  }),
  z.object({
    type: z.literal('presence_update'),
    data: z
      .object({
        tool: z.string(),
        status: z.string().optional(),
        data: z.record(z.string(), z.unknown()).optional(),
      })
      .loose(),
  }),
  z.object({ type: z.literal('user_joined'), data: z.unknown().optional() }),
  z.object({ type: z.literal('leave'), data: z.unknown().optional() }),
]);

const spaceNameSchema = procedureInput('realtime.connect')?.shape.space_name;

const UPGRADE_REQUIRED =
  'This path speaks WebSocket only: connect with an Upgrade: websocket request';

/** The socket route as the OpenAPI document shows it (the protocol: docs/websocket.md). */
export const websocketOperation: OperationDoc = {
  method: 'GET',
  url: '/api/ws/:spaceName',
  operationId: 'openRealtimeSocket',
  summary: 'Open the real-time WebSocket of a space',
  description:
    'Upgrade to a WebSocket (`ws://` or `wss://`) with `?token=<access_token>&session_id=' +
    '<user id>`. Messages both ways are JSON `{type, space_name, timestamp, data}` (spec §3): ' +
    '`content_update`, `presence_update`, `user_joined`, `user_left` (a connection ended), ' +
    '`heartbeat`, `error`, and `resync` (live updates may have been missed: catch up with the ' +
    'changes path); the client may send `leave` when it goes away. Close codes: 1000 ' +
    'normal; 1009 message too big; 4401 session ended (logout, expiry, member removed); 4404 ' +
    'the space was deleted while connected; 4429 too many messages (more than ' +
    `${WS_MESSAGES_PER_SECOND} a second, bursts of ${WS_MESSAGE_BURST}); and, only with ` +
    `\`refusal=close\`, ${refusalCloseCodes} (reason \`refused\`): 4000 + the status the ` +
    'upgrade was refused with. The protocol with an example of every message: ' +
    'docs/websocket.md. A refused upgrade gets a plain HTTP status and no socket.',
  tag: 'Real-time',
  access: 'member',
  credentials: 'query-token',
  pathParams: spaceNameSchema ? { spaceName: spaceNameSchema } : {},
  query: wsQuerySchema,
  responses: {
    101: { description: 'Switching Protocols: the socket is open.' },
    400: {
      description: GENERIC_ERRORS.badPath,
      schema: errorSchema,
      example: { detail: "'/api/ws/%E0%A4%A' is not a valid url component" },
    },
    401: {
      description: `${GENERIC_ERRORS.unauthorized} Without a token: \`Authentication token not available\`.`,
      schema: errorSchema,
      example: { detail: 'Authentication token not available' },
    },
    403: {
      description:
        `- ${GENERIC_ERRORS.otherSpace} Also when no space of that name exists: a token ` +
        "opens its own space only.\n- `session_id` is not the token's user.",
      schema: errorSchema,
      example: { detail: ERROR.otherSpace },
    },
    422: {
      description: GENERIC_ERRORS.invalid,
      schema: errorSchema,
      example: { detail: 'space_name must not contain control characters' },
    },
    426: {
      description: 'A plain HTTP request without `Upgrade: websocket`.',
      schema: errorSchema,
      example: { detail: UPGRADE_REQUIRED },
      headers: { Upgrade: '`websocket`' },
    },
    503: {
      description: GENERIC_ERRORS.unavailable,
      schema: errorSchema,
      example: { detail: ERROR.databaseUnavailable },
    },
  },
};

interface WsParams {
  spaceName: string;
}

/**
 * A socket accepted in preValidation, waiting for its upgrade to complete: only what the
 * connection needs, so that nothing of the HTTP request outlives the upgrade.
 */
interface PendingSocket {
  caller: Caller;
  /**
   * The same session without the socket's abort signal, announcing the departure after close;
   * null when the socket named no `client_id` (nobody can tell its presence apart to drop it).
   */
  departureCaller: Caller | null;
  clientId: string;
  events: AsyncIterable<unknown>;
  abort: AbortController;
}

/** A connection refused with `refusal=close`: the status it would have got, and why. */
interface RefusedSocket {
  status: number;
  detail: string;
}

/** What a live socket keeps (never the request: bench/RESULTS.md, sockets; ws-release.ts). */
interface LiveSocket extends PendingSocket {
  spaceName: string;
  log: FastifyBaseLogger;
  /** Departures waiting out their grace; cleared when the server closes. */
  departures: Set<NodeJS.Timeout>;
}

const pending = new WeakMap<FastifyRequest, PendingSocket | RefusedSocket>();

/** Registers the raw WebSocket route; needs `@fastify/websocket` registered on `app`. */
export function websocketRoutes(app: FastifyInstance, createContext: CreateContext): void {
  // Only the token: the context reads nothing else, and a copy of every request header would
  // stay alive with the socket.
  const callerForSocket = (token: string, signal?: AbortSignal): Caller =>
    callerFor(createContext, { headers: { authorization: `Bearer ${token}` } }, signal);
  const departures = new Set<NodeJS.Timeout>();
  app.addHook('onClose', (_instance, done) => {
    for (const timer of departures) clearTimeout(timer);
    departures.clear();
    done();
  });

  app.get<{ Params: WsParams; Querystring: Record<string, string> }>(
    '/api/ws/:spaceName',
    {
      websocket: true,
      onRequest: rememberUpgradeResponse,
      // Authenticate and subscribe before the upgrade: a refused client gets a plain HTTP
      // status and no socket, and an accepted one misses nothing published after `open`.
      preValidation: async (request, reply) => {
        if (!request.ws) {
          return reply.code(426).header('upgrade', 'websocket').send({ detail: UPGRADE_REQUIRED });
        }
        const closeOnRefusal = request.query.refusal === 'close';
        const refuse = (status: number, detail: string) => {
          if (!closeOnRefusal) return reply.code(status).send({ detail });
          pending.set(request, { status, detail });
          return undefined;
        };
        const query = wsQuerySchema.safeParse(request.query);
        if (!query.success) {
          // A repeated or missing token is an authentication problem, as it always was.
          const issue = query.error.issues.find((candidate) => candidate.path[0] !== 'token');
          if (issue) return refuse(422, `${String(issue.path[0])}: ${issue.message}`);
        }
        const token = query.success ? query.data.token : undefined;
        if (!token) return refuse(401, 'Authentication token not available');
        const options = query.data ?? {};
        const abort = new AbortController();
        try {
          const caller = callerForSocket(token, abort.signal);
          const space_name = request.params.spaceName;
          const me = await caller.realtime.connect({ space_name });
          if (options.session_id !== undefined && options.session_id !== me.user_id) {
            abort.abort();
            return await refuse(403, 'session_id does not match the token');
          }
          const clientId = options.client_id ?? randomUUID();
          const events = await caller.realtime.onEvent({
            space_name,
            client_id: clientId,
            pending: options.pending === '1',
          });
          // Whatever happens to the upgrade, the subscription ends with the TCP connection.
          request.raw.socket.once('close', () => abort.abort());
          pending.set(request, {
            caller,
            departureCaller: options.client_id === undefined ? null : callerForSocket(token),
            clientId,
            events,
            abort,
          });
        } catch (error) {
          abort.abort();
          const { status, detail } = toHttpError(error);
          return refuse(status, detail);
        }
        return undefined;
      },
    },
    (socket, request) => {
      const session = pending.get(request);
      pending.delete(request);
      if (!session) {
        socket.close(WS_CLOSE.sessionEnded, 'not_authenticated');
        return;
      }
      if (!('caller' in session)) {
        refuseOpenSocket(socket, request.params.spaceName, session);
        return;
      }
      const log = releaseUpgradeRequest(socket, request, () => session.abort.abort());
      serveSocket(socket, {
        ...session,
        spaceName: request.params.spaceName,
        log,
        departures,
      });
    },
  );
}

/** Serves one accepted socket; see the module comment. Keeps no reference to the request. */
function serveSocket(socket: WebSocket, live: LiveSocket): void {
  const { caller, clientId, events, abort, spaceName, log } = live;
  // Once per socket, on `leave` or close: after the grace, the others drop this connection.
  let departed = false;
  const depart = () => {
    const { departureCaller } = live;
    if (departed || departureCaller === null) return;
    departed = true;
    const timer = setTimeout(() => {
      live.departures.delete(timer);
      departureCaller.realtime
        .leave({ space_name: spaceName, client_id: clientId })
        .catch(() => undefined); // an ended session has no presence left to withdraw
    }, PRESENCE_DEPARTURE_GRACE_MS);
    timer.unref();
    live.departures.add(timer);
  };
  const send = (message: object) => {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
  };
  const sendError = (error: string, code?: string) =>
    send({
      type: 'error',
      space_name: spaceName,
      timestamp: new Date().toISOString(),
      data: code === undefined ? { error } : { error, code },
    });

  // Counted as they arrive, before any work: a flood costs one subtraction per frame and ends
  // with the socket, instead of being relayed to every member of the space.
  const rate = new MessageRate();
  let overRate = false;
  // One message at a time, in the order sent: a client's presence updates must not overtake
  // each other while they wait on the database.
  let queue = Promise.resolve();
  socket.on('message', (raw: Buffer, isBinary) => {
    if (overRate) return;
    if (!rate.take()) {
      overRate = true;
      log.warn('websocket over its message rate: closed');
      sendError(ERROR.tooManyMessages, 'rate_limited');
      socket.close(WS_CLOSE.rateLimited, 'rate_limited');
      return;
    }
    const text = raw.toString('utf8');
    queue = queue.then(() => handleClientMessage(text, isBinary));
  });
  socket.on('close', () => {
    abort.abort();
    depart();
  });

  async function handleClientMessage(text: string, isBinary: boolean): Promise<void> {
    let json: unknown;
    try {
      json = isBinary ? undefined : JSON.parse(text);
    } catch {
      json = undefined;
    }
    const parsed = clientMessageSchema.safeParse(json);
    if (!parsed.success) {
      sendError(json === undefined ? 'Failed to parse message' : 'Unknown or malformed message');
      return;
    }
    const message = parsed.data;
    try {
      switch (message.type) {
        case 'heartbeat':
          send(await caller.realtime.heartbeat({ space_name: spaceName }));
          return;
        case 'presence_update':
          await caller.realtime.announce({
            space_name: spaceName,
            client_id: clientId,
            tool: message.data.tool,
            ...(message.data.status !== undefined ? { status: message.data.status } : {}),
            ...(message.data.data !== undefined ? { data: message.data.data } : {}),
          });
          return;
        case 'user_joined':
          await caller.realtime.join({ space_name: spaceName, client_id: clientId });
          return;
        case 'leave':
          depart();
          return;
        default:
          assertNever(message);
      }
    } catch (error) {
      if (error instanceof TRPCError && error.code === 'UNAUTHORIZED') {
        sendError(error.message);
        socket.close(WS_CLOSE.sessionEnded, 'session_ended');
        return;
      }
      sendError(toHttpError(error).detail);
    }
  }

  void (async () => {
    try {
      for await (const item of events) {
        const event = untrack(item);
        // The bus hands every socket of the space the same event object: encoded once.
        if (socket.readyState === socket.OPEN) socket.send(jsonFrame(event), { binary: false });
        if (event.type === 'error') {
          socket.close(
            event.data.code === 'space_deleted' ? WS_CLOSE.spaceDeleted : WS_CLOSE.sessionEnded,
            event.data.code,
          );
          return;
        }
      }
    } catch (error) {
      if (abort.signal.aborted) return;
      log.warn({ err: error }, 'realtime stream failed');
      socket.close(WS_CLOSE.sessionEnded, 'stream_failed');
    }
  })();
}

/**
 * `refusal=close`: the refused connection's socket gets one `error` message with the reason and
 * closes with WS_REFUSAL_CLOSE_BASE + the HTTP status (reason text `refused`).
 */
function refuseOpenSocket(socket: WebSocket, spaceName: string, refused: RefusedSocket): void {
  socket.send(
    JSON.stringify({
      type: 'error',
      space_name: spaceName,
      timestamp: new Date().toISOString(),
      data: { error: refused.detail },
    }),
  );
  socket.close(WS_REFUSAL_CLOSE_BASE + refused.status, 'refused');
}

/** A `tracked(id, data)` value is yielded as the tuple `[id, data, symbol]`. */
function untrack(item: unknown): RealtimeEvent {
  return (Array.isArray(item) ? item[1] : item) as RealtimeEvent;
}

function assertNever(value: never): never {
  throw new Error(`Unhandled message ${JSON.stringify(value)}`);
}

export type { WebSocket };
