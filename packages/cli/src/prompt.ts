/**
 * A hidden terminal prompt for the space key and the password: nothing typed is echoed, the
 * question goes to stderr (stdout stays clean for scripts), Ctrl-C cancels.
 */
import { CliError, EXIT } from './errors.ts';
import type { CliIo } from './io.ts';

/** true when the program runs in a terminal that can read a hidden answer. */
export function canPrompt(io: Pick<CliIo, 'stdin'>): boolean {
  return io.stdin.isTTY === true && typeof io.stdin.setRawMode === 'function';
}

/**
 * Asks `question` on stderr and reads one line from the terminal without echoing it.
 * Enter or Ctrl-D ends the answer, Backspace deletes, arrow keys and other escape sequences are
 * ignored. Rejects with CliError 'Cancelled.' (exit 130) on Ctrl-C.
 */
export function promptHidden(
  io: Pick<CliIo, 'stdin' | 'stderr'>,
  question: string,
): Promise<string> {
  const input = io.stdin;
  return new Promise((resolve, reject) => {
    let answer = '';
    const finish = (error?: CliError) => {
      input.off('data', onData);
      input.setRawMode?.(false);
      input.pause();
      io.stderr.write('\n');
      if (error) reject(error);
      else resolve(answer);
    };
    const onData = (chunk: string | Buffer) => {
      const chars = Array.from(typeof chunk === 'string' ? chunk : chunk.toString('utf8'));
      for (let i = 0; i < chars.length; i++) {
        const char = chars[i] ?? '';
        if (char === '\r' || char === '\n' || char === '\u0004') {
          finish();
          return;
        }
        if (char === '\u0003') {
          finish(new CliError('Cancelled.', EXIT.cancelled));
          return;
        }
        if (char === '\u001b') i = endOfEscapeSequence(chars, i);
        else if (char === '\u007f' || char === '\b') answer = withoutLastCharacter(answer);
        else if (char >= ' ') answer += char;
      }
    };
    io.stderr.write(question);
    input.setRawMode?.(true);
    input.setEncoding('utf8');
    input.on('data', onData);
    input.resume();
  });
}

/** `text` without its last user-perceived character (an emoji or a letter with its accents). */
function withoutLastCharacter(text: string): string {
  const segments = Array.from(new Intl.Segmenter().segment(text));
  const last = segments.at(-1);
  return last ? text.slice(0, last.index) : text;
}

/**
 * The index of the last character of the escape sequence starting at `start` (an arrow key is
 * ESC [ A, a function key ESC O P): CSI and SS3 sequences end with a character from @ to ~.
 */
function endOfEscapeSequence(chars: readonly string[], start: number): number {
  const kind = chars[start + 1];
  if (kind !== '[' && kind !== 'O') return start;
  for (let i = start + 2; i < chars.length; i++) {
    const char = chars[i] ?? '';
    if (char >= '@' && char <= '~') return i;
  }
  return chars.length - 1;
}
