import { PassThrough } from 'node:stream';

import { describe, expect, it } from 'vitest';

import { CliError, EXIT } from './errors.ts';
import type { TerminalInput } from './io.ts';
import { canPrompt, promptHidden } from './prompt.ts';

/** A stand-in for a terminal's stdin: a real stream that records raw-mode switches. */
function terminal(): { input: TerminalInput & PassThrough; rawModes: boolean[] } {
  const rawModes: boolean[] = [];
  const input = Object.assign(new PassThrough(), {
    isTTY: true,
    setRawMode(mode: boolean) {
      rawModes.push(mode);
    },
  });
  return { input, rawModes };
}

function sink() {
  const sink = { text: '', write: (chunk: string) => (sink.text += chunk) };
  return sink;
}

describe('promptHidden', () => {
  it('reads a line in raw mode without echoing it; Backspace deletes, escape sequences are ignored', async () => {
    const { input, rawModes } = terminal();
    const stderr = sink();
    const answer = promptHidden({ stdin: input, stderr }, 'Space key: ');
    input.write('Secr3t!x');
    input.write('\u007f\u001b[A\u001bOP');
    input.write('👍🏽\u007f-Key\rignored');
    await expect(answer).resolves.toBe('Secr3t!-Key');
    expect(stderr.text).toBe('Space key: \n');
    expect(rawModes).toEqual([true, false]);
  });

  it('Ctrl-C cancels with exit code 130', async () => {
    const { input, rawModes } = terminal();
    const answer = promptHidden({ stdin: input, stderr: sink() }, '? ');
    input.write('abc\u0003');
    const error = await answer.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CliError);
    expect(error).toMatchObject({ message: 'Cancelled.', exitCode: EXIT.cancelled });
    expect(rawModes).toEqual([true, false]);
  });

  it('prompts only on a terminal', () => {
    expect(canPrompt({ stdin: terminal().input })).toBe(true);
    expect(canPrompt({ stdin: new PassThrough() })).toBe(false);
  });
});
