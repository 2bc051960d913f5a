/**
 * Test support for the CLI: the real program run in-process with its own environment and
 * captured streams, and a recording HTTP proxy between the CLI and a real server, so tests can
 * show what the server received byte for byte.
 */
import { request as httpRequest, createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';

import type { CliEnvironment } from './config.ts';
import { run } from './program.ts';

/** One request as the server received it through the proxy. */
export interface RecordedRequest {
  method: string;
  /** Path and query. */
  url: string;
  headers: IncomingHttpHeaders;
  /** The raw body as UTF-8 text ('' when none). */
  body: string;
}

export interface RecordingProxy {
  /** http://127.0.0.1:PORT — give this to the CLI as its server. */
  url: string;
  /** Every request forwarded so far, in arrival order. */
  requests: RecordedRequest[];
  close(): Promise<void>;
}

/**
 * Starts a proxy on 127.0.0.1 that records every request and forwards it to `target`.
 * `beforeForward`, when given, runs after a request is recorded and before it is forwarded — to
 * make something happen on the server in between (e.g. another member's save).
 */
export async function startRecordingProxy(
  target: string,
  options: { beforeForward?: (request: RecordedRequest) => Promise<void> } = {},
): Promise<RecordingProxy> {
  const upstream = new URL(target);
  const requests: RecordedRequest[] = [];
  const server = createServer((req, res) => {
    const fail = (error: Error) => {
      res.writeHead(502, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ detail: `proxy: ${error.message}` }));
    };
    const forward = (url: string, body: Buffer) => {
      const upstreamRequest = httpRequest(
        new URL(url, upstream),
        { method: req.method, headers: { ...req.headers, host: upstream.host } },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      upstreamRequest.on('error', fail);
      upstreamRequest.end(body);
    };
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const recorded: RecordedRequest = {
        method: req.method ?? 'GET',
        url: req.url ?? '/',
        headers: req.headers,
        body: body.toString('utf8'),
      };
      requests.push(recorded);
      (options.beforeForward?.(recorded) ?? Promise.resolve()).then(
        () => forward(recorded.url, body),
        fail,
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** What a CLI run printed and how it ended. */
export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs `cipherspace <argv>` in this process with `env` (no CIPHERSPACE_* variable unless
 * given), a non-terminal stdin (so nothing is ever prompted), `cwd` and the real clock.
 */
export async function runCli(
  argv: readonly string[],
  options: { env: Partial<CliEnvironment> & { configHome: string }; cwd: string },
): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const env: CliEnvironment = {
    server: undefined,
    spaceKey: undefined,
    sourceSpaceKey: undefined,
    password: undefined,
    ...options.env,
  };
  const code = await run(argv, {
    env,
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    stdin: new PassThrough(),
    cwd: options.cwd,
    now: () => new Date(),
  });
  return { code, stdout, stderr };
}

/** A closed TCP port on 127.0.0.1 (listened on once, then released): connecting is refused. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
