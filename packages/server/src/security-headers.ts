/**
 * Security headers on every response (issue 7 item 4), with `@fastify/helmet`.
 *
 * The Content-Security-Policy (exactly these directives, no helmet defaults mixed in):
 * - `default-src 'self'`; `script-src 'self'` — no inline script, no eval;
 * - `style-src 'self' 'unsafe-inline'` — Radix injects style tags;
 * - `connect-src 'self'` — `/api`, `/trpc` and their WebSockets (CSP3 lets 'self' match ws:/wss:
 *   on the page's own host);
 * - `img-src 'self' data:`;
 * - `frame-src` the diagram editor's origin only (DIAGRAM_EDITOR_URL, spec §7 Notes);
 * - `frame-ancestors 'none'` (and `X-Frame-Options: DENY`), `object-src 'none'`,
 *   `base-uri 'self'`, `form-action 'self'`.
 *
 * The other helmet headers keep their defaults (HSTS, nosniff, Referrer-Policy no-referrer,
 * Cross-Origin-Opener/Resource-Policy same-origin, …). No CORS headers are sent: the API serves
 * its own origin only.
 */
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** The CSP directives (helmet's camelCase names) for a diagram editor at `diagramEditorUrl`. */
export function cspDirectives(diagramEditorUrl: string): Record<string, string[]> {
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    connectSrc: ["'self'"],
    imgSrc: ["'self'", 'data:'],
    frameSrc: [new URL(diagramEditorUrl).origin],
    frameAncestors: ["'none'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
  };
}

/** Registers helmet for every route (register before any route, so 404s and files get it too). */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: { diagramEditorUrl: string },
): Promise<void> {
  await app.register(fastifyHelmet, {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: cspDirectives(options.diagramEditorUrl),
    },
    frameguard: { action: 'deny' },
  });
}
