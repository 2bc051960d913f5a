/**
 * One definition per REST route, used both to register the route and to document it.
 *
 * A {@link RestRoute} names the tRPC procedure the route calls. The procedure's zod input is what
 * validates the request (inside the procedure, as on every other way in), and the same schema
 * documents it: path and query parameters are the input fields the URL fills, the JSON body is
 * the rest.
 * The success response is encoded with the route's response schema (`schemas.ts`) before it is
 * sent, and that schema documents it. Error statuses the route can answer follow from its shape
 * (body, parameters, authentication, throttling) plus the ones the route lists itself.
 */
import {
  appRouter,
  ERROR,
  OPERATION_ENVELOPE_MAX_CHARS,
  OPERATIONS_PER_SAVE_MAX,
  type RouterInputs,
} from '@cipherspace/api';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';

import {
  guardBody,
  JSON_MAX_DEPTH,
  JSON_MAX_VALUES,
  SMALL_BODY_LIMIT_BYTES,
} from '../body-limit.ts';
import { callerFor, objectBody, type Caller, type CreateContext } from '../caller.ts';
import { errorSchema } from './schemas.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who may call: anyone; any live session; a member of the space in the path (another space's
 * session → 403); an admin of that space.
 */
export type Access = 'public' | 'session' | 'member' | 'admin';

/** The groups of the reference, in the order shown. */
export const TAGS = [
  { name: 'Spaces', description: 'Create, look up, configure and delete a space.' },
  { name: 'Authentication', description: 'Log in and out; the current session.' },
  { name: 'Users', description: 'Registration and the users of a space.' },
  {
    name: 'Content',
    description:
      'One encrypted document per tool and space. The server stores ciphertext only, guarded ' +
      'by a version counter.',
  },
  { name: 'Real-time', description: 'The raw WebSocket of a space (see docs/websocket.md).' },
  { name: 'Service', description: 'Health, CSRF token and this document.' },
] as const;
export type Tag = (typeof TAGS)[number]['name'];

/** Error statuses the REST contract uses; every error body is `{"detail": "…"}`. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 426 | 429 | 503;

/** Why a route answers an error status, optionally with the exact `detail` it sends. */
export interface ErrorDoc {
  description: string;
  detail?: string;
}

/** One documented answer of an operation. */
export interface ResponseDoc {
  description: string;
  /** The JSON body; absent when the answer has no body. */
  schema?: z.ZodType;
  /** An example body. */
  example?: unknown;
  /** Response headers worth knowing (name → description, all strings). */
  headers?: Record<string, string>;
}

/** A zod object schema whose fields are known to be zod schemas. */
export type ObjectSchema = z.ZodObject<Record<string, z.ZodType>>;

/** One operation exactly as the OpenAPI document shows it. */
export interface OperationDoc {
  method: HttpMethod;
  /** Fastify pattern, e.g. `/api/spaces/:spaceName`. */
  url: string;
  operationId: string;
  summary: string;
  description?: string;
  tag: Tag;
  access: Access;
  /** How a non-public operation takes the token (default: the `Authorization` header). */
  credentials?: 'bearer' | 'query-token';
  /** URL parameter name → its schema. */
  pathParams: Record<string, z.ZodType>;
  /** Query parameters (an object schema whose fields are the parameters). */
  query?: ObjectSchema;
  /** Request header parameters, all optional (an object schema keyed by header name). */
  headers?: ObjectSchema;
  body?: { schema: z.ZodType; description?: string };
  responses: Partial<Record<number, ResponseDoc>>;
}

/** `router.procedure` paths of the tRPC API. */
export type AnyProcedurePath = {
  [R in keyof RouterInputs]: `${R & string}.${keyof RouterInputs[R] & string}`;
}[keyof RouterInputs];

/** The procedures a REST route may call (the real-time ones belong to the WebSocket). */
export type ProcedurePath = Exclude<AnyProcedurePath, `realtime.${string}`>;

