/**
 * Child processes of a benchmark (load generators, socket holders, a server whose memory is
 * measured alone) and the one message protocol between them: JSON objects `{type, …}` over the
 * IPC channel of `child_process.fork`; a child that fails sends `{type: 'failed', error}`.
 * Children run under the same TypeScript loader as the parent (tsx: `fork` inherits execArgv).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** A message between parent and child. */
export interface WorkerMessage {
  type: string;
  [key: string]: unknown;
}

/** A running child. */
export interface Worker {
  readonly pid: number | undefined;
  /** Sends `message` to the child. */
  send(message: WorkerMessage): void;
  /**
   * The next message of type `type` (messages of other types are passed to `onMessage` only);
   * rejects when the child reports `failed`, exits or `timeoutMs` passes first.
   */
  next<T extends { type: string }>(type: string, timeoutMs: number): Promise<T>;
  /** `send` then `next(replyType)`. */
  request<T extends { type: string }>(
    message: WorkerMessage,
    replyType: string,
    timeoutMs: number,
  ): Promise<T>;
  /** Ends the child (SIGTERM, SIGKILL after 5 s) and waits for its exit. Idempotent. */
  stop(): Promise<void>;
}

function isMessage(value: unknown): value is WorkerMessage {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { type?: unknown }).type === 'string'
  );
}

/** Where the worker entry files live. */
export function workerFile(name: string): string {
  return fileURLToPath(new URL(`../workers/${name}.ts`, import.meta.url));
}

/**
 * Forks the worker `name` (`src/workers/<name>.ts`). `execArgv` is added to the parent's
 * (e.g. `--expose-gc`); `onMessage` sees every message; the child's stderr is passed through.
 */
export function startWorker(
  name: string,
  options: { execArgv?: string[]; onMessage?: (message: WorkerMessage) => void } = {},
): Worker {
  const child: ChildProcess = fork(workerFile(name), [], {
    execArgv: [...process.execArgv, ...(options.execArgv ?? [])],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    serialization: 'advanced',
  });
  const inbox: WorkerMessage[] = [];
  const waiters = new Set<() => void>();
  let exit: string | null = null;
  const wake = () => {
    for (const waiter of [...waiters]) waiter();
  };
  child.on('message', (message: unknown) => {
    if (!isMessage(message)) return;
    options.onMessage?.(message);
    inbox.push(message);
    wake();
  });
  const exited = new Promise<void>((resolve) => {
    child.once('exit', (code, signal) => {
      exit = `worker ${name} exited (${signal ?? `code ${String(code)}`})`;
      wake();
      resolve();
    });
  });
  child.on('error', (error) => {
    exit = `worker ${name}: ${error.message}`;
    wake();
  });

  const next = <T extends { type: string }>(type: string, timeoutMs: number) =>
    new Promise<T>((resolve, reject) => {
      const check = () => {
        const failed = inbox.findIndex((message) => message.type === 'failed');
        if (failed !== -1) {
          const [message] = inbox.splice(failed, 1);
          finish();
          reject(new Error(`worker ${name}: ${String(message?.error)}`));
          return;
        }
        const index = inbox.findIndex((message) => message.type === type);
        if (index !== -1) {
          const [message] = inbox.splice(index, 1);
          finish();
          resolve(message as unknown as T);
          return;
        }
        if (exit !== null) {
          finish();
          reject(new Error(`${exit} before sending '${type}'`));
        }
      };
      const timer = setTimeout(() => {
        finish();
        reject(
          new Error(`worker ${name} sent no '${type}' within ${Math.round(timeoutMs / 1000)} s`),
        );
      }, timeoutMs);
      const finish = () => {
        clearTimeout(timer);
        waiters.delete(check);
      };
      waiters.add(check);
      check();
    });

  let stopping: Promise<void> | null = null;
  const worker: Worker = {
    pid: child.pid,
    send(message) {
      if (child.connected) child.send(message);
    },
    next,
    request(message, replyType, timeoutMs) {
      worker.send(message);
      return next(replyType, timeoutMs);
    },
    stop() {
      stopping ??= (async () => {
        if (exit === null) {
          child.kill('SIGTERM');
          const killer = setTimeout(() => child.kill('SIGKILL'), 5000);
          await exited;
          clearTimeout(killer);
        }
      })();
      return stopping;
    },
  };
  return worker;
}

/**
 * Child side: answers each request of the parent with `handle`'s reply; a rejection is sent as
 * `{type: 'failed', error}`. The child exits when the parent goes away.
 */
export function serveParent(
  handle: (message: WorkerMessage) => Promise<WorkerMessage | null>,
): void {
  process.on('message', (raw) => {
    const message = raw as WorkerMessage;
    handle(message).then(
      (reply) => {
        if (reply) sendToParent(reply);
      },
      (error: unknown) => {
        sendToParent({
          type: 'failed',
          error: error instanceof Error ? (error.stack ?? error.message) : String(error),
        });
      },
    );
  });
  process.on('disconnect', () => process.exit(0));
}

/** Sends `message` to the parent (no-op without an IPC channel). */
export function sendToParent(message: WorkerMessage): void {
  process.send?.(message);
}
