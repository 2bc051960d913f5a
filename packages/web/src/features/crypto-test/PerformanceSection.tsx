/**
 * Performance test (spec §2 Crypto test page, §9): encrypt/decrypt of 10 KB and 100 KB and the
 * 1000-round SHA-256 key derivation; keeps the last 100 measurements and shows min/avg/max.
 */
import { useState } from 'react';

import { StatusMessage } from '../../components/StatusMessage.tsx';
import { useLanguage } from '../../lib/i18n.ts';
import { m } from '../../paraglide/messages.js';
import { runPerformanceTest } from './crypto-checks.ts';
import {
  formatDurationMs,
  recordMeasurements,
  summarizeMeasurements,
  type Measurement,
  type PerformanceOperation,
} from './performance-metrics.ts';
import { TestSection } from './TestSection.tsx';
import { useTestRun } from './use-test-run.ts';

const OPERATION_LABEL: Record<PerformanceOperation, () => string> = {
  'encrypt-10kb': m.crypto_performance_op_encrypt_10kb,
  'decrypt-10kb': m.crypto_performance_op_decrypt_10kb,
  'encrypt-100kb': m.crypto_performance_op_encrypt_100kb,
  'decrypt-100kb': m.crypto_performance_op_decrypt_100kb,
  'key-derivation': m.crypto_performance_op_key_derivation,
};

export function PerformanceSection() {
  const language = useLanguage();
  const [history, setHistory] = useState<Measurement[]>([]);
  const [run, start] = useTestRun<number>();
  const format = (ms: number) => formatDurationMs(ms, language);

  const measure = async () => {
    const measurements = await runPerformanceTest();
    const next = recordMeasurements(history, measurements);
    setHistory(next);
    return next.length;
  };

  return (
    <TestSection
      title={m.crypto_performance_title()}
      description={m.crypto_performance_description()}
      run={run}
      onRun={() => start(measure)}
      renderReport={(kept) => (
        <>
          <table className="crypto-table">
            <caption>{m.crypto_performance_caption()}</caption>
            <thead>
              <tr>
                <th scope="col">{m.crypto_performance_operation()}</th>
                <th scope="col">{m.crypto_performance_last()}</th>
                <th scope="col">{m.crypto_performance_min()}</th>
                <th scope="col">{m.crypto_performance_avg()}</th>
                <th scope="col">{m.crypto_performance_max()}</th>
                <th scope="col">{m.crypto_performance_count()}</th>
              </tr>
            </thead>
            <tbody>
              {summarizeMeasurements(history).map((stats) => (
                <tr key={stats.operation}>
                  <th scope="row">{OPERATION_LABEL[stats.operation]()}</th>
                  <td>{format(stats.lastMs)}</td>
                  <td>{format(stats.minMs)}</td>
                  <td>{format(stats.avgMs)}</td>
                  <td>{format(stats.maxMs)}</td>
                  <td>{stats.count}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <StatusMessage kind="success">
            {m.crypto_performance_passed({ count: String(kept) })}
          </StatusMessage>
        </>
      )}
    />
  );
}
