/**
 * /crypto-test (spec §2 Crypto test page): six sections, each run in this browser with its own
 * Run button — browser capability, security context, encryption test, space-name test,
 * performance test and crypto test (key strength). Nothing here talks to the server.
 */
import { BrowserCapabilitySection } from './BrowserCapabilitySection.tsx';
import { EncryptionSection } from './EncryptionSection.tsx';
import { KeyStrengthSection } from './KeyStrengthSection.tsx';
import { PerformanceSection } from './PerformanceSection.tsx';
import { SecurityContextSection } from './SecurityContextSection.tsx';
import { SpaceNameSection } from './SpaceNameSection.tsx';
import { m } from '../../paraglide/messages.js';

export default function CryptoTestPage() {
  return (
    <div className="page stack crypto-test">
      <h1>{m.crypto_page_title()}</h1>
      <p>{m.crypto_page_intro()}</p>
      <BrowserCapabilitySection />
      <SecurityContextSection />
      <EncryptionSection />
      <SpaceNameSection />
      <PerformanceSection />
      <KeyStrengthSection />
    </div>
  );
}
