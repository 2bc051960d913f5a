/** Recognises PostgreSQL errors through Drizzle's wrapper, on postgres.js and PGlite alike. */

/** SQLSTATE 23505: a unique index refused the row. */
export function isUniqueViolation(error: unknown): boolean {
  return sqlState(error) === '23505';
}

function sqlState(error: unknown): string | undefined {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current !== 'object') return undefined;
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
