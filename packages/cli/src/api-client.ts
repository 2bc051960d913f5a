/**
 * The documented REST calls the CLI makes (spec §7), over `fetch`, with every response checked
 * by zod before use. Only verifiers, the bearer token and ciphertext ever leave this module —
 * it never sees the space key.
 *
 * Failures: a network failure or timeout → CliError exit 6; a 401 on a call made with the
 * bearer token → CliError exit 5 ('Session expired…'); a response that is not the documented
 * shape → CliError exit 1; any other non-2xx status → {@link ApiError} (status + the server's
 * `detail`), which the calling service maps to what it means there.
 */
import { z } from 'zod';

import { CliError, EXIT, SESSION_EXPIRED_MESSAGE } from './errors.ts';
import { toolIdSchema } from './tools.ts';

/** How long one request may take before it counts as a network failure, in ms. */
export const REQUEST_TIMEOUT_MS = 30_000;

/** A non-2xx answer of the server: HTTP `status` and its `{"detail"}` (or the status text). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly request: string,
  ) {
    super(`${request} failed with ${status}: ${detail}`);
    this.name = 'ApiError';
  }
}

const isoDateSchema = z.string().min(1);

/** spec §3 Space info response. */
export const spaceInfoSchema = z.object({
  name: z.string(),
  force_user_passwords: z.boolean(),
  allow_self_registration: z.boolean(),
  is_first_user_registration: z.boolean(),
});
export type SpaceInfo = z.infer<typeof spaceInfoSchema>;

