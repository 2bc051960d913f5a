import { describe, expect, it } from 'vitest';

import { jsonFrame } from './ws-frames.ts';

describe('jsonFrame', () => {
  it('is the UTF-8 JSON of the message, including non-ASCII text', () => {
    const message = { type: 'user_joined', data: { username: 'Jürgen 🚀' } };
    expect(JSON.parse(jsonFrame(message).toString('utf8'))).toEqual(message);
  });

  it('encodes one event object once, however many sockets send it', () => {
    const event = { type: 'content_update', data: { tool: 'kanban', version: 2 } };
    const first = jsonFrame(event);
    expect(jsonFrame(event)).toBe(first);
    // An equal but distinct object (another event) gets its own frame.
    expect(jsonFrame({ ...event })).not.toBe(first);
    expect(jsonFrame({ ...event })).toEqual(first);
  });
});
