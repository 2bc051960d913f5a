/**
 * How much of a request body the server reads (spec §9; §7 413). Every route takes at most
 * {@link SMALL_BODY_LIMIT_BYTES}; only a content save takes up to BODY_LIMIT_BYTES, and only once
 * its session is known to be live, so a client without one never makes the server read, parse or
 * validate more than a few KiB. Every JSON body is also held to {@link JSON_MAX_VALUES} values and
 * {@link JSON_MAX_DEPTH} levels, counted as it arrives (JSONShape): a body of 850,000 keys is
 * refused after the first 20,000, at the cost of reading that far — never parsed or validated
 * whole. Refusals are 413 `{detail}`.
 *
 * Used by the REST routes (contract/route.ts) and the tRPC endpoint (server app.ts) alike.
 */
import { Readable } from 'node:stream';

import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Largest request body, in bytes, of every route but a content save, and of a content save sent
 * without a live session: 16 KiB. The largest valid body of those routes (a login, a space or
 * user with the longest names and both verifiers) is under 2 KiB; a save's caller metadata is at
 * most CONTENT_METADATA_MAX_BYTES (16 KiB) on its own, so a save needs a session to send it.
 */
export const SMALL_BODY_LIMIT_BYTES = 16 * 1024;

/**
 * Most JSON values one body may hold (object members and array elements, counted as
 * containers plus commas): 20,000. A save's metadata of 16 KiB holds at most ~8,200 values.
 */
export const JSON_MAX_VALUES = 20_000;

/** Deepest nesting of objects and arrays a JSON body may have: 64 levels. */
export const JSON_MAX_DEPTH = 64;

/** A body refused for its size or shape: 413 `{detail: message}`. */
export class BodyTooLargeError extends Error {
  readonly statusCode = 413;
}

/** The 413 detail of a body over `limitBytes`. */
export function tooLargeDetail(limitBytes: number): string {
  return `Request body is too large (at most ${limitBytes} bytes here)`;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;
const COMMA = 0x2c;

/**
 * Counts the values and nesting of a JSON text fed to it in pieces (any split, also inside a
 * string or an escape). It does not validate: malformed text is the parser's to refuse; it only
 * stops a text before it is parsed when it holds more than `maxValues` values or nests deeper
 * than `maxDepth`. Linear in the bytes fed; the characters inside strings are skipped with
 * `indexOf`, so a save's large ciphertext costs almost nothing.
 */
export class JsonShape {
  private depth = 0;
  private values = 0;
  private inString = false;
  private escaped = false;

  constructor(
    private readonly maxValues = JSON_MAX_VALUES,
    private readonly maxDepth = JSON_MAX_DEPTH,
  ) {}

  /** Feeds the next piece; returns why the text is refused, or null while it is within bounds. */
  write(chunk: Uint8Array): string | null {
    const buffer = Buffer.isBuffer(chunk)
      ? chunk
      : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length);
    const end = buffer.length;
    // Positions of the next quote and backslash at or after i (-1: none left in this piece).
    let nextQuote = -2;
    let nextBackslash = -2;
    let i = 0;
    while (i < end) {
      if (this.inString) {
        if (this.escaped) {
          this.escaped = false;
          i += 1;
          continue;
        }
        if (nextQuote !== -1 && nextQuote < i) nextQuote = buffer.indexOf(QUOTE, i);
        if (nextBackslash !== -1 && nextBackslash < i) {
          nextBackslash = buffer.indexOf(BACKSLASH, i);
        }
        if (nextQuote === -1 && nextBackslash === -1) return null;
        if (nextBackslash !== -1 && (nextQuote === -1 || nextBackslash < nextQuote)) {
          this.escaped = true;
          i = nextBackslash + 1;
        } else {
          this.inString = false;
          i = nextQuote + 1;
        }
        continue;
      }
      switch (buffer[i]) {
        case QUOTE:
          this.inString = true;
          break;
        case OPEN_BRACE:
        case OPEN_BRACKET:
          this.depth += 1;
          this.values += 1;
          if (this.depth > this.maxDepth) {
            return `Request JSON is nested deeper than ${this.maxDepth} levels`;
          }
          break;
        case CLOSE_BRACE:
        case CLOSE_BRACKET:
          if (this.depth > 0) this.depth -= 1;
          break;
        case COMMA:
          this.values += 1;
          break;
        default:
          break;
      }
      if (this.values > this.maxValues) {
        return `Request JSON holds more than ${this.maxValues} values`;
      }
      i += 1;
    }
    return null;
  }
}

