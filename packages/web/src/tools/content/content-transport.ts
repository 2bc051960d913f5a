/**
 * The content lifecycle's ports bound to the real things: our `content.get` / `content.save`
 * procedures (spec §7 GET/PUT /api/content/{spaceName}/{tool}) and AES-GCM with the space key
 * (spec §9, `@cipherspace/crypto`). Works with the app's tRPC client and with a server-side
 * caller alike, so tests run the same mapping against a real server.
 */
import { decryptJson, encryptJson } from '@cipherspace/crypto';

import {
  VersionConflictError,
  type ContentCodec,
  type ContentTransport,
  type StoredContent,
} from './content-lifecycle.ts';

interface ToolInput {
  space_name: string;
  tool: string;
}

/** The two content procedures, as a client (`client.content.get.query`) or caller provides them. */
export interface ContentApi {
  get(input: ToolInput): Promise<{ encrypted_data: string; content_metadata: unknown }>;
  save(
    input: ToolInput & { encrypted_data: string; metadata: { version: number } },
  ): Promise<{ content_metadata: unknown }>;
}

/**
 * The tRPC error code of `error` ('CONFLICT', 'NOT_FOUND', …): from a TRPCClientError's
 * `data.code` or a server-side TRPCError's `code`; undefined for anything else.
 */
export function trpcErrorCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const data = (error as { data?: { code?: unknown } }).data;
  if (typeof data?.code === 'string') return data.code;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && /^[A-Z_]+$/.test(code) ? code : undefined;
}

function versionOf(metadata: unknown): number {
  const version = (metadata as { version?: unknown } | null)?.version;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1)
    throw new Error('Content record without a version');
  return version;
}

/**
 * A {@link ContentTransport} for `tool` of `spaceName`: 404 → null (no content yet),
 * 409 → {@link VersionConflictError}; other errors pass through.
 */
export function contentTransport(
  api: ContentApi,
  spaceName: string,
  tool: string,
): ContentTransport {
  const input = { space_name: spaceName, tool };
  return {
    async load(): Promise<StoredContent | null> {
      try {
        const record = await api.get(input);
        return {
          encryptedData: record.encrypted_data,
          version: versionOf(record.content_metadata),
        };
      } catch (error) {
        if (trpcErrorCode(error) === 'NOT_FOUND') return null;
        throw error;
      }
    },
    async save(encryptedData, baseVersion) {
      try {
        const saved = await api.save({
          ...input,
          encrypted_data: encryptedData,
          metadata: { version: baseVersion },
        });
        return versionOf(saved.content_metadata);
      } catch (error) {
        if (trpcErrorCode(error) === 'CONFLICT') throw new VersionConflictError({ cause: error });
        throw error;
      }
    },
  };
}

/** Encrypts and decrypts tool content with `spaceKey` (derived keys cached per salt). */
export function spaceKeyCodec(spaceKey: string): ContentCodec {
  return {
    encrypt: (value) => encryptJson(value, spaceKey),
    decrypt: (envelope) => decryptJson(envelope, spaceKey),
  };
}
