/** The run state of one crypto-page section: idle, running, done with a report, or failed. */
import { useCallback, useRef, useState } from 'react';

export type TestRun<T> =
  | { status: 'idle' }
  | { status: 'running' }
  | { status: 'done'; report: T }
  | { status: 'failed'; error: string };

/**
 * `[run, start]`: `start(test)` runs `test` unless one is already running, and records its
 * report or the message of the error it threw.
 */
export function useTestRun<T>(): [TestRun<T>, (test: () => Promise<T>) => void] {
  const [run, setRun] = useState<TestRun<T>>({ status: 'idle' });
  const running = useRef(false);
  const start = useCallback((test: () => Promise<T>) => {
    if (running.current) return;
    running.current = true;
    setRun({ status: 'running' });
    test()
      .then(
        (report) => setRun({ status: 'done', report }),
        (error: unknown) =>
          setRun({
            status: 'failed',
            error: error instanceof Error ? error.message : String(error),
          }),
      )
      .finally(() => {
        running.current = false;
      });
  }, []);
  return [run, start];
}
