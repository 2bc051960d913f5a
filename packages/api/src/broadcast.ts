/**
 * Serialise a live event once per event, not once per subscriber.
 *
 * tRPC's WebSocket adapter runs, for every subscriber of every event, the router's transformer
 * (superjson walks the whole payload) and then `JSON.stringify` of the whole frame. With 1,000
 * sockets in one space that is 1,000 walks of the same payload for one save. Here:
 *
 * - {@link markBroadcast} marks a bus payload as shared and immutable (the realtime router
 *   yields the same payload object to every subscriber, `tracked(event.id, payload)`).
 * - {@link broadcastTransformer} is superjson, except that a tracked envelope `{id, data}`
 *   whose `data` is marked is serialised once: every subscriber gets the same serialised object.
 * - {@link broadcastWsEncoder} (the adapter's `experimental_encoder`) writes such a frame as the
 *   small per-subscriber envelope (request id, tracked id) around the payload's JSON, computed
 *   once. Every other message is `JSON.stringify`, as tRPC's default encoder does.
 *
 * The bytes on the wire are the same JSON as without it (key order aside): clients keep using
 * superjson and notice nothing.
 */
import { jsonEncoder } from '@trpc/server/adapters/ws';
import superjson from 'superjson';

/** Payloads marked shared: never mutated once marked. */
const shared = new WeakSet<object>();

/** A marked payload's serialised tracked envelope, and its JSON (made on first use). */
interface Serialised {
  trackedId: string;
  value: { json: unknown; meta?: unknown };
  json?: string;
}

/** Per marked payload: its serialised envelope (one tracked id per event). */
const serialisedByPayload = new WeakMap<object, Serialised>();
/** Per serialised envelope handed to tRPC: the entry that knows its JSON. */
const entryBySerialised = new WeakMap<object, Serialised>();

/**
 * Marks `payload` (a bus event's JSON-safe message object) as delivered unchanged to many
 * subscribers, so it is serialised once. The caller must not mutate it afterwards. Returns it.
 */
export function markBroadcast<T extends object>(payload: T): T {
  shared.add(payload);
  return payload;
}

/**
 * Whether `value` is tRPC's `{id, data}` envelope of a tracked event around a marked payload.
 * Runs for every value tRPC serialises, answers included: the cheap checks come first.
 */
function isSharedTrackedEnvelope(value: unknown): value is { id: string; data: object } {
  if (typeof value !== 'object' || value === null) return false;
  const envelope = value as { id?: unknown; data?: unknown };
  return (
    typeof envelope.id === 'string' &&
    typeof envelope.data === 'object' &&
    envelope.data !== null &&
    shared.has(envelope.data) &&
    Object.keys(value).length === 2
  );
}

/**
 * The router's data transformer: superjson for input and output, with the output of a tracked
 * envelope around a {@link markBroadcast} payload serialised once per (payload, tracked id).
 */
export const broadcastTransformer = {
  input: superjson,
  output: {
    serialize: (value: unknown): unknown => {
      if (!isSharedTrackedEnvelope(value)) return superjson.serialize(value);
      let entry = serialisedByPayload.get(value.data);
      if (entry?.trackedId !== value.id) {
        entry = { trackedId: value.id, value: superjson.serialize(value) };
        serialisedByPayload.set(value.data, entry);
        entryBySerialised.set(entry.value, entry);
      }
      return entry.value;
    },
    deserialize: (value: unknown): unknown => superjson.deserialize(value as never),
  },
};

/** A string that JSON never produces from our messages, replaced by the cached payload JSON. */
const PLACEHOLDER = '\u0000cipherspace-broadcast\u0000';
const PLACEHOLDER_JSON = JSON.stringify(PLACEHOLDER);

/**
 * tRPC's WebSocket message encoder (`experimental_encoder` of `getWSConnectionHandler`): the
 * frame of a data message whose `result.data` came from {@link broadcastTransformer}'s cache is
 * the per-subscriber envelope stringified with the cached payload JSON spliced in; every other
 * message, and `decode`, are tRPC's default JSON encoder's (`decode` throws on binary data).
 */
export const broadcastWsEncoder = {
  encode: (message: unknown): string | Uint8Array<ArrayBuffer> => {
    const result = (message as { result?: { data?: unknown } } | null)?.result;
    const data = result?.data;
    const entry =
      typeof data === 'object' && data !== null ? entryBySerialised.get(data) : undefined;
    if (entry === undefined) return jsonEncoder.encode(message);
    entry.json ??= JSON.stringify(entry.value);
    const json = entry.json;
    const frame = JSON.stringify({
      ...(message as object),
      result: { ...result, data: PLACEHOLDER },
    });
    return frame.replace(PLACEHOLDER_JSON, () => json);
  },
  decode: (data: string | ArrayBuffer | Uint8Array): unknown => jsonEncoder.decode(data),
};
