/**
 * The error serializer of the logs (logging.ts): a failed query is logged without the values it
 * was bound to — in the shape Drizzle gives its errors ("Failed query: …\nparams: …", a `params`
 * member, a PostgreSQL error with `detail` and `where` as cause).
 */
import { describe, expect, it } from 'vitest';

import { serializeError } from './logging.ts';

const ENVELOPE = '{"data":"J01wVcP26byl/6IZdMOfYoC2j0Sd","iv":"JqfeHZjpvKCZgLLG","salt":"iuUA"}';

class QueryError extends Error {
  constructor(
    readonly query: string,
    readonly params: unknown[],
    cause: Error,
  ) {
    super(`Failed query: ${query}\nparams: ${params.join(',')}`, { cause });
  }
}

function postgresError(): Error {
  return Object.assign(new Error('invalid input syntax for type json'), {
    code: '22P02',
    detail: `Token "${ENVELOPE}" is invalid.`,
    where: `JSON data, line 1: ${ENVELOPE}`,
  });
}

describe('serializeError', () => {
  it('keeps type, message, stack, code and causes, without the bound values', () => {
    const failed = new QueryError(
      'insert into "tool_contents" ("encrypted_data") values ($1)',
      [ENVELOPE, 'kanban'],
      postgresError(),
    );
    const logged = serializeError(failed) as Record<string, unknown>;
    const text = JSON.stringify(logged);
    expect(text).not.toContain('J01wVcP26byl');
    expect(text).not.toContain('JqfeHZjpvKCZgLLG');
    expect(logged).toMatchObject({
      type: 'QueryError',
      message:
        'Failed query: insert into "tool_contents" ("encrypted_data") values ($1)\nparams: [redacted]',
      cause: { type: 'Error', message: 'invalid input syntax for type json', code: '22P02' },
    });
    expect(logged.stack).toMatch(
      /^Error: Failed query: insert into[^\n]*\nparams: \[redacted\]\n\s+at /,
    );
    expect(Object.keys(logged).sort()).toEqual(['cause', 'message', 'stack', 'type']);
  });

  it('redacts every "params:" of a message that repeats its cause', () => {
    const inner = new QueryError('select $1', [ENVELOPE], postgresError());
    const outer = new Error(`${inner.message}: ${inner.message}: reason`, { cause: inner });
    expect(JSON.stringify(serializeError(outer))).not.toContain('J01wVcP26byl');
  });

  it('logs a thrown non-error as it is, and stops after a few causes', () => {
    expect(serializeError('plain text' as unknown as Error)).toEqual({
      type: 'string',
      message: 'plain text',
      stack: '',
    });
    let error = new Error('root');
    for (let i = 0; i < 20; i++) error = new Error(`level ${i}`, { cause: error });
    const text = JSON.stringify(serializeError(error));
    expect(text.match(/"cause"/g)).toHaveLength(5);
  });
});
