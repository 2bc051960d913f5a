/** Crypto test: the hexadecimal key strength check (spec §5 Key strength check, ≥ 32 hex). */
import { useId, useState } from 'react';

import { StatusMessage } from '../../components/StatusMessage.tsx';
import { m } from '../../paraglide/messages.js';
import { keyStrengthOutcome, randomHexKey, type KeyStrengthOutcome } from './crypto-checks.ts';
import { TestSection } from './TestSection.tsx';
import { useTestRun } from './use-test-run.ts';

const OUTCOME_TEXT: Record<KeyStrengthOutcome, () => string> = {
  strong: m.crypto_key_strong,
  too_short: m.crypto_key_too_short,
  not_hex: m.crypto_key_not_hex,
};

export function KeyStrengthSection() {
  const keyId = useId();
  const [hexKey, setHexKey] = useState(() => randomHexKey());
  const [run, start] = useTestRun<KeyStrengthOutcome>();
  return (
    <TestSection
      title={m.crypto_key_title()}
      description={m.crypto_key_description()}
      run={run}
      onRun={() => start(() => Promise.resolve(keyStrengthOutcome(hexKey.trim())))}
      renderReport={(outcome) => (
        <StatusMessage kind={outcome === 'strong' ? 'success' : 'error'}>
          {OUTCOME_TEXT[outcome]()}
        </StatusMessage>
      )}
    >
      <div className="field">
        <label htmlFor={keyId}>{m.crypto_key_label()}</label>
        <input
          id={keyId}
          value={hexKey}
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => setHexKey(event.target.value)}
        />
      </div>
      <div className="row">
        <button type="button" className="button" onClick={() => setHexKey(randomHexKey())}>
          {m.crypto_key_generate()}
        </button>
      </div>
    </TestSection>
  );
}
