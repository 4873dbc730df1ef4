import { useIntl } from 'react-intl';
import { SiteConfigGate } from '../shared/site-config.tsx';
import { LegalDocument } from '../shared/LegalDocument.tsx';
import { PrivacyPolicyView } from './PrivacyPolicyView.tsx';

/** /privacypolicy: the title shows at once; the sections wait for the administrators' details. */
export function PrivacyPolicyScreen() {
  const intl = useIntl();
  return (
    <LegalDocument title={intl.formatMessage({ id: 'privacy.title' })}>
      <SiteConfigGate>{(config) => <PrivacyPolicyView config={config} />}</SiteConfigGate>
    </LegalDocument>
  );
}
