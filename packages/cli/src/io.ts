/**
 * What the program needs from its surroundings, injected so that tests run the real program
 * in-process with their own environment, streams, working folder and clock.
 */
import type { CliEnvironment } from './config.ts';

/** A stream the program writes text to (process.stdout / process.stderr, or a test buffer). */
export interface TextSink {
  write(text: string): unknown;
}

/** The terminal input: prompts are possible only when it is a TTY that can switch to raw mode. */
export interface TerminalInput extends NodeJS.EventEmitter {
  isTTY?: boolean;
  setRawMode?(mode: boolean): unknown;
  setEncoding(encoding: BufferEncoding): unknown;
  resume(): unknown;
  pause(): unknown;
}

export interface CliIo {
  env: CliEnvironment;
  stdout: TextSink;
  /** Progress lines, warnings and errors. */
  stderr: TextSink;
  stdin: TerminalInput;
  /** Relative paths in options are resolved against this folder. */
  cwd: string;
  now(): Date;
}
