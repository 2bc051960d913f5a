/**
 * The served API reference: `GET /api/openapi.json` is a sound OpenAPI 3.1
 * document that covers every `/api/*` route the server registers (and nothing it does not), and
 * `/api/docs` is Swagger UI whose page and assets load under the server's strict CSP.
 */
import { OPENAPI_PATH } from '@cipherspace/rest-adapter';
import { ApiContract } from '@cipherspace/rest-adapter/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { api, listRoutes, startTestServer, type TestServer } from './testing.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

describe('GET /api/openapi.json', () => {
  it('is an OpenAPI 3.1 document whose schemas compile and whose examples validate', async () => {
    const res = await api(server, 'GET', OPENAPI_PATH);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const contract = new ApiContract(res.body as Record<string, unknown>);
    expect(contract.documentProblems).toEqual([]);
    expect((res.body as { openapi: string }).openapi).toMatch(/^3\.1\.\d+$/);
    const schemes = (res.body as { components: { securitySchemes: Record<string, unknown> } })
      .components.securitySchemes;
    expect(schemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('documents exactly the /api routes the server registers', async () => {
    const res = await api(server, 'GET', OPENAPI_PATH);
    const document = res.body as { paths: Record<string, Record<string, unknown>> };
    const documented = new Set<string>();
    for (const [path, item] of Object.entries(document.paths)) {
      for (const method of Object.keys(item)) {
        documented.add(`${method.toUpperCase()} ${path.replace(/\{([^}]+)\}/g, ':$1')}`);
      }
    }
    const registered = listRoutes(server.app)
      .map(({ method, url }) => `${method} ${url}`)
      // /api/docs/* is the reference page itself (HTML, scripts, styles), not an operation.
      .filter((route) => / \/api(\/|$)/.test(route) && !/ \/api\/docs(\/|$)/.test(route));
    expect(registered.length).toBeGreaterThanOrEqual(22);
    expect([...documented].sort()).toEqual([...new Set(registered)].sort());
    for (const route of documented) {
      const [method, url] = route.split(' ') as [string, string];
      expect(server.app.hasRoute({ method, url }), route).toBe(true);
    }
  });
});

describe('/api/docs (Swagger UI)', () => {
  it('serves the reference page with no inline script, under script-src self', async () => {
    const res = await fetch(`${server.url}/api/docs`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    const html = await res.text();
    expect(html).toContain('<div id="swagger-ui">');
    // Every script is a file of our own origin.
    const scripts = [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThanOrEqual(3);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/src="\/api\/docs\/static\/[^"]+"/);
      expect(body?.trim()).toBe('');
    }
  });

  it('loads every asset the page references with 200 and a matching content type', async () => {
    const html = await (await fetch(`${server.url}/api/docs`)).text();
    const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1] ?? '');
    expect(assets).toEqual(
      expect.arrayContaining([
        '/api/docs/static/swagger-ui-bundle.js',
        '/api/docs/static/swagger-initializer.js',
        '/api/docs/static/swagger-ui.css',
      ]),
    );
    for (const asset of assets) {
      const res = await fetch(new URL(asset, `${server.url}/api/docs`));
      expect(res.status, asset).toBe(200);
      const type = res.headers.get('content-type') ?? '';
      if (asset.endsWith('.js')) expect(type, asset).toMatch(/javascript/);
      if (asset.endsWith('.css')) expect(type, asset).toMatch(/text\/css/);
      await res.arrayBuffer();
    }
    // The page loads the document from ./json: the same document as /api/openapi.json.
    const initializer = await (
      await fetch(`${server.url}/api/docs/static/swagger-initializer.js`)
    ).text();
    expect(initializer).toContain("resolveUrl('./json')");
    const [viaUi, served] = await Promise.all([
      fetch(`${server.url}/api/docs/json`).then((r) => r.json()),
      fetch(`${server.url}${OPENAPI_PATH}`).then((r) => r.json()),
    ]);
    expect(viaUi).toEqual(served);
  });
});
