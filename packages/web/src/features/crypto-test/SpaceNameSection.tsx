/**
 * Space-name test (spec §2 Crypto test page, §5 Space name): live validation while typing and
 * the verifier derived from name and key (spec §9 verification hashes).
 */
import { generateSpaceKey, SPACE_NAME_MAX_CHARS, validateSpaceName } from '@cipherspace/crypto';
import { useId, useState } from 'react';

import { StatusMessage } from '../../components/StatusMessage.tsx';
import { m } from '../../paraglide/messages.js';
import { spaceNameVerifier } from './crypto-checks.ts';
import { TestSection } from './TestSection.tsx';
import { useTestRun } from './use-test-run.ts';

type SpaceNameReport =
  | { outcome: 'derived'; verifier: string }
  | { outcome: 'invalid-name' }
  | { outcome: 'missing-key' };

export function SpaceNameSection() {
  const nameId = useId();
  const hintId = useId();
  const keyId = useId();
  const [name, setName] = useState('');
  const [spaceKey, setSpaceKey] = useState(generateSpaceKey);
  const [run, start] = useTestRun<SpaceNameReport>();
  const nameValid = validateSpaceName(name).valid;

  const derive = async (): Promise<SpaceNameReport> => {
    if (!nameValid) return { outcome: 'invalid-name' };
    const verifier = await spaceNameVerifier(name, spaceKey);
    return verifier === null ? { outcome: 'missing-key' } : { outcome: 'derived', verifier };
  };

  return (
    <TestSection
      title={m.crypto_space_name_title()}
      description={m.crypto_space_name_description()}
      run={run}
      onRun={() => start(derive)}
      renderReport={(report) => {
        switch (report.outcome) {
          case 'derived':
            return (
              <>
                <dl className="crypto-facts">
                  <dt>{m.crypto_space_name_verifier()}</dt>
                  <dd>
                    <code className="crypto-output">{report.verifier}</code>
                  </dd>
                </dl>
                <StatusMessage kind="success">{m.crypto_space_name_passed()}</StatusMessage>
              </>
            );
          case 'invalid-name':
            return <StatusMessage kind="error">{m.crypto_space_name_hint()}</StatusMessage>;
          case 'missing-key':
            return <StatusMessage kind="error">{m.crypto_space_key_required()}</StatusMessage>;
        }
      }}
    >
      <div className="field">
        <label htmlFor={nameId}>{m.crypto_space_name_label()}</label>
        <input
          id={nameId}
          value={name}
          maxLength={SPACE_NAME_MAX_CHARS}
          aria-describedby={hintId}
          aria-invalid={name !== '' && !nameValid}
          onChange={(event) => setName(event.target.value)}
        />
        <p id={hintId} className={nameValid ? 'field-hint crypto-valid' : 'field-hint'}>
          {nameValid ? m.crypto_space_name_valid() : m.crypto_space_name_hint()}
        </p>
      </div>
      <div className="field">
        <label htmlFor={keyId}>{m.crypto_space_key_label()}</label>
        <input
          id={keyId}
          value={spaceKey}
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => setSpaceKey(event.target.value)}
        />
      </div>
    </TestSection>
  );
}
