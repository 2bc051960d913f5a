/** Security context (spec §2 Crypto test page): isSecureContext, protocol and origin. */
import { StatusMessage } from '../../components/StatusMessage.tsx';
import { m } from '../../paraglide/messages.js';
import { readSecurityContext, type SecurityContextReport } from './crypto-checks.ts';
import { TestSection } from './TestSection.tsx';
import { useTestRun } from './use-test-run.ts';

export function SecurityContextSection() {
  const [run, start] = useTestRun<SecurityContextReport>();
  return (
    <TestSection
      title={m.crypto_security_title()}
      description={m.crypto_security_description()}
      run={run}
      onRun={() => start(() => Promise.resolve(readSecurityContext()))}
      renderReport={(report) => (
        <>
          <dl className="crypto-facts">
            <dt>{m.crypto_security_secure()}</dt>
            <dd>{report.secure ? m.crypto_yes() : m.crypto_no()}</dd>
            <dt>{m.crypto_security_protocol()}</dt>
            <dd>
              <code>{report.protocol}</code>
            </dd>
            <dt>{m.crypto_security_origin()}</dt>
            <dd>
              <code>{report.origin}</code>
            </dd>
          </dl>
          <StatusMessage kind={report.secure ? 'success' : 'error'}>
            {report.secure ? m.crypto_security_passed() : m.crypto_security_failed()}
          </StatusMessage>
        </>
      )}
    />
  );
}
