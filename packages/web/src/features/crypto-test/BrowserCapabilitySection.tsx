/** Browser capability (spec §2 Crypto test page): Web Crypto, its methods, getRandomValues. */
import { StatusMessage } from '../../components/StatusMessage.tsx';
import { m } from '../../paraglide/messages.js';
import { checkBrowserCapability, type CapabilityReport } from './crypto-checks.ts';
import { CheckLine, TestSection } from './TestSection.tsx';
import { useTestRun } from './use-test-run.ts';

export function BrowserCapabilitySection() {
  const [run, start] = useTestRun<CapabilityReport>();
  return (
    <TestSection
      title={m.crypto_capability_title()}
      description={m.crypto_capability_description()}
      run={run}
      onRun={() => start(() => Promise.resolve(checkBrowserCapability()))}
      renderReport={(report) => (
        <>
          <ul className="checklist">
            <CheckLine label={m.crypto_capability_web_crypto()} passed={report.webCrypto} />
            {report.subtleMethods.map(({ method, present }) => (
              <CheckLine
                key={method}
                label={m.crypto_capability_subtle_method({ method })}
                passed={present}
              />
            ))}
            <CheckLine label={m.crypto_capability_random()} passed={report.randomValues} />
          </ul>
          <StatusMessage kind={report.passed ? 'success' : 'error'}>
            {report.passed ? m.crypto_capability_passed() : m.crypto_capability_failed()}
          </StatusMessage>
        </>
      )}
    />
  );
}