/**
 * The body as the parser reads it: counted against `limitBytes` (null: the route's own limit
 * applies) and, for JSON, against JsonShape; the first piece over either bound ends the stream
 * with a BodyTooLargeError and nothing after it is read for the parser (the rest of the request
 * is left where it is: the answer drains it). The request is read only once the parser reads.
 */
class GuardedBody extends Readable {
  /** Read by Fastify's body reader (the bytes that came in, before any decoding). */
  receivedEncodedLength = 0;
  private started = false;

  constructor(
    private readonly source: Readable,
    private readonly limitBytes: number | null,
    private readonly shape: JsonShape | null,
  ) {
    super();
  }

  override _read(): void {
    if (!this.started) {
      this.started = true;
      this.source.on('data', this.onData);
      this.source.once('end', this.onEnd);
      this.source.once('error', this.onError);
    }
    this.source.resume();
  }

  private readonly onData = (chunk: Buffer) => {
    this.receivedEncodedLength += chunk.length;
    let problem: string | null = null;
    if (this.limitBytes !== null && this.receivedEncodedLength > this.limitBytes) {
      problem = tooLargeDetail(this.limitBytes);
    } else {
      problem = this.shape?.write(chunk) ?? null;
    }
    if (problem !== null) {
      this.detach();
      this.destroy(new BodyTooLargeError(problem));
      return;
    }
    if (!this.push(chunk)) this.source.pause();
  };

  private readonly onEnd = () => {
    this.detach();
    this.push(null);
  };

  private readonly onError = (error: Error) => {
    this.detach();
    this.destroy(error);
  };

  private detach(): void {
    this.source.pause();
    this.source.off('data', this.onData);
    this.source.off('end', this.onEnd);
    this.source.off('error', this.onError);
  }
}

/** The methods whose body Fastify never reads. */
const BODYLESS_METHODS = new Set(['GET', 'HEAD', 'TRACE']);

/** Whether the request's type is JSON (`application/json`, any parameters). */
function isJson(request: FastifyRequest): boolean {
  const type = request.headers['content-type'];
  return typeof type === 'string' && /^\s*application\/json\s*(;|$)/i.test(type);
}

/**
 * A route's `preParsing` hook. A body of at most `smallLimitBytes` is always read; a larger one
 * (announced by Content-Length, or growing past it when chunked) only when `allowsLarge(request)`
 * resolves true — then up to the route's `bodyLimit`. Otherwise: 413 `{detail}` before the body
 * is read (Content-Length), or as soon as it grows past the limit. A JSON body is held to
 * JsonShape's bounds in both cases (413 when over).
 */
export function guardBody(options: {
  smallLimitBytes: number;
  allowsLarge: (request: FastifyRequest) => Promise<boolean>;
}) {
  return async (
    request: FastifyRequest,
    _reply: FastifyReply,
    payload: Readable,
  ): Promise<Readable> => {
    // Fastify reads no body of these; the request's body is left to Node (or linger.ts).
    if (BODYLESS_METHODS.has(request.method)) return payload;
    const declared = request.headers['content-length'];
    const length = declared === undefined ? null : Number(declared);
    if (length === 0) return payload;
    const mayGrow = length === null || length > options.smallLimitBytes;
    const large = mayGrow && (await options.allowsLarge(request));
    if (mayGrow && !large && length !== null) {
      throw new BodyTooLargeError(tooLargeDetail(options.smallLimitBytes));
    }
    const limit = mayGrow && !large ? options.smallLimitBytes : null;
    const shape = isJson(request) ? new JsonShape() : null;
    if (limit === null && shape === null) return payload;
    return new GuardedBody(payload, limit, shape);
  };
}
