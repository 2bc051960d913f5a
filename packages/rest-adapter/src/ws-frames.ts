/**
 * Serialise-once for the raw WebSocket fan-out (spec §3 Real-time messages). Every socket of a
 * space on this instance receives the very same event object from the bus (bus → realtime
 * `onEvent` → ws.ts), so its JSON text frame is encoded once per event, not once per socket:
 * the first socket to send it encodes it, the others reuse the bytes.
 */

const frames = new WeakMap<object, Buffer>();

/**
 * The UTF-8 JSON of `message` (an object), cached for as long as the object lives. Callers
 * must not mutate `message` after the first call (bus events are never mutated). Send it with
 * `socket.send(frame, { binary: false })`: a Buffer is otherwise sent as a binary frame.
 */
export function jsonFrame(message: object): Buffer {
  let frame = frames.get(message);
  if (frame === undefined) {
    frame = Buffer.from(JSON.stringify(message), 'utf8');
    frames.set(message, frame);
  }
  return frame;
}