interface RouteBase {
  method: HttpMethod;
  /** Fastify pattern, e.g. `/api/spaces/:spaceName`. */
  url: string;
  operationId: string;
  summary: string;
  description?: string;
  tag: Tag;
  access: Access;
  /** The procedure the route calls with `{...body, ...params}`. */
  procedure: ProcedurePath;
  /** URL parameter → the procedure input field it fills (`{spaceName: 'space_name'}`). */
  params?: Readonly<Record<string, string>>;
  /**
   * Query parameter → the procedure input field it fills (`{since: 'since'}`). A value the
   * field's schema refuses as text but that is written as a decimal number is passed as that
   * number (URLs carry text only; path parameters are read the same way); the procedure's
   * schema validates it either way.
   */
  query?: Readonly<Record<string, string>>;
  /**
   * Request header → the procedure input field it fills (`{'Idempotency-Key': 'save_id'}`);
   * optional. The body may carry the field too; the header, when sent, wins.
   */
  headers?: Readonly<Record<string, string>>;
  /** What the body means beyond its fields (rules a JSON Schema cannot express). */
  bodyDescription?: string;
  /**
   * Field descriptions particular to this route (field → text), replacing the shared ones of
   * FIELD_DESCRIPTIONS where a field means something else here (login's `space_name`).
   */
  fieldDescriptions?: Readonly<Record<string, string>>;
  /** Error statuses particular to this route (the generic ones are added from its shape). */
  errors?: Partial<Record<ErrorStatus, ErrorDoc>>;
  /** Counted by the login/registration/creation throttle (429). */
  throttled?: boolean;
  /**
   * Takes a body of up to BODY_LIMIT_BYTES once the bearer token is a live session (a content
   * save); every other route, and this one without a live session, takes at most
   * SMALL_BODY_LIMIT_BYTES (body-limit.ts). Larger → 413.
   */
  largeBody?: boolean;
}

/** A REST route: a procedure behind a path, with its documented success answer. */
export type RestRoute = RouteBase &
  (
    | { success: { status: 200 | 201; description: string; schema: z.ZodType } }
    | { success: { status: 204; description: string } }
  );

/** The generic reasons for an error status, by what a route looks like. */
export const GENERIC_ERRORS = {
  malformed: 'The body is not valid JSON, or a path segment is not valid URL encoding.',
  badPath: 'A path segment is not valid URL encoding.',
  csrf:
    'Refused as cross-site request forgery: a browser request from another site, or a request ' +
    'that sends the `_csrf` cookie without the matching `X-CSRF-Token` header (GET /api/csrf).',
  unauthorized:
    'No bearer token, or a forged or expired one (sessions expire after 30 minutes idle).',
  otherSpace: 'The session belongs to another space.',
  adminOnly: 'Only admins of the space may do this.',
  tooLarge:
    `The body is larger than ${SMALL_BODY_LIMIT_BYTES} bytes (16 KiB), or its JSON holds more ` +
    `than ${JSON_MAX_VALUES} values or nests deeper than ${JSON_MAX_DEPTH} levels.`,
  tooLargeContent:
    'The body is larger than the server accepts: BODY_LIMIT_BYTES (10 MiB by default) with a ' +
    `live session, ${SMALL_BODY_LIMIT_BYTES} bytes (16 KiB) without one (the session is checked ` +
    `before a larger body is read); or its JSON holds more than ${JSON_MAX_VALUES} values or ` +
    `nests deeper than ${JSON_MAX_DEPTH} levels.`,
  unsupportedType: 'The body is not `application/json`.',
  invalid:
    'A field or path parameter breaks a validation rule (spec §5); `detail` is the message of ' +
    'the first rule broken.',
  unavailable: 'The database is unreachable or restarting; try again in a moment.',
  throttled:
    'Too many login, registration or creation attempts from this client or for this account; ' +
    'try again after `Retry-After` seconds.',
} as const;

/**
 * What the request fields mean, for the document (the procedures' zod inputs carry the rules;
 * these descriptions are attached to copies of them with `.meta()` and change no validation).
 */
