import { useIntl } from 'react-intl';
import { SiteConfigGate } from '../shared/site-config.tsx';
import { LegalDocument } from '../shared/LegalDocument.tsx';
import { TermsOfServiceView } from './TermsOfServiceView.tsx';

/** /terms-of-service: the title shows at once; the sections wait for the provider's details. */
export function TermsOfServiceScreen() {
  const intl = useIntl();
  return (
    <LegalDocument title={intl.formatMessage({ id: 'terms.title' })}>
      <SiteConfigGate>{(config) => <TermsOfServiceView config={config} />}</SiteConfigGate>
    </LegalDocument>
  );
}
