/**
 * The frame of one crypto-page section: a labelled region with title, description, the
 * section's fields, a Run button (Enter in a field runs it too) and the result.
 */
import { useId, type ReactNode, type SyntheticEvent } from 'react';

import { StatusMessage } from '../../components/StatusMessage.tsx';
import { m } from '../../paraglide/messages.js';
import type { TestRun } from './use-test-run.ts';

export function TestSection<T>(props: {
  title: string;
  description: string;
  run: TestRun<T>;
  onRun: () => void;
  /** Fields and buttons shown above Run. */
  children?: ReactNode;
  /** Renders a finished report. */
  renderReport: (report: T) => ReactNode;
}) {
  const headingId = useId();
  const running = props.run.status === 'running';
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    props.onRun();
  };
  return (
    <section className="card stack crypto-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{props.title}</h2>
      <p>{props.description}</p>
      <form className="stack" onSubmit={submit} noValidate>
        {props.children}
        <div className="row">
          <button type="submit" className="button button-primary" disabled={running}>
            {running ? m.crypto_running() : m.crypto_run()}
          </button>
        </div>
      </form>
      {props.run.status === 'done' ? props.renderReport(props.run.report) : null}
      {props.run.status === 'failed' ? (
        <StatusMessage kind="error">
          {m.crypto_unexpected_error({ error: props.run.error })}
        </StatusMessage>
      ) : null}
    </section>
  );
}

/** One check as a checklist line: its label and Yes/No. */
export function CheckLine({ label, passed }: { label: string; passed: boolean }) {
  return (
    <li className={passed ? 'met' : undefined}>
      {m.crypto_check_result({ check: label, result: passed ? m.crypto_yes() : m.crypto_no() })}
    </li>
  );
}
