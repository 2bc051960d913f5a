/**
 * Security headers on every answer, as `helmet` makes them.
 *
 * The Content-Security-Policy (exactly these directives, no helmet defaults mixed in):
 * - `default-src 'self'`; `script-src 'self'` — no inline script, no eval;
 * - `style-src 'self' 'unsafe-inline'` — Radix injects style tags;
 * - `connect-src 'self'` — `/api`, `/trpc` and their WebSockets (CSP3 lets 'self' match ws:/wss:
 *   on the page's own host);
 * - `img-src 'self' data:`;
 * - `frame-src` the diagram editor only: `'self'` for the bundled draw.io at /diagram-editor/
 *   (DIAGRAM_EDITOR_URL unset), else the configured editor's origin (spec §7 Notes). With `'self'`
 *   the editor frame can only ever show our own server's documents, which is what lets the web app
 *   post a drawing to its opaque origin (see diagram-editor.ts);
 * - `frame-ancestors 'none'` (and `X-Frame-Options: DENY`), `object-src 'none'`,
 *   `base-uri 'self'`, `form-action 'self'`.
 *
 * The other helmet headers keep their defaults (HSTS, nosniff, Referrer-Policy no-referrer,
 * Cross-Origin-Opener/Resource-Policy same-origin, …). No CORS headers are sent: the API serves
 * its own origin only.
 *
 * Every header is fixed, so helmet runs once, at start-up, and its headers go onto every
 * response object the HTTP server creates (Fastify's `http.ServerResponse` option) — before any
 * of Fastify's hooks could run. So they are also on the answers Fastify gives before routing
 * (400 for a bad %-escape, 414 for an over-long path parameter: `frameworkErrors`) and on Node's
 * own (400 for an HTTP/1.1 request without Host), which an `onRequest` hook never sees. Refused
 * WebSocket upgrades are answered through a response @fastify/websocket makes itself: they get
 * them in an `onRequest` hook (and in `frameworkErrors`). The answers written straight to the
 * socket for bytes Node's parser rejects (431 for a 20 KB URL, 400 for a malformed request
 * line) get them from client-error.ts. A handler can still override one (`reply.header`).
 */
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';

import helmet, { type HelmetOptions } from 'helmet';

/**
 * The CSP directives (helmet's camelCase names) for an external diagram editor at
 * `diagramEditorUrl`, or for the bundled one when it is undefined.
 */
export function cspDirectives(diagramEditorUrl: string | undefined): Record<string, string[]> {
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    connectSrc: ["'self'"],
    imgSrc: ["'self'", 'data:'],
    frameSrc: [diagramEditorUrl === undefined ? "'self'" : new URL(diagramEditorUrl).origin],
    frameAncestors: ["'none'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
  };
}

/** The security headers as `[lower-case name, value]` pairs, in the order helmet sets them. */
export type SecurityHeaders = readonly (readonly [string, string])[];

/**
 * The headers helmet sets with our options for an external diagram editor at
 * `diagramEditorUrl` (undefined: the bundled one): helmet's middleware run once on a response
 * that is never sent.
 */
export function securityHeaders(diagramEditorUrl: string | undefined): SecurityHeaders {
  const options: HelmetOptions = {
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(diagramEditorUrl) },
    frameguard: { action: 'deny' },
  };
  const request = new IncomingMessage(new Socket());
  const response = new ServerResponse(request);
  // helmet ≥ 8.1 throws on invalid options itself; `next` only says it is done.
  helmet(options)(request, response, () => undefined);
  return Object.entries(response.getHeaders()).map(([name, value]) => [name, String(value)]);
}

/** The security headers on every kind of answer; see {@link secureResponses}. */
export interface SecureResponses {
  /** The headers, for answers written straight to a socket (client-error.ts). */
  readonly headers: SecurityHeaders;
  /** For Fastify's `http: { ServerResponse }`: every response Node's HTTP server creates has them. */
  readonly ServerResponse: typeof ServerResponse;
  /**
   * Sets them on `response` unless it is one of {@link ServerResponse}'s (a response some other
   * code made: @fastify/websocket's for an upgrade request, which Node's server never sees).
   */
  applyTo(response: ServerResponse): void;
}

/**
 * The security headers for an external diagram editor at `diagramEditorUrl` (undefined: the
 * bundled one) and the ways onto every
 * answer: Fastify's `http` option for responses Node creates, {@link SecureResponses.applyTo} in
 * an `onRequest` hook and in `frameworkErrors` for the others, and the headers themselves for
 * raw answers.
 */
export function secureResponses(diagramEditorUrl: string | undefined): SecureResponses {
  const headers = securityHeaders(diagramEditorUrl);
  const setAll = (response: ServerResponse) => {
    for (const [name, value] of headers) response.setHeader(name, value);
  };
  class SecureServerResponse<
    Request extends IncomingMessage = IncomingMessage,
  > extends ServerResponse<Request> {
    constructor(...args: ConstructorParameters<typeof ServerResponse<Request>>) {
      super(...args);
      setAll(this);
    }
  }
  return {
    headers,
    ServerResponse: SecureServerResponse,
    applyTo(response) {
      if (!(response instanceof SecureServerResponse) && !response.headersSent) setAll(response);
    },
  };
}
