/**
 * Encryption test (spec §2 Crypto test page, §9 Encryption): round trip with a generated key and
 * tamper detection with the §8 decrypt message.
 */
import { StatusMessage } from '../../components/StatusMessage.tsx';
import { m } from '../../paraglide/messages.js';
import { runEncryptionTest, type EncryptionReport } from './crypto-checks.ts';
import { CheckLine, TestSection } from './TestSection.tsx';
import { useTestRun } from './use-test-run.ts';

export function EncryptionSection() {
  const [run, start] = useTestRun<EncryptionReport>();
  return (
    <TestSection
      title={m.crypto_encryption_title()}
      description={m.crypto_encryption_description()}
      run={run}
      onRun={() => start(() => runEncryptionTest())}
      renderReport={(report) => (
        <>
          <ul className="checklist">
            <CheckLine label={m.crypto_encryption_round_trip()} passed={report.roundTrip} />
            <CheckLine label={m.crypto_encryption_tamper()} passed={report.tamperRejected} />
          </ul>
          <p>{m.crypto_encryption_envelope({ chars: String(report.envelopeChars) })}</p>
          {report.tamperRejected ? (
            <p>{m.crypto_encryption_tamper_message({ message: m.crypto_decrypt_failed() })}</p>
          ) : null}
          <StatusMessage kind={report.passed ? 'success' : 'error'}>
            {report.passed ? m.crypto_encryption_passed() : m.crypto_encryption_failed()}
          </StatusMessage>
        </>
      )}
    />
  );
}
