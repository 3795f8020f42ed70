import { useTranslation } from 'react-i18next';
import { useConfig } from '@/shared/config/ConfigContext';
import { PageTitle } from '@/shared/page/PageTitle';
import { LegalSections, Updated } from './LegalSections';
import styles from './Legal.module.css';

/** Terms and conditions (route /terms-and-conditions): every fact of spec section 2. */
export function TermsPage() {
  const { brand, supportEmail, supportPhone } = useConfig();
  const { t } = useTranslation('legal');
  return (
    <article className={`page ${styles.legal}`}>
      <PageTitle name={t('termsTitle')} />
      <h1>{t('termsTitle')}</h1>
      <Updated />
      {/* Paragraphs per section 1 to 8. */}
      <LegalSections doc="terms" paragraphs={[1, 2, 1, 1, 2, 1, 1, 1]} brand={brand} email={supportEmail} phone={supportPhone} />
    </article>
  );
}

export default TermsPage;
