/**
 * `/api/*` operations the server package serves itself (`packages/server/src/app.ts`:
 * `/api/health`; `csrf.ts`: `/api/csrf`) and this package's `/api/openapi.json`. They are
 * described here so that the one document covers every `/api/*` path; the contract test
 * validates their answers against it like every other response.
 */
import type { OperationDoc } from './route.ts';
import {
  csrfTokenSchema,
  healthDegradedSchema,
  healthOkSchema,
  openApiDocumentSchema,
} from './schemas.ts';

export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PATH = '/api/docs';

export const healthOperation: OperationDoc = {
  method: 'GET',
  url: '/api/health',
  operationId: 'getHealth',
  summary: 'Health check',
  description:
    'For load balancers and monitoring: whether the database answers within 2 s and the ' +
    'cross-instance events are up.',
  tag: 'Service',
  access: 'public',
  pathParams: {},
  responses: {
    200: { description: 'Healthy.', schema: healthOkSchema },
    503: {
      description: 'The database does not answer, or cross-instance events are reconnecting.',
      schema: healthDegradedSchema,
    },
  },
};

export const csrfOperation: OperationDoc = {
  method: 'GET',
  url: '/api/csrf',
  operationId: 'getCsrfToken',
  summary: 'A CSRF token for browser clients',
  description:
    'Sets the `_csrf` cookie (HttpOnly, SameSite=Strict) and returns the token to send as ' +
    '`X-CSRF-Token` on non-GET requests that carry the cookie. Bearer-only clients (no cookie) ' +
    'do not need it.',
  tag: 'Service',
  access: 'public',
  pathParams: {},
  responses: {
    200: {
      description: 'The token.',
      schema: csrfTokenSchema,
      headers: { 'Set-Cookie': 'The `_csrf` cookie the token belongs to.' },
    },
  },
};

export const openApiOperation: OperationDoc = {
  method: 'GET',
  url: OPENAPI_PATH,
  operationId: 'getOpenApiDocument',
  summary: 'This document',
  description: `OpenAPI 3.1. An interactive reference of it is served at \`${DOCS_PATH}\`.`,
  tag: 'Service',
  access: 'public',
  pathParams: {},
  responses: { 200: { description: 'The document.', schema: openApiDocumentSchema } },
};