const FIELD_DESCRIPTIONS: Record<string, string> = {
  space_name:
    'The space name. A new name: 3–100 letters, digits, spaces and dashes (spec §5), none ' +
    'invisible, all letters of one script, and neither the same as a taken name ignoring case, ' +
    'compatibility forms and spacing nor looking the same (README, Names nobody can impersonate).',
  encrypted_space_name:
    'The space-name verifier: base64(PBKDF2-HMAC-SHA-256(UTF-8(space key + U+0000 + space ' +
    "name), salt 'cipherspace/space-name-verifier/v1', 100000 iterations, 32 bytes)) — " +
    '44 characters (packages/crypto/README.md §4). Never the space key itself.',
  encrypted_password:
    'The password verifier: as above with the password instead of the space name and salt ' +
    "'cipherspace/password-verifier/v1'. Never the password itself.",
  username:
    'Unique within the space (ignoring case, compatibility forms and spacing; no look-alike of ' +
    'a taken name either), 1–50 characters. A new name has no invisible characters and the ' +
    'letters of one script; logging in takes any name.',
  role: '`admin` or `member`.',
  force_user_passwords: 'Every user of the space must have a password.',
  allow_self_registration: 'Users may register themselves (besides the first, who always may).',
  encrypted_data:
    'The envelope `{"data","iv","salt"}` (base64 members) as a JSON text: AES-256-GCM with a ' +
    'key derived from the space key by PBKDF2 (packages/crypto/README.md §3). Stored and ' +
    'returned byte for byte.',
  metadata:
    'Stored unencrypted next to the content. `version` is the version your edit is based on ' +
    '(0 or absent for the first save); other members are kept and returned in ' +
    '`content_metadata`.',
  operations:
    'Optional: the encrypted operations that turn version `metadata.version` into this ' +
    `content, in the order applied — 1 to ${OPERATIONS_PER_SAVE_MAX} operation envelopes of ` +
    `at most ${OPERATION_ENVELOPE_MAX_CHARS} characters each: \`op1\` envelopes under the ` +
    "space's operations key (packages/crypto/README.md §10–§11), never the content envelope " +
    'of `encrypted_data`. They are stored with the new version (see the `changes` path) and ' +
    'sent to the other members in `content_update`, so that they apply the change instead of ' +
    'loading the whole content. Leave it out when you replace the content as a whole: the save ' +
    'is then recorded as a replacement and members load the new content.',
  save_id:
    'Optional, makes the save exactly-once (IETF draft "The Idempotency-Key HTTP Header Field"): ' +
    'a random id of this save operation, 1–128 visible ASCII characters without spaces (a ' +
    'UUID, say), sent again unchanged when you retry the same save because its answer was lost ' +
    '(a network error, a dropped connection); as a header or a body field (the header wins). ' +
    'A repeated key is answered with the original ' +
    'result — same version, same metadata, nothing stored twice — instead of a 409; the ' +
    'server remembers keys per space, tool and member for 24 hours. A key is yours: another ' +
    "member's equal key is another save and never gets your answer. A key is bound to the body " +
    'it came with (the SHA-256 of `encrypted_data`, `metadata` and `operations` as canonical ' +
    'JSON): the same key with another body is refused with 422, nothing stored. Use a new key ' +
    'for every new save, also when you re-apply a change after a 409.',
  since:
    'The version your copy of the content is at (`content_metadata.version` of your last load ' +
    'or save); 0 for none.',
  after:
    'Only the changes after this version: the `next_after` of the answer before (of ' +
    '`…/history/{version}` or of this path).',
  before:
    'Only versions below this one (the last `version` of the previous page); absent: from the current version.',
  limit: 'How many versions to answer, 1–100 (default 50).',
  from:
    'Optional, a whole number ≥ 1: rebuild from the newest kept snapshot at or before `from` ' +
    'instead of at or before `version`, so that `changes` holds every version after `from` up ' +
    'to `version` — what describes a page of the version list, each version by its ' +
    'operations. A `from` at or above `version` changes nothing. Absent: `changes` starts ' +
    'after the newest snapshot at or before `version`. Not a whole number ≥ 1 → 422.',
};

/** Example values of request fields (the verifiers and envelope of packages/crypto's vectors). */
const FIELD_EXAMPLES: Record<string, unknown> = {
  space_name: 'Alpha Team',
  encrypted_space_name: 'kTx7gezlwPX3Ta8XvWr8r6TqRW/tzYqBGcccC45O1nY=',
  encrypted_password: 'p0oVE+9Ina4TjbuIDJjQyJaAa/ZaHlMiwX6lvWEou2k=',
  username: 'alice',
  encrypted_data:
    '{"data":"O0Bj49T3GHrJzoqKlwNAMSAQ","iv":"EBESExQVFhcYGRob","salt":"QEFCQ0RFRkdISUpLTE1OT1BRUlNUVVZXWFlaW1xdXl8="}',
  metadata: { version: 2 },
  operations: [
    '{"v":"op1","data":"BEe1Ior46K6o9KIajGo6Wl/p","iv":"EBESExQVFhcYGRob","salt":"QEFCQ0RFRkdISUpLTE1OT1BRUlNUVVZXWFlaW1xdXl8="}',
  ],
  save_id: '4f1c2a7e-9b3d-4e8a-b6f0-2d5c8e1a3b97',
  since: 7,
  after: 30,
  before: 51,
  limit: 50,
};

