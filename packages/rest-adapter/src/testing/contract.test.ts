/**
 * The contract checker over the generated document: it accepts what the routes send and
 * rejects every kind of drift (so the integration suite's contract check can fail).
 */
import { describe, expect, it } from 'vitest';

import { openApiDocument } from '../index.ts';
import { ApiContract } from './contract.ts';

const contract = new ApiContract(openApiDocument() as unknown as Record<string, unknown>);

const space = {
  name: 'Alpha Team',
  force_user_passwords: false,
  allow_self_registration: true,
  created_at: '2025-01-31T12:00:00.000Z',
};
const user = {
  id: '0b5e8a7e-4f7c-4d3c-9a55-2f0f7c1b9e11',
  username: 'alice',
  role: 'admin',
  created_at: '2025-01-31T12:00:00.000Z',
};

describe('ApiContract', () => {
  it('finds no problem in the generated document (3.1, every schema compiles, examples valid)', () => {
    expect(contract.documentProblems).toEqual([]);
    expect(contract.document.openapi).toBe('3.1.1');
    expect(contract.operations.length).toBeGreaterThanOrEqual(22);
  });

  it('accepts documented answers', () => {
    expect(
      contract.violations({
        method: 'GET',
        path: '/api/spaces/Alpha%20Team',
        status: 200,
        body: space,
      }),
    ).toEqual([]);
    expect(
      contract.violations({
        method: 'POST',
        path: '/api/auth/login',
        status: 200,
        body: {
          access_token: 'abcdefghijklmnopqrstuvwxyz234567',
          token_type: 'bearer',
          expires_at: '2025-01-31T12:30:00.000Z',
          space,
          user,
        },
      }),
    ).toEqual([]);
    expect(
      contract.violations({
        method: 'DELETE',
        path: '/api/spaces/Alpha%20Team',
        status: 204,
        body: null,
      }),
    ).toEqual([]);
    expect(
      contract.violations({
        method: 'PUT',
        path: '/api/content/Alpha%20Team/kanban',
        status: 409,
        body: { detail: 'Content was modified by another user. Please try your changes again.' },
      }),
    ).toEqual([]);
  });

  it('rejects an undocumented field, a wrong type, a missing field and a bad timestamp', () => {
    const path = '/api/spaces/Alpha%20Team';
    const check = (body: unknown) =>
      contract.violations({ method: 'GET', path, status: 200, body });
    expect(check({ ...space, secret: 'x' })).not.toEqual([]);
    expect(check({ ...space, force_user_passwords: 'no' })).not.toEqual([]);
    const { created_at: _createdAt, ...withoutDate } = space;
    expect(check(withoutDate)).not.toEqual([]);
    expect(check({ ...space, created_at: 'yesterday' })).not.toEqual([]);
  });

  it('rejects an undocumented status, an error body other than {detail} and a body on 204', () => {
    expect(
      contract.violations({
        method: 'GET',
        path: '/api/spaces/x',
        status: 401,
        body: { detail: 'x' },
      }),
    ).toEqual([expect.stringContaining('status 401 is not documented')]);
    expect(
      contract.violations({
        method: 'GET',
        path: '/api/spaces/x',
        status: 404,
        body: { detail: 'Space not found', code: 'NOT_FOUND' },
      }),
    ).not.toEqual([]);
    expect(
      contract.violations({ method: 'DELETE', path: '/api/spaces/x', status: 204, body: {} }),
    ).toEqual([expect.stringContaining('has no body')]);
  });

  it('routes static segments before parameters, as the server does', () => {
    expect(contract.operationFor('GET', '/api/content/A/tools')?.template).toBe(
      '/api/content/{spaceName}/tools',
    );
    expect(contract.operationFor('GET', '/api/content/A/kanban')?.template).toBe(
      '/api/content/{spaceName}/{tool}',
    );
    expect(contract.operationFor('POST', '/api/spaces/create')?.template).toBe(
      '/api/spaces/create',
    );
    expect(contract.operationFor('DELETE', '/api/spaces/create')?.template).toBe(
      '/api/spaces/{spaceName}',
    );
    expect(contract.operationFor('HEAD', '/api/health?x=1')?.template).toBe('/api/health');
  });

  it('accepts 404 {detail} for an unknown /api path only, and skips paths outside /api', () => {
    expect(
      contract.violations({ method: 'GET', path: '/api/nope', status: 404, body: { detail: 'x' } }),
    ).toEqual([]);
    expect(
      contract.violations({ method: 'PATCH', path: '/api/spaces/x', status: 200, body: {} }),
    ).toEqual([expect.stringContaining('no documented operation')]);
    expect(
      contract.violations({ method: 'GET', path: '/trpc/x', status: 200, body: 'anything' }),
    ).toEqual([]);
  });

  it('reports a document that is not OpenAPI 3.1', () => {
    const old = new ApiContract({ openapi: '3.0.3', paths: {}, components: { schemas: {} } });
    expect(old.documentProblems).toEqual(
      expect.arrayContaining([expect.stringContaining('not 3.1.x')]),
    );
  });
});
