/**
 * One story about the raw WebSocket's close codes: the codes the server closes with (WS_CLOSE,
 * the refusals of `refusal=close`, and 1009 from `ws` for a message over the limit) are exactly
 * those the OpenAPI description of `/api/ws/{spaceName}` names and those docs/websocket.md lists,
 * in its Closing table and in its table of refusals.
 */
import { readFileSync } from 'node:fs';

import { describe, expect, it } from 'vitest';

import { openApiDocument } from './index.ts';
import { WS_CLOSE, WS_REFUSAL_CLOSE_BASE, WS_REFUSAL_STATUSES } from './ws.ts';

const DOC = readFileSync(new URL('../../../docs/websocket.md', import.meta.url), 'utf8');

/** `ws` closes a socket whose message is larger than its maxPayload with 1009. */
const MESSAGE_TOO_BIG = 1009;

const refusals = WS_REFUSAL_STATUSES.map((status) => WS_REFUSAL_CLOSE_BASE + status);
const serverCodes = new Set([...Object.values(WS_CLOSE), MESSAGE_TOO_BIG, ...refusals]);

/** The close codes in the first column of the Markdown table under `heading`. */
function tableCodes(heading: string): Set<number> {
  const start = DOC.indexOf(`\n${heading}\n`);
  if (start < 0) throw new Error(`docs/websocket.md has no heading ${heading}`);
  const rest = DOC.slice(start + heading.length + 2);
  const end = rest.search(/\n#{2,3} /);
  const rows = (end < 0 ? rest : rest.slice(0, end))
    .split('\n')
    .filter((line) => /^\| *\d{4}/.test(line));
  return new Set(
    rows.flatMap((row) => (row.split('|')[1] ?? '').split(',').map((code) => Number(code.trim()))),
  );
}

const sorted = (codes: Iterable<number>) => [...codes].sort((a, b) => a - b);

describe('WebSocket close codes', () => {
  it('docs/websocket.md "Closing" lists exactly the codes the server closes with', () => {
    expect(sorted(tableCodes('## Closing'))).toEqual(sorted(serverCodes));
  });

  it('docs/websocket.md lists exactly the refusal codes of refusal=close', () => {
    expect(sorted(tableCodes('### Refused on an open socket (`refusal=close`)'))).toEqual(
      sorted(refusals),
    );
  });

  it('the OpenAPI description of /api/ws/{spaceName} names exactly those codes', () => {
    const operation = openApiDocument().paths['/api/ws/{spaceName}']?.get;
    const named = [...(operation?.description ?? '').matchAll(/\b(1\d{3}|4\d{3})\b/g)].map(
      (match) => Number(match[1]),
    );
    // 4000 is named as the base of the refusal codes ("4000 + the status"), not as a code.
    const codes = new Set(named.filter((code) => code !== WS_REFUSAL_CLOSE_BASE));
    expect(sorted(codes)).toEqual(sorted(serverCodes));
    const parameters = (operation?.parameters ?? []) as { name: string; in: string }[];
    expect(parameters).toContainEqual(expect.objectContaining({ name: 'token', in: 'query' }));
  });
});