/**
 * A body (or query) schema with field descriptions and examples attached (for the document
 * only).
 */
function described(
  body: ObjectSchema,
  descriptions: Readonly<Record<string, string>> = {},
): ObjectSchema {
  const fields = Object.entries(body.shape).map(
    ([field, schema]) => [field, describedField(field, schema, descriptions[field])] as const,
  );
  return z.object(Object.fromEntries(fields));
}

/** The schema of the input field `field` with its description (`own`, else the shared one) and example attached. */
function describedField(field: string, schema: z.ZodType, own?: string): z.ZodType {
  const description = own ?? FIELD_DESCRIPTIONS[field];
  const example = FIELD_EXAMPLES[field];
  const meta = {
    ...(description !== undefined ? { description } : {}),
    ...(example !== undefined ? { examples: [example] } : {}),
  };
  return Object.keys(meta).length > 0 ? schema.meta(meta) : schema;
}

const PROCEDURES = appRouter._def.procedures as unknown as Record<
  string,
  { _def: { inputs: unknown[] } } | undefined
>;

/**
 * The zod input of a procedure: its object inputs merged (a member procedure's `{space_name}`
 * plus its own fields), or null when it takes none. @throws when an input is not an object.
 */
export function procedureInput(path: AnyProcedurePath): ObjectSchema | null {
  const procedure = PROCEDURES[path];
  if (!procedure) throw new Error(`No procedure ${path}`);
  const inputs = procedure._def.inputs;
  if (inputs.length === 0) return null;
  let shape: Record<string, z.ZodType> = {};
  for (const input of inputs) {
    if (!(input instanceof z.ZodObject)) throw new Error(`${path}: input is not a zod object`);
    shape = { ...shape, ...(input.shape as Record<string, z.ZodType>) };
  }
  return z.object(shape);
}

/**
 * Path parameter schemas, query parameter schemas (an object keyed by parameter name, null
 * when none) and the body schema of a route, split out of its procedure input.
 * @throws when the route names an input field its procedure does not have.
 */
export function routeInput(route: RestRoute): {
  pathParams: Record<string, z.ZodType>;
  query: ObjectSchema | null;
  headers: ObjectSchema | null;
  body: ObjectSchema | null;
} {
  const input = procedureInput(route.procedure);
  const fieldSchema = (field: string) => {
    const schema = input?.shape[field];
    if (!schema) throw new Error(`${route.operationId}: ${route.procedure} has no input ${field}`);
    return schema;
  };
  const pathParams: Record<string, z.ZodType> = {};
  const queryParams: Record<string, z.ZodType> = {};
  const fromUrl: Record<string, true> = {};
  for (const [param, field] of Object.entries(route.params ?? {})) {
    pathParams[param] = fieldSchema(field);
    fromUrl[field] = true;
  }
  for (const [param, field] of Object.entries(route.query ?? {})) {
    queryParams[param] = fieldSchema(field);
    fromUrl[field] = true;
  }
  const headerParams: Record<string, z.ZodType> = {};
  for (const [header, field] of Object.entries(route.headers ?? {})) {
    headerParams[header] = describedField(field, fieldSchema(field));
  }
  const body = input ? input.omit(fromUrl) : null;
  const hasBody = body !== null && Object.keys(body.shape).length > 0;
  if (hasBody && (route.method === 'GET' || route.method === 'DELETE')) {
    throw new Error(`${route.operationId}: a ${route.method} route cannot take a body`);
  }
  return {
    pathParams,
    query: Object.keys(queryParams).length > 0 ? z.object(queryParams) : null,
    headers: Object.keys(headerParams).length > 0 ? z.object(headerParams) : null,
    body: hasBody ? body : null,
  };
}

