/**
 * Reading a stored content record as the API answers it (spec §7 content calls: `content_metadata`
 * holds the version the server assigned), shared by the content transport and the offline cache.
 */

/**
 * The version in a record's `content_metadata`: an integer ≥ 1. Throws 'Content record without a
 * version' for anything else (an answer no server of ours sends).
 */
export function contentVersion(metadata: unknown): number {
  const version = (metadata as { version?: unknown } | null)?.version;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1)
    throw new Error('Content record without a version');
  return version;
}