/** spec §3 Login response (README: `{access_token, token_type, expires_at, space, user}`). */
export const loginResponseSchema = z.object({
  access_token: z.string().min(1),
  expires_at: isoDateSchema,
  space: z.looseObject({ name: z.string() }),
  user: z.looseObject({ id: z.string(), username: z.string(), role: z.string() }),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** `content_metadata` of a stored tool: caller metadata plus the server's version, time and author. */
export const contentMetadataSchema = z.looseObject({
  version: z.number().int().min(1),
  last_modified: z.string().optional(),
  modified_by: z.string().optional(),
});
export type ContentMetadata = z.infer<typeof contentMetadataSchema>;

/** GET /api/content/{space}/{tool} (spec §3 Tool content server record). */
export const contentRecordSchema = z.object({
  id: z.string(),
  tool: toolIdSchema,
  space_name: z.string(),
  content_metadata: contentMetadataSchema,
  encrypted_data: z.string().min(1),
  /** The newest version: newer than `content_metadata.version` after saves of operations alone. */
  current_version: z.number().int().min(1).optional(),
});
export type ContentRecord = z.infer<typeof contentRecordSchema>;

/** PUT /api/content/{space}/{tool}: the record without the ciphertext. */
export const savedRecordSchema = contentRecordSchema.omit({
  encrypted_data: true,
  current_version: true,
});
export type SavedRecord = z.infer<typeof savedRecordSchema>;

/** GET /api/auth/session: the caller's session (its expiry already slid by this call). */
export const sessionInfoSchema = z.object({
  user: z.looseObject({ id: z.string(), username: z.string() }),
  space: z.looseObject({ name: z.string() }),
  expires_at: isoDateSchema,
});
export type SessionInfo = z.infer<typeof sessionInfoSchema>;

/** GET /api/content/{space}/tools: the tools that have content. */
export const toolListSchema = z.object({
  tools: z.array(
    z.looseObject({
      tool: toolIdSchema,
      version: z.number().int().min(1),
      last_modified: isoDateSchema.nullable().optional(),
      modified_by: z.string().nullable().optional(),
    }),
  ),
});
export type ToolList = z.infer<typeof toolListSchema>;

/** A version's kind in the history: saved as operations, or as a whole new content. */
const changeKindSchema = z.enum(['operations', 'replacement']);
/** A UTC (or offset) ISO 8601 time, as the history paths send `modified_at`. */
const isoDateTimeSchema = z.iso.datetime({ offset: true });

/** One kept version in GET /api/content/{space}/{tool}/history. */
export const historyEntrySchema = z.looseObject({
  version: z.number().int().min(1),
  kind: changeKindSchema,
  modified_by: z.string(),
  modified_at: isoDateTimeSchema,
  size_bytes: z.number().int().min(0),
});

/**
 * GET /api/content/{space}/{tool}/history?before=&limit=: a page of kept versions, newest first;
 * every version from `oldest_version` to `current_version` can be rebuilt.
 */
export const historyPageSchema = z.object({
  versions: z.array(historyEntrySchema),
  current_version: z.number().int().min(1),
  oldest_version: z.number().int().min(1),
});
export type HistoryPage = z.infer<typeof historyPageSchema>;

/** One change in GET …/history/{version}: a version's encrypted operations (null: a replacement). */
export const historyChangeSchema = z.looseObject({
  version: z.number().int().min(1),
  kind: changeKindSchema,
  operations: z.array(z.string().min(1)).nullable(),
  modified_by: z.string(),
  modified_at: isoDateTimeSchema,
});

/**
 * GET /api/content/{space}/{tool}/history/{version}?from=: the newest kept snapshot at or before
 * `version` (or `from`) and the changes after it up to `version`, ascending.
 */
export const historyVersionSchema = z.object({
  version: z.number().int().min(1),
  base: z.looseObject({ version: z.number().int().min(1), encrypted_data: z.string().min(1) }),
  changes: z.array(historyChangeSchema),
  /** Present when the answer was cut at the server's page size: fetch the rest after it. */
  next_after: z.number().int().min(1).optional(),
});
export type HistoryVersion = z.infer<typeof historyVersionSchema>;

/**
 * GET /api/content/{space}/{tool}/history/{version}/changes?after=: the changes after `after` up
 * to `version`, ascending — a page following a `next_after`; `next_after` again when more follow.
 */
export const historyChangesSchema = z.object({
  version: z.number().int().min(1),
  changes: z.array(historyChangeSchema),
  next_after: z.number().int().min(1).optional(),
});
export type HistoryChanges = z.infer<typeof historyChangesSchema>;

/** One change in GET /api/content/{space}/{tool}/changes: its encrypted operations, or a replacement. */
export const contentChangeSchema = z.looseObject({
  version: z.number().int().min(1),
  kind: changeKindSchema,
  operations: z.array(z.string().min(1)).nullable(),
  modified_by: z.string().optional(),
});

/**
 * GET /api/content/{space}/{tool}/changes?since=: the changes after `since`, ascending, or
 * `too_far_behind` (then none: load the content); `next_since` when the answer was cut at the
 * server's page size.
 */
export const contentChangesSchema = z.object({
  version: z.number().int().min(1),
  too_far_behind: z.boolean(),
  changes: z.array(contentChangeSchema),
  next_since: z.number().int().min(1).optional(),
});
export type ContentChanges = z.infer<typeof contentChangesSchema>;

const errorBodySchema = z.looseObject({ detail: z.string() });

/** The login payload (spec §3): verifiers only, never the key or the password. */
export interface LoginPayload {
  space_name: string;
  encrypted_space_name: string;
  username: string;
  encrypted_password?: string;
}

/** A REST client for one server; `token` authenticates the member calls. */
export interface ApiClient {
  readonly server: string;
  /** GET /api/spaces/{space}/info. ApiError 404 when the space does not exist. */
  spaceInfo(space: string): Promise<SpaceInfo>;
  /** POST /api/auth/login. ApiError 401/404/422/429 as documented in the README. */
  login(payload: LoginPayload): Promise<LoginResponse>;
  /** GET /api/auth/session with the token. */
  session(): Promise<SessionInfo>;
  /** POST /api/auth/logout with the token (ends the session on the server). */
  logout(): Promise<void>;
  /** GET /api/content/{space}/tools. */
  listTools(space: string): Promise<ToolList>;
  /** GET /api/content/{space}/{tool}; null when the tool has no content yet (404). */
  getContent(space: string, tool: string): Promise<ContentRecord | null>;
  /**
   * PUT /api/content/{space}/{tool} with `metadata.version` = the version the save is based on
   * (0 = none yet) and, optionally, the encrypted `operations` (op1 envelopes) that turned that
   * version into this content. ApiError 409 when someone saved first, 422 when the server refuses
   * an argument (e.g. an operation envelope longer than it accepts). `encryptedData` null: the
   * operations alone. `saveId`, sent as `Idempotency-Key`, makes a resent save exactly-once.
   */
  saveContent(
    space: string,
    tool: string,
    encryptedData: string | null,
    metadata: Record<string, unknown> & { version: number },
    operations?: readonly string[],
    saveId?: string,
  ): Promise<SavedRecord>;
  /**
   * GET /api/content/{space}/{tool}/changes?since= : one page of the changes after `since`;
   * null when the tool has no content (404).
   */
  contentChanges(space: string, tool: string, since: number): Promise<ContentChanges | null>;
  /**
   * GET /api/content/{space}/{tool}/history: `limit` (1–100) kept versions newest first, below
   * `before` when given. ApiError 404 when the tool has no content.
   */
  history(
    space: string,
    tool: string,
    page: { before?: number | undefined; limit: number },
  ): Promise<HistoryPage>;
  /**
   * GET /api/content/{space}/{tool}/history/{version}, from the newest snapshot at or before `from`
   * when given. ApiError 404 when the tool has no content or the version is not kept, 400 when
   * `version` is newer than the current version.
   */
  historyVersion(
    space: string,
    tool: string,
    version: number,
    from?: number,
  ): Promise<HistoryVersion>;
  /**
   * GET /api/content/{space}/{tool}/history/{version}/changes?after= : the page of changes after
   * `after` (a `next_after`), at most the server's page size. ApiError 404 when the tool has no
   * content or a change is not kept, 400 when `version` is newer than the current version.
   */
  historyChanges(
    space: string,
    tool: string,
    version: number,
    after: number,
  ): Promise<HistoryChanges>;
}

/** `server` without trailing slashes, e.g. 'http://127.0.0.1:3000' or 'https://host/prefix'. */
export function normaliseServer(server: string): string {
  return server.replace(/\/+$/, '');
}

const p = encodeURIComponent;

/**
 * A client for `server` (an http(s) base URL). `token`, when given, is sent as
 * `Authorization: Bearer …` on member calls; without it those calls fail with exit 5.
 */
export function createApiClient(options: { server: string; token?: string }): ApiClient {
  const server = normaliseServer(options.server);

  async function request<T>(
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    schema: z.ZodType<T> | null,
    init: {
      body?: unknown;
      auth?: boolean;
      notFoundAsNull?: boolean;
      headers?: Record<string, string>;
    } = {},
  ): Promise<T | null> {
    const label = `${method} ${path}`;
    const headers: Record<string, string> = { accept: 'application/json', ...init.headers };
    if (init.auth) {
      if (!options.token) throw new CliError(SESSION_EXPIRED_MESSAGE, EXIT.session);
      headers.authorization = `Bearer ${options.token}`;
    }
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    let response: Response;
    let text: string;
    try {
      response = await fetch(`${server}${path}`, {
        method,
        headers,
        ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      text = await response.text();
    } catch (error) {
      throw networkError(server, error);
    }
    if (response.status === 404 && init.notFoundAsNull) return null;
    if (!response.ok) {
      const detail = errorDetail(text) ?? response.statusText;
      if (response.status === 401 && init.auth) {
        throw new CliError(SESSION_EXPIRED_MESSAGE, EXIT.session, {
          cause: new ApiError(401, detail, label),
        });
      }
      throw new ApiError(response.status, detail, label);
    }
    if (schema === null) return null;
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      throw unexpected(label, 'the response is not JSON', error);
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw unexpected(label, z.prettifyError(parsed.error), parsed.error);
    return parsed.data;
  }

  async function required<T>(promise: Promise<T | null>, label: string): Promise<T> {
    const value = await promise;
    if (value === null) throw unexpected(label, 'the response is empty');
    return value;
  }

  return {
    server,
    spaceInfo: (space) =>
      required(
        request('GET', `/api/spaces/${p(space)}/info`, spaceInfoSchema),
        'GET /api/spaces/{space}/info',
      ),
    login: (payload) =>
      required(
        request('POST', '/api/auth/login', loginResponseSchema, { body: payload }),
        'POST /api/auth/login',
      ),
    session: () =>
      required(
        request('GET', '/api/auth/session', sessionInfoSchema, { auth: true }),
        'GET /api/auth/session',
      ),
    async logout() {
      await request('POST', '/api/auth/logout', null, { auth: true });
    },
    listTools: (space) =>
      required(
        request('GET', `/api/content/${p(space)}/tools`, toolListSchema, { auth: true }),
        'GET /api/content/{space}/tools',
      ),
    getContent: (space, tool) =>
      request('GET', `/api/content/${p(space)}/${p(tool)}`, contentRecordSchema, {
        auth: true,
        notFoundAsNull: true,
      }),
    saveContent: (space, tool, encryptedData, metadata, operations, saveId) =>
      required(
        request('PUT', `/api/content/${p(space)}/${p(tool)}`, savedRecordSchema, {
          auth: true,
          body: {
            ...(encryptedData === null ? {} : { encrypted_data: encryptedData }),
            metadata,
            ...(operations?.length ? { operations: [...operations] } : {}),
          },
          ...(saveId === undefined ? {} : { headers: { 'idempotency-key': saveId } }),
        }),
        'PUT /api/content/{space}/{tool}',
      ),
    contentChanges: (space, tool, since) =>
      request(
        'GET',
        `/api/content/${p(space)}/${p(tool)}/changes${query({ since })}`,
        contentChangesSchema,
        { auth: true, notFoundAsNull: true },
      ),
    history: (space, tool, page) =>
      required(
        request(
          'GET',
          `/api/content/${p(space)}/${p(tool)}/history${query({ before: page.before, limit: page.limit })}`,
          historyPageSchema,
          { auth: true },
        ),
        'GET /api/content/{space}/{tool}/history',
      ),
    historyVersion: (space, tool, version, from) =>
      required(
        request(
          'GET',
          `/api/content/${p(space)}/${p(tool)}/history/${String(version)}${query({ from })}`,
          historyVersionSchema,
          { auth: true },
        ),
        'GET /api/content/{space}/{tool}/history/{version}',
      ),
    historyChanges: (space, tool, version, after) =>
      required(
        request(
          'GET',
          `/api/content/${p(space)}/${p(tool)}/history/${String(version)}/changes${query({ after })}`,
          historyChangesSchema,
          { auth: true },
        ),
        'GET /api/content/{space}/{tool}/history/{version}/changes',
      ),
  };
}

/** `?a=1&b=2` of the defined `params` ('' when none is). */
function query(params: Record<string, number | undefined>): string {
  const defined = Object.entries(params).flatMap(([key, value]): [string, string][] =>
    value === undefined ? [] : [[key, String(value)]],
  );
  return defined.length === 0 ? '' : `?${new URLSearchParams(defined).toString()}`;
}

function errorDetail(text: string): string | null {
  try {
    const parsed = errorBodySchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data.detail : null;
  } catch {
    return null;
  }
}

function unexpected(label: string, why: string, cause?: unknown): CliError {
  return new CliError(`Unexpected answer from the server to ${label}: ${why}`, EXIT.failure, {
    cause,
  });
}

/** fetch's rejection → 'Cannot reach the server at …: <reason>' (exit 6). */
function networkError(server: string, error: unknown): CliError {
  const reason = networkReason(error);
  return new CliError(`Cannot reach the server at ${server}: ${reason}`, EXIT.network, {
    cause: error,
    hint: 'Check the address (--server or CIPHERSPACE_SERVER) and your connection.',
  });
}

function networkReason(error: unknown): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return `no answer within ${REQUEST_TIMEOUT_MS / 1000} s`;
  }
  // undici wraps the socket error: TypeError('fetch failed', { cause: Error('connect ECONNREFUSED …') }).
  const cause = error instanceof Error ? error.cause : undefined;
  if (cause instanceof Error) {
    if (cause.message) return cause.message;
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  if (error instanceof Error && error.message) return error.message;
  return String(error);
}