/** What the server answers in the generic cases (for the examples of the document). */
const EXAMPLE_DETAILS = {
  malformed: "Body is not valid JSON but content-type is set to 'application/json'",
  badPath: "'/api/spaces/%E0%A4%A' is not a valid url component",
  csrf: 'Cross-site request refused',
  tooLarge: 'Request body is too large',
  unsupportedType: 'Unsupported Media Type',
  throttled: 'Too many attempts. Please try again in 60 seconds.',
} as const;

/**
 * A real 422 detail of the route: the first rule an empty body breaks, else the first rule a
 * path parameter with a control character breaks — computed with the procedure's own schema.
 */
function invalidInputExample(route: RestRoute, body: ObjectSchema | null): string | undefined {
  const emptyBody = body?.safeParse({});
  if (emptyBody && !emptyBody.success) return emptyBody.error.issues[0]?.message;
  const input = procedureInput(route.procedure);
  const badParams = Object.fromEntries(
    Object.values(route.params ?? {}).map((field) => [field, '\u0000']),
  );
  const parsed = input?.safeParse(badParams);
  return parsed && !parsed.success ? parsed.error.issues[0]?.message : undefined;
}

/** The documentation of a REST route: its inputs, success answer and every error status. */
export function describeRoute(route: RestRoute): OperationDoc {
  const { pathParams, query, headers, body } = routeInput(route);
  const hasParams = Object.keys(pathParams).length > 0 || query !== null || headers !== null;
  const reasons: Partial<Record<ErrorStatus, string[]>> = {};
  const add = (status: ErrorStatus, reason: string) => {
    (reasons[status] ??= []).push(reason);
  };
  if (body) add(400, GENERIC_ERRORS.malformed);
  else if (hasParams) add(400, GENERIC_ERRORS.badPath);
  if (route.access !== 'public') add(401, GENERIC_ERRORS.unauthorized);
  if (route.access === 'member' || route.access === 'admin') add(403, GENERIC_ERRORS.otherSpace);
  if (route.access === 'admin') add(403, GENERIC_ERRORS.adminOnly);
  if (route.method !== 'GET') add(403, GENERIC_ERRORS.csrf);
  if (body) add(413, route.largeBody ? GENERIC_ERRORS.tooLargeContent : GENERIC_ERRORS.tooLarge);
  if (body) add(415, GENERIC_ERRORS.unsupportedType);
  if (body || hasParams) add(422, GENERIC_ERRORS.invalid);
  if (route.throttled) add(429, GENERIC_ERRORS.throttled);
  add(503, GENERIC_ERRORS.unavailable);

  const examples: Partial<Record<ErrorStatus, string>> = {
    400: body ? EXAMPLE_DETAILS.malformed : EXAMPLE_DETAILS.badPath,
    401: ERROR.authRequired,
    403:
      route.access === 'admin'
        ? ERROR.adminOnly
        : route.access === 'member'
          ? ERROR.otherSpace
          : EXAMPLE_DETAILS.csrf,
    413: EXAMPLE_DETAILS.tooLarge,
    415: EXAMPLE_DETAILS.unsupportedType,
    422: invalidInputExample(route, body),
    429: EXAMPLE_DETAILS.throttled,
    503: ERROR.databaseUnavailable,
  };
  for (const [key, error] of Object.entries(route.errors ?? {})) {
    const status = Number(key) as ErrorStatus;
    (reasons[status] ??= []).unshift(error.description);
    if (error.detail !== undefined) examples[status] = error.detail;
  }

  const responses: Partial<Record<number, ResponseDoc>> = {
    [route.success.status]: {
      description: route.success.description,
      ...('schema' in route.success ? { schema: route.success.schema } : {}),
    },
  };
  for (const [key, list] of Object.entries(reasons)) {
    const status = Number(key) as ErrorStatus;
    const detail = examples[status];
    responses[status] = {
      description: list.length === 1 ? list.join('') : list.map((item) => `- ${item}`).join('\n'),
      schema: errorSchema,
      ...(detail !== undefined ? { example: { detail } } : {}),
      ...(status === 429
        ? { headers: { 'Retry-After': 'Seconds until the client may try again.' } }
        : {}),
    };
  }

  return {
    method: route.method,
    url: route.url,
    operationId: route.operationId,
    summary: route.summary,
    ...(route.description !== undefined ? { description: route.description } : {}),
    tag: route.tag,
    access: route.access,
    pathParams,
    ...(query ? { query: described(query, route.fieldDescriptions) } : {}),
    ...(headers ? { headers } : {}),
    ...(body
      ? {
          body: {
            schema: described(body, route.fieldDescriptions),
            ...(route.bodyDescription !== undefined ? { description: route.bodyDescription } : {}),
          },
        }
      : {}),
    responses,
  };
}

/** A decimal number written in a query string (`7`, `-1`, `1.5`). */
const DECIMAL = /^-?\d{1,16}(\.\d{1,16})?$/;

/**
 * A path or query parameter's value for the procedure input: the text as is, unless the field's
 * schema refuses it as text and it is a decimal number — then that number. Anything else
 * (absent, repeated, not a number) goes through unchanged and the procedure's schema refuses it
 * (422).
 */
function urlValue(raw: unknown, schema: z.ZodType | undefined): unknown {
  if (typeof raw !== 'string' || !DECIMAL.test(raw)) return raw;
  return schema?.safeParse(raw).success ? raw : Number(raw);
}

type ProcedureFn = (input?: unknown) => Promise<unknown>;

/** The caller's function for `router.procedure`. */
function procedureOf(caller: Caller, path: ProcedurePath): ProcedureFn {
  const [routerName, procedureName] = path.split('.') as [string, string];
  const routers = caller as unknown as Record<string, Record<string, ProcedureFn>>;
  const fn = routers[routerName]?.[procedureName];
  if (!fn) throw new Error(`No procedure ${path}`);
  return fn;
}

/**
 * Registers a route: `{...JSON body, ...path parameters, ...header fields}` → the procedure (which validates it)
 * → the success status with the output encoded by the response schema (no body for 204). The
 * body is read as body-limit.ts says: up to `bodyLimitBytes` for a `largeBody` route with a live
 * session, else up to SMALL_BODY_LIMIT_BYTES (or `bodyLimitBytes` when smaller); 413 beyond.
 */
export function registerRoute(
  app: FastifyInstance,
  route: RestRoute,
  createContext: CreateContext,
  bodyLimitBytes: number,
): void {
  const { body, query, pathParams } = routeInput(route);
  const takesInput = procedureInput(route.procedure) !== null;
  const params = Object.entries(route.params ?? {}).map(
    ([param, field]) => [param, field, pathParams[param]] as const,
  );
  const queryFields = Object.entries(route.query ?? {}).map(
    ([param, field]) => [param, field, query?.shape[param]] as const,
  );
  // Node gives header names in lower case; a repeated header arrives as an array (422).
  const headerFields = Object.entries(route.headers ?? {}).map(
    ([header, field]) => [header.toLowerCase(), field] as const,
  );
  const smallLimitBytes = Math.min(SMALL_BODY_LIMIT_BYTES, bodyLimitBytes);
  const largeBody = route.largeBody === true && bodyLimitBytes > smallLimitBytes;
  app.route({
    method: route.method,
    url: route.url,
    bodyLimit: largeBody ? bodyLimitBytes : smallLimitBytes,
    preParsing: guardBody({
      smallLimitBytes,
      allowsLarge: async (request) =>
        largeBody && (await createContext({ headers: request.headers }).authenticate()) !== null,
    }),
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      const input: Record<string, unknown> = body ? { ...objectBody(request) } : {};
      const values = request.params as Record<string, string | undefined>;
      for (const [param, field, schema] of params) input[field] = urlValue(values[param], schema);
      const queryValues = (request.query ?? {}) as Record<string, unknown>;
      for (const [param, field, schema] of queryFields) {
        input[field] = urlValue(queryValues[param], schema);
      }
      for (const [header, field] of headerFields) {
        const value = request.headers[header];
        if (value !== undefined) input[field] = value;
      }
      const call = procedureOf(callerFor(createContext, request), route.procedure);
      const output = await (takesInput ? call(input) : call());
      const { success } = route;
      if (!('schema' in success)) return reply.code(204).send();
      return reply.code(success.status).send(z.encode(success.schema, output));
    },
  });
}
